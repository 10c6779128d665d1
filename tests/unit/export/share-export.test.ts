import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { saveEvidence } from "@/lib/db/evidence";
import { deleteRun } from "@/lib/db/history";
import { getRunDetail, snapshotToDetail } from "@/lib/runs/projections";
import {
  addRunEvidence,
  appendRunEvent,
  createRun,
  getRun,
  getRunEvidence,
  listRunEvents,
  saveReport,
  updateRun,
} from "@/lib/db/runs";
import { createShareLink, getShareLink, getSharedSnapshot, revokeShareLink } from "@/lib/db/share-links";
import type { ResearchReport } from "@/lib/domain/report";
import { registry } from "@/lib/modes";
import { exportRun } from "@/lib/export/report";
import { reportToMarkdown } from "@/lib/report/render/markdown";
import { referenceFromEvidence } from "@/lib/grounding/references";
import { runToJson } from "@/lib/research/run-json";
import { parsePubmedXml } from "@/lib/sources/parse/pubmed-xml";
import { toRunSnapshot } from "@/lib/runs/snapshot";
import { FIXTURES, useTempDatabase } from "@/tests/support/temp-database";

const records = parsePubmedXml(
  fs.readFileSync(path.join(FIXTURES, "pubmed/efetch_pharmacology_25records_ASSEMBLED.xml"), "utf8"),
).slice(0, 4);
const QUESTION = "Is ergothioneine an antioxidant in people?";

function report(): ResearchReport {
  const references = records.slice(0, 3).map((e, i) => referenceFromEvidence(e, i + 1));
  return {
    title: "Ergothioneine: mechanism and evidence",
    executiveSummary: "Ergothioneine is an antioxidant [1]. Trastuzumab deruxtecan was studied in mice [2, 3].",
    researchQuestion: QUESTION,
    methodology: { title: "Methodology", content: "Sources searched: PubMed." },
    hypothesesTested: [],
    mechanisticFindings: { title: "Mechanistic findings", content: "- It scavenges radicals [1]." },
    clinicalFindings: { title: "Clinical findings", content: "None." },
    drugCandidates: ["ergothioneine"],
    limitations: ["Abstracts only."],
    conclusion: "Plausible [1].",
    references,
    sourcesSearched: ["PubMed"],
    totalPapersReviewed: 4,
    searchIterations: 1,
    confidenceScore: 0.5,
    removedReferences: 0,
  };
}

/** Saves a finished run with 4 evidence records and a report citing 3 of them; returns its id. */
async function seedRun(withReport: boolean): Promise<string> {
  const id = crypto.randomUUID();
  await createRun({
    id,
    settings: { mode: "research", question: QUESTION, sources: ["pubmed"], maxIterations: 1 },
    backend: "extractive",
    model: null,
    ownerId: "owner-session-xxxxxxxxxxxx",
  });
  await addRunEvidence(id, records, 1, 0);
  await appendRunEvent(id, 1, "iteration-started", { iteration: 1 });
  if (withReport) {
    const r = report();
    await saveReport(id, r, reportToMarkdown(r));
    await appendRunEvent(id, 2, "report", { report: r, markdown: reportToMarkdown(r) });
  }
  await updateRun(id, {
    status: "completed",
    iterations: 1,
    evidenceCount: 4,
    confidence: 0.5,
    finishedAt: new Date(),
  });
  return id;
}

describe("exports and frozen share snapshots", () => {
  let cleanup: () => void;
  beforeAll(async () => {
    ({ cleanup } = await useTempDatabase("share-export"));
  });
  afterAll(() => cleanup());

  it("exports a run's Markdown, BibTeX (one entry per reference), RIS and the --json contract", async () => {
    const id = await seedRun(true);
    const detail = (await getRunDetail(id))!;
    const md = exportRun("markdown", detail, registry)!;
    expect(md.filename).toBe("critica-ergothioneine-mechanism-and-evidence.md");
    // The saved Markdown, with the bottom line and GRADE sections placed above the executive summary.
    expect(md.body.replace(/## Bottom line\n[\s\S]*?(?=## Executive summary)/, "")).toBe(reportToMarkdown(report()));
    expect(md.body).toContain(
      "## Bottom line\n\nProbably yes: of 1 record that bears on the question, 1 possibly yes.",
    );
    const bib = exportRun("bibtex", detail, registry)!;
    expect(bib.contentType).toBe("application/x-bibtex; charset=utf-8");
    expect(bib.body.match(/^@article\{/gm)).toHaveLength(3);
    expect(exportRun("ris", detail, registry)!.body.match(/^TY {2}- JOUR$/gm)).toHaveLength(3);
    const json = JSON.parse(exportRun("json", detail, registry)!.body);
    expect(json).toEqual(JSON.parse(JSON.stringify(runToJson(detail))));
    expect(json.runId).toBe(id);
    expect(json.evidence).toHaveLength(4);
  });

  it("exports only JSON for a run that ended without a report", async () => {
    const detail = (await getRunDetail(await seedRun(false)))!;
    expect(exportRun("bibtex", detail, registry)).toBeNull();
    expect(exportRun("markdown", detail, registry)).toBeNull();
    expect(JSON.parse(exportRun("json", detail, registry)!.body).report).toBeNull();
  });

  it("keeps a share's copy frozen when the records change and the run is deleted, until it is revoked", async () => {
    const id = await seedRun(true);
    const before = runToJson((await getRunDetail(id))!);
    const run = (await getRun(id))!;
    const token = await createShareLink(id, toRunSnapshot(run, await listRunEvents(id), await getRunEvidence(id)));

    // The library record is re-imported with another title, then the run is deleted.
    await saveEvidence(
      { ...records[0], citation: { ...records[0].citation, title: "A changed title" } },
      { inLibrary: true },
    );
    expect(await deleteRun(id)).toBe(true);
    expect(await getDb().runEvent.count({ where: { runId: id } })).toBe(0);
    expect(await getDb().report.count({ where: { runId: id } })).toBe(0);
    expect(await getDb().evidence.count({ where: { id: { in: records.map((r) => r.id) } } })).toBe(4);
    expect((await getShareLink(token))!.runId).toBeNull();

    const shared = snapshotToDetail((await getSharedSnapshot(token))!);
    const json = JSON.parse(exportRun("json", shared, registry, { runId: null })!.body);
    expect(json).toEqual({ ...JSON.parse(JSON.stringify(before)), runId: null });
    expect(json.evidence[0].citation.title).toBe("The biology of ergothioneine, an antioxidant nutraceutical.");
    expect(exportRun("bibtex", shared, registry)!.body.match(/^@article\{/gm)).toHaveLength(3);

    expect(await revokeShareLink(token)).toBe(true);
    expect(await getSharedSnapshot(token)).toBeNull();
    expect(await revokeShareLink(token)).toBe(true);
    expect(await revokeShareLink("A".repeat(43))).toBe(false);
  });
});
