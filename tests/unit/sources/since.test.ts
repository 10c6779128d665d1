import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { withSourceCache } from "@/lib/sources/cache";
import { createCtgovSource } from "@/lib/sources/ctgov";
import { createEuropePmcSource } from "@/lib/sources/europepmc";
import { createLocalLibrarySource } from "@/lib/sources/local";
import { createPubmedSource } from "@/lib/sources/pubmed";
import { RECORDED_MODIFIED, startFixtureServer, type FixtureServer } from "@/tests/support/fixture-server";
import { importCorpus, useTempDatabase } from "@/tests/support/temp-database";
import { newTrialArticle, NEW_TRIAL } from "@/tests/support/watch-scenario";

// A watch's re-check asks each source only for records added or updated since its last check (SearchOptions.since):
// the real clients against the loopback fixture server, whose records carry modification days, and the local
// library in a temp database.
let server: FixtureServer;
let cleanup: () => void;
const since = new Date("2026-11-25T15:30:00Z");

beforeAll(async () => {
  ({ cleanup } = await useTempDatabase("since"));
  server = await startFixtureServer();
});
afterAll(async () => {
  await server.close();
  cleanup();
});
beforeEach(() => server.reset());

describe("date-restricted searches (a watch's re-check)", () => {
  it("PubMed asks esearch for records modified since the day (datetype=mdat) and gets only those", async () => {
    const pubmed = createPubmedSource({ baseUrl: server.urls.pubmed, retries: 0 });
    expect(await pubmed.search("ketamine pain", { limit: 40, since })).toEqual([]);
    server.change({ op: "add-pubmed", xml: newTrialArticle(), modified: "2026-11-26" });
    expect((await pubmed.search("ketamine pain", { limit: 40, since })).map((e) => e.id)).toEqual([
      `pmid:${NEW_TRIAL.pmid}`,
    ]);
    const esearch = server.requests
      .filter((r) => r.route === "esearch")
      .map((r) => [r.params.datetype, r.params.mindate, r.params.maxdate]);
    expect(esearch).toEqual([
      ["mdat", "2026/11/25", "3000"],
      ["mdat", "2026/11/25", "3000"],
    ]);
    // Without `since`, every record (the recorded 25 and the new one).
    expect(await pubmed.search("ketamine pain", { limit: 40 })).toHaveLength(26);
    expect(server.requests.at(-2)?.params.datetype).toBeUndefined();
    // Restored, the fixture answers as recorded again (browser specs that follow a watch spec see no added trial).
    server.change({ op: "restore" });
    expect(await pubmed.search("ketamine pain", { limit: 40 })).toHaveLength(25);
    expect(await pubmed.search("ketamine pain", { limit: 40, since })).toEqual([]);
  });

  it("Europe PMC adds UPDATE_DATE to the query; ClinicalTrials.gov filters on LastUpdatePostDate", async () => {
    expect(
      await createEuropePmcSource({ baseUrl: server.urls.europepmc, retries: 0 }).search("ketamine", {
        limit: 25,
        since,
      }),
    ).toEqual([]);
    expect(server.requests.find((r) => r.route === "europepmc")?.params.query).toBe(
      "(ketamine) AND UPDATE_DATE:[2026-11-25 TO *]",
    );
    const ctgov = createCtgovSource({ baseUrl: server.urls.ctgov, interventionalOnly: true, retries: 0 });
    server.change({ op: "ctgov-study", nctId: "NCT03418623", overallStatus: "TERMINATED", modified: "2026-11-25" });
    const found = await ctgov.search("GET73", { limit: 10, since });
    expect(found.map((e) => [e.id, e.trial?.overallStatus, e.provenance?.registry?.lastUpdatePosted])).toEqual([
      ["nct:NCT03418623", "TERMINATED", "2026-11-25"],
    ]);
    expect(server.requests.find((r) => r.route === "ctgov")?.params["filter.advanced"]).toBe(
      "AREA[StudyType]INTERVENTIONAL AND AREA[LastUpdatePostDate]RANGE[2026-11-25,MAX]",
    );
    expect(RECORDED_MODIFIED < "2026-11-25").toBe(true);
  });

  it("the source cache keeps a restricted answer apart from the unrestricted one", async () => {
    const pubmed = withSourceCache(createPubmedSource({ baseUrl: server.urls.pubmed, retries: 0 }), {
      ttlMs: 3_600_000,
    });
    await pubmed.search("ketamine pain", { limit: 40 });
    expect(await pubmed.search("ketamine pain", { limit: 40, since: new Date("2027-01-01T00:00:00Z") })).toEqual([]);
    expect(await getDb().sourceCache.count()).toBe(2);
  });

  it("the local library returns only records imported or updated since", async () => {
    await importCorpus(["bc5cdr_pubtator/CDR_TestSet.PubTator.txt"]);
    const library = createLocalLibrarySource();
    const all = await library.search("ketamine", { limit: 50 });
    expect(all.length).toBeGreaterThan(0);
    expect(await library.search("ketamine", { limit: 50, since: new Date(Date.now() + 86_400_000) })).toEqual([]);
    const [first] = all;
    await getDb().evidence.update({
      where: { id: first.id },
      data: { updatedAt: new Date(Date.now() + 2 * 86_400_000) },
    });
    expect(
      (await library.search("ketamine", { limit: 50, since: new Date(Date.now() + 86_400_000) })).map((e) => e.id),
    ).toEqual([first.id]);
  });
});
