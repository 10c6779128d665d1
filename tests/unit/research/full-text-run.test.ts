import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { readFullTexts } from "@/lib/db/full-texts";
import { getReport, listRunEvents } from "@/lib/db/runs";
import { getRunDetail } from "@/lib/runs/projections";
import { research } from "@/lib/modes";
import { toReportRecords } from "@/lib/report/appraise/records";
import { createExtractiveBackend } from "@/lib/research/agents/extractive";
import { runToJson } from "@/lib/research/run-json";
import { startRun } from "@/lib/runs/start";
import { startFixtureServer, type FixtureServer } from "@/tests/support/fixture-server";
import { useTempDatabase } from "@/tests/support/temp-database";

// A research run against the loopback fixture server: Europe PMC's search answers with the recorded search result of
// PMC4738914 (a case of levofloxacin-induced thrombocytopenia), its fullTextXML with the recorded response. The
// levofloxacin dose is stated in the case's first paragraph only, not in the abstract.

const QUESTION = "What dose of levofloxacin was given in levofloxacin-induced thrombocytopenia?";
let server: FixtureServer;
let cleanup: () => void;
const savedEnv = { ...process.env };

beforeAll(async () => {
  ({ cleanup } = await useTempDatabase("full-text-run"));
  server = await startFixtureServer();
  process.env.EUROPEPMC_BASE_URL = server.urls.europepmc;
});
afterAll(async () => {
  process.env = savedEnv;
  await server.close();
  cleanup();
});
beforeEach(() => server.reset());

const run = async () => {
  const { runId, done } = await startRun(
    research,
    { question: QUESTION, sources: ["europepmc"], maxIterations: 1 },
    { overrides: { backend: createExtractiveBackend() } },
  );
  const outcome = await done;
  return { runId, outcome, events: await listRunEvents(runId), report: (await getReport(runId))?.report ?? null };
};
const fullTextRequests = () => server.requests.filter((r) => r.route === "fulltext").map((r) => r.path);

describe("a research run reads open-access full texts", () => {
  it("a fetch failure is a full-text shortfall, not a failed run; the record is read from its abstract", async () => {
    server.inject("fulltext", { kind: "status", status: 500 });
    const { outcome, events, report } = await run();
    expect(outcome.status).toBe("completed");
    const shortfalls = events.flatMap((e) => (e.type === "shortfall" ? [e.data] : []));
    expect(shortfalls).toEqual([
      {
        iteration: 1,
        source: "europepmc",
        scope: "full-text",
        message: "Europe PMC: full text of PMC4738914 not read: HTTP 500 after 3 retries",
      },
    ]);
    // The search itself did not fail: the record is in the run and the report, read from its abstract.
    expect(report?.references.map((r) => r.evidenceId)).toContain("pmid:26884767");
    expect(report?.passages).toBeUndefined();
    expect(await getDb().fullText.count()).toBe(0);
    // Nothing was read in full: the table says "Abstract only", the limitation "Abstracts and titles only".
    expect(report?.readInFull).toBeUndefined();
    expect(report?.limitations.filter((l) => /^(Abstracts and titles only|Full text read)/.test(l))).toEqual([
      "Abstracts and titles only: full texts, supplementary data, doses and effect sizes beyond the abstracts " +
        "were not read.",
    ]);
  });

  it("fetches the full text while agents read abstracts, keeps its licence, cites the answering passage", async () => {
    const { runId, outcome, events, report } = await run();
    expect(outcome.status).toBe("completed");
    expect(fullTextRequests()).toEqual(["/europepmc/PMC4738914/fullTextXML"]);
    const stored = (await readFullTexts(["pmid:26884767"], null)).get("pmid:26884767")!;
    expect([stored.origin, stored.format, stored.licence.name, stored.passages[0].id]).toEqual([
      "europepmc",
      "jats",
      "CC BY",
      "PMC4738914·case-report·1",
    ]);
    const notices = events.flatMap((e) => (e.type === "notice" ? [e.data.message] : []));
    expect(notices).toContain("Full text read for 1 record: PMC4738914 (Europe PMC open access, CC BY).");
    expect(events.some((e) => e.type === "shortfall")).toBe(false);

    const dose = report!.passages!.find((p) => p.sentence.includes("500 mg daily"))!;
    expect(dose).toEqual({
      evidenceId: "pmid:26884767",
      passageId: "PMC4738914·case-report·1",
      section: "1. Case",
      sectionType: "case-report",
      page: null,
      sentence:
        "The patient developed gastrointestinal intolerance and was switched to oral levofloxacin, 500 mg daily, " +
        "one week prior to admission, which did not improve his gastrointestinal symptoms.",
    });
    const n = report!.references.find((r) => r.evidenceId === "pmid:26884767")!.n;
    // The dose is the summary's answer and a clinical finding, each cited to the record, with where it stands.
    const cited =
      `switched to oral levofloxacin, 500 mg daily, one week prior to admission, ` +
      `which did not improve his gastrointestinal symptoms [${n}] (full text, 1. Case).`;
    expect(report!.executiveSummary).toContain(cited);
    expect(report!.clinicalFindings.content).toContain(cited);
    expect(report!.verification?.status).toBe("verified");

    // What was read: the record in full, the others from their abstracts, in the limitations, the evidence table and
    // the PRISMA diagram's "full-text articles assessed".
    // The run's one record (Europe PMC's recorded search answers with it alone).
    const records = report!.totalPapersReviewed;
    expect([records, report!.readInFull]).toEqual([1, ["pmid:26884767"]]);
    expect(report!.limitations).toContain("Full text read for the one record; no supplementary data were read.");
    expect(report!.limitations.some((l) => l.startsWith("Abstracts and titles only"))).toBe(false);
    const detail = (await getRunDetail(runId))!;
    const table = toReportRecords(detail.evidence, report!.references, QUESTION, report!.readInFull);
    expect(table.filter((r) => r.fullText).map((r) => r.id)).toEqual(["pmid:26884767"]);
    expect(runToJson(detail).prisma).toMatchObject({ screened: records, readInFull: 1 });
  });

  it("a later run reads the stored full text without asking Europe PMC again", async () => {
    const { report } = await run();
    expect(fullTextRequests()).toEqual([]);
    expect(report?.passages?.some((p) => p.passageId === "PMC4738914·case-report·1")).toBe(true);
  });
});
