import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Evidence } from "@/lib/domain/evidence";
import { createCtgovSource } from "@/lib/sources/ctgov";
import { createPubmedSource } from "@/lib/sources/pubmed";
import { parsePubmedXml } from "@/lib/sources/parse/pubmed-xml";
import { identifierQuery, replayingSources, restrictedSources, searchForChanges } from "@/lib/watches/probe";
import { startFixtureServer, type FixtureServer } from "@/tests/support/fixture-server";
import { readFixture } from "@/tests/support/fixtures";
import { newTrialArticle, NEW_TRIAL, retractedTrialArticle, WATCH_QUESTION } from "@/tests/support/watch-scenario";

// A check's searches with the real PubMed and ClinicalTrials.gov clients against the loopback fixture server.
let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(() => server.close());

const recorded = parsePubmedXml(readFixture("pubmed/efetch_pharmacology_25records_ASSEMBLED.xml"), "pubmed");
const trial = parsePubmedXml(
  `<?xml version="1.0"?><PubmedArticleSet>${newTrialArticle()}</PubmedArticleSet>`,
  "pubmed",
)[0];
const since = new Map([
  ["pubmed", new Date("2026-11-25T00:00:00Z")],
  ["ctgov", new Date("2026-11-25T00:00:00Z")],
] as const);

describe("a check's searches", () => {
  it(
    "asks each restricted source the question and the cited records by identifier, and finds a retraction of a " +
      "cited record",
    async () => {
      server.change({ op: "add-pubmed", xml: retractedTrialArticle(), modified: "2026-11-30" });
      const sources = restrictedSources(
        [
          createPubmedSource({ baseUrl: server.urls.pubmed, retries: 0 }),
          createCtgovSource({ baseUrl: server.urls.ctgov, retries: 0 }),
        ],
        since,
      );
      const found = await searchForChanges({
        queries: [WATCH_QUESTION],
        sources,
        evidence: [...recorded, trial],
        cited: [recorded[0], trial],
        limit: 40,
        timeoutMs: 10_000,
      });
      expect(found.answers.map((a) => [a.source, a.query, a.records.map((e) => e.id)])).toEqual([
        ["pubmed", WATCH_QUESTION, [`pmid:${NEW_TRIAL.pmid}`]],
        ["pubmed", `${recorded[0].citation.pmid}[pmid] OR ${NEW_TRIAL.pmid}[pmid]`, [`pmid:${NEW_TRIAL.pmid}`]],
        ["ctgov", WATCH_QUESTION, []],
      ]);
      expect(found.sources).toEqual([
        { source: "pubmed", ok: true, error: null, hits: 2 },
        { source: "ctgov", ok: true, error: null, hits: 0 },
      ]);
      expect(found.newRecords).toEqual([]);
      expect(
        found.updated.map((u) => [u.before.provenance?.retracted ?? false, u.after.provenance?.retracted]),
      ).toEqual([[false, true]]);
    },
  );

  it("marks a failing source failed and keeps no answer of it", async () => {
    server.inject("ctgov", { kind: "status", status: 503, times: 10 });
    const sources = restrictedSources([createCtgovSource({ baseUrl: server.urls.ctgov, retries: 0 })], since);
    const found = await searchForChanges({
      queries: [WATCH_QUESTION],
      sources,
      evidence: [],
      cited: [],
      limit: 40,
      timeoutMs: 10_000,
    });
    expect(found.sources).toEqual([
      { source: "ctgov", ok: false, error: "ClinicalTrials.gov: HTTP 503 after 0 retries, 0 records", hits: 0 },
    ]);
    expect(found.answers).toEqual([]);
    server.reset();
  });

  it("replays a saved answer to the re-run's search and asks the source for any other query", async () => {
    const calls: string[] = [];
    const live = { id: "pubmed" as const, search: async (q: string) => (calls.push(q), [] as Evidence[]) };
    const [replaying] = replayingSources([live], {
      answers: [{ source: "pubmed", query: WATCH_QUESTION, records: [trial, recorded[0]] }],
    });
    expect((await replaying.search(`  ${WATCH_QUESTION.toUpperCase()} `, { limit: 1 })).map((e) => e.id)).toEqual([
      trial.id,
    ]);
    expect(await replaying.search("ketamine NMDA receptor", { limit: 12 })).toEqual([]);
    expect(calls).toEqual(["ketamine NMDA receptor"]);
  });

  it("builds each source's identifier query; the library has none", () => {
    const nct = { ...trial, id: "nct:NCT03418623", citation: { ...trial.citation, pmid: null, nctId: "NCT03418623" } };
    expect(identifierQuery("pubmed", [trial, nct])).toBe(`${NEW_TRIAL.pmid}[pmid]`);
    expect(identifierQuery("europepmc", [trial])).toBe(`EXT_ID:${NEW_TRIAL.pmid}`);
    expect(identifierQuery("ctgov", [trial, nct])).toBe("NCT03418623");
    expect([identifierQuery("local", [trial]), identifierQuery("ctgov", [trial])]).toEqual([null, null]);
  });
});
