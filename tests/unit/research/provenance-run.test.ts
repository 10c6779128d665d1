import path from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EvidenceTable } from "@/components/run/report-evidence-table";
import { reportNotices } from "@/components/run/report-notices";
import { formatKeyedBlocks, EVIDENCE_DATA_NOTICE } from "@/lib/evidence/prompt-context/blocks";
import { getDb } from "@/lib/db/client";
import { EMPTY_PROVENANCE } from "@/lib/domain/evidence";
import { PROVENANCE_PROMPT_RULE } from "@/lib/evidence/provenance";
import { claimCheckToJson } from "@/lib/claims/json";
import { exportRun } from "@/lib/export/report";
import { runToJson } from "@/lib/research/run-json";
import { importFile } from "@/lib/library/import";
import { claimCheck as claimCheckMode, research as researchMode, registry } from "@/lib/modes";
import { startRun } from "@/lib/runs/start";
import { toReportRecords } from "@/lib/report/appraise/records";
import { referenceFromEvidence } from "@/lib/grounding/references";
import { validateReportCitations } from "@/lib/report/appraise/validate-citations";
import { getRunDetail } from "@/lib/runs/projections";
import { COPIES, medlineCopiesXml, preprintResponse, tempFile } from "@/tests/support/provenance-copies";
import { CORPUS, importCorpus, useTempDatabase } from "@/tests/support/temp-database";

const QUESTION = "Does cisplatin cause nephrotoxicity, and through which mechanism?";
const CLAIM = "Cisplatin has no effect on the kidney";
const RETRACTED_ID = `pmid:${COPIES.retracted.pmid}`;
const CONCERN_ID = `pmid:${COPIES.concern.pmid}`;

async function research(question: string) {
  const { runId, done } = await startRun(researchMode, { question, sources: ["local"], maxIterations: 2 });
  const outcome = await done;
  expect(outcome).toMatchObject({ status: "completed", error: null });
  const detail = (await getRunDetail(runId))!;
  return { detail, json: runToJson(detail) };
}

async function claimCheck(text: string) {
  const { runId, done } = await startRun(claimCheckMode, { text, sources: ["local"] });
  const outcome = await done;
  expect(outcome).toMatchObject({ status: "completed", error: null });
  const detail = (await getRunDetail(runId))!;
  return { detail, json: claimCheckToJson(detail) };
}

/** Every evidence id a research run's hypotheses name, all iterations, supporting or contradicting. */
function hypothesisLinks(json: ReturnType<typeof runToJson>): string[] {
  return json.hypotheses.flatMap((h) => {
    const a = h.assessment;
    return [...a.hypotheses, ...(a.primaryHypothesis ? [a.primaryHypothesis] : [])].flatMap((x) => [
      ...x.supportingEvidence,
      ...x.contradictingEvidence,
    ]);
  });
}

describe("provenance through import, a research run and a claim check", () => {
  let cleanup: () => void;
  beforeAll(async () => {
    ({ cleanup } = await useTempDatabase("provenance"));
    await importCorpus([
      "bc5cdr_pubtator/CDR_DevelopmentSet.PubTator.txt",
      "bc5cdr_pubtator/CDR_TestSet.PubTator.txt",
      "bc5cdr_pubtator/CDR_TrainingSet.PubTator.txt",
    ]);
  }, 120_000);
  afterAll(() => cleanup());

  it("imports the labelled copies over the corpus records and updates their flags on re-import", async () => {
    // The two BC5CDR records first come back in MEDLINE XML without flags (an update of their PubTator rows).
    const unflagged = await importFile(tempFile("copies-unflagged.xml", medlineCopiesXml(false)));
    expect([unflagged.imported, unflagged.updated, unflagged.skipped, unflagged.failed]).toEqual([0, 2, 0, 0]);
    const row = async (id: string) => (await getDb().evidence.findUniqueOrThrow({ where: { id } })).provenance;
    expect(await row(RETRACTED_ID)).toEqual(EMPTY_PROVENANCE);

    const before = await research(QUESTION);
    // Control: unflagged, the cisplatin record is cited and names a drug candidate (the typed chains
    // link no gene through it, so it is in no hypothesis either way).
    expect(before.json.report!.references.map((r) => r.pmid)).toContain(COPIES.retracted.pmid);
    expect(before.json.report!.drugCandidates).toContain("coenzyme Q10 (protective)");
    expect(before.json.excludedForProvenance).toEqual({ count: 0, records: [] });
    const beforeClaim = await claimCheck(CLAIM);
    expect(beforeClaim.json.claims[0].citations.map((c) => c.pmid)).toContain(COPIES.retracted.pmid);

    // The updated records: retracted, and with an expression of concern.
    const flagged = await importFile(tempFile("copies.xml", medlineCopiesXml()));
    expect([flagged.imported, flagged.updated, flagged.skipped]).toEqual([0, 2, 0]);
    expect(await row(RETRACTED_ID)).toEqual({
      ...EMPTY_PROVENANCE,
      retracted: true,
      retractionIn: [COPIES.retracted.noticePmid],
    });
    expect(await row(CONCERN_ID)).toEqual({
      ...EMPTY_PROVENANCE,
      expressionOfConcern: true,
      expressionOfConcernIn: [COPIES.concern.noticePmid],
    });
    const again = await importFile(tempFile("copies.xml", medlineCopiesXml()));
    expect([again.imported, again.updated, again.skipped]).toEqual([0, 0, 2]);
    // A PubTator re-import knows nothing of retractions: it updates the text and annotations, the flags stay.
    const pubtator = await importFile(path.join(CORPUS, "bc5cdr_pubtator/CDR_DevelopmentSet.PubTator.txt"));
    expect(pubtator.updated).toBe(1);
    expect((await row(RETRACTED_ID)) as { retracted: boolean }).toMatchObject({
      retracted: true,
      retractionIn: [COPIES.retracted.noticePmid],
    });
  }, 120_000);

  it("a research run shows and counts the retracted record but never uses it as support", async () => {
    const { detail, json } = await research(QUESTION);
    expect(json.evidence.map((e) => e.id)).toContain(RETRACTED_ID);
    // 64: a chain through a biological process (target unknown) now gives the judge searches for a second iteration.
    expect(json.evidence).toHaveLength(64);
    expect(json.report!.totalPapersReviewed).toBe(64);
    expect(json.report!.references.map((r) => r.pmid)).toEqual([
      "24778426",
      "11745184",
      "24975837",
      "17035713",
      "6203452",
      // Ifosfamide renal toxicity in children given cisplatin before: a kidney disease of the organ's subtree.
      "1720453",
      "2320800",
    ]);
    expect(hypothesisLinks(json)).not.toContain(RETRACTED_ID);
    expect(json.assessments.at(-1)!.assessment.drugCandidates).toEqual(["cisplatin"]);
    expect(json.report!.drugCandidates).toEqual(["cisplatin"]);
    expect(json.excludedForProvenance).toEqual({
      count: 1,
      records: [
        {
          evidenceId: RETRACTED_ID,
          pmid: COPIES.retracted.pmid,
          title: "Coenzyme Q10 treatment ameliorates acute cisplatin nephrotoxicity in mice.",
          reason: "retracted",
          retractionNoticePmids: [COPIES.retracted.noticePmid],
        },
      ],
    });
    expect(json.report!.limitations.slice(-2)).toEqual([
      "Retracted records found: PMID 20510337 (retraction notice PMID 39990001). It was set aside and supports " +
        "nothing in this report.",
      "PMID 24975837 has an expression of concern (PMID 39990002); it still counts as evidence, read with that caveat.",
    ]);
    expect(json.markdown).toContain("Retracted records found: PMID 20510337 (retraction notice PMID 39990001).");
    expect(detail.events.filter((e) => e.type === "notice").map((e) => e.data)).toEqual([
      { level: "info", message: "extractive mode: no language model configured" },
      {
        level: "warning",
        message:
          "Retracted record set aside (shown, never used as support): PMID 20510337 (retraction notice PMID 39990001)",
      },
    ]);

    // The report page: notices and badges.
    const records = toReportRecords(detail.evidence, json.report!.references, detail.run.question);
    const notices = reportNotices({
      shortfalls: [],
      lastAssessment: null,
      report: json.report!,
      records: new Map(records.map((r) => [r.id, r])),
    });
    expect(notices.slice(0, 2)).toEqual([
      {
        kind: "retracted",
        label: "Retracted records found",
        text:
          "PMID 20510337 “Coenzyme Q10 treatment ameliorates acute cisplatin nephrotoxicity in mice.” " +
          "(retraction notice PMID 39990001). " +
          "It is listed in the evidence but never used as support for the findings, hypotheses or drug candidates.",
      },
      {
        kind: "concern",
        label: "Read with its correction",
        text: "[3] has an expression of concern; it still counts as evidence (see the limitations).",
      },
    ]);
    const table = renderToStaticMarkup(createElement(EvidenceTable, { records }));
    expect(
      [
        ...table.matchAll(/<a href="([^"]+)"[^>]*><span data-testid="badge-retracted"[^>]*>Retracted<\/span><\/a>/g),
      ].map((m) => m[1]),
    ).toEqual(["https://pubmed.ncbi.nlm.nih.gov/39990001/"]);
    expect(
      [
        ...table.matchAll(
          /<a href="([^"]+)"[^>]*><span data-testid="badge-concern"[^>]*>Expression of concern<\/span><\/a>/g,
        ),
      ].map((m) => m[1]),
    ).toEqual(["https://pubmed.ncbi.nlm.nih.gov/39990002/"]);

    // Exports carry the flag of the cited record with an expression of concern.
    const bibtex = exportRun("bibtex", detail, registry)!.body;
    expect(
      bibtex
        .split("\n")
        .filter((l) => l.includes("note = ") && l.includes("24975837"))
        .map((l) => l.trim()),
    ).toEqual(["note = {PMID: 24975837; Expression of concern (PMID 39990002)},"]);
    const ris = exportRun("ris", detail, registry)!.body;
    expect(ris.split("\n").filter((l) => l.startsWith("N1  - ") && l.includes("24975837"))).toEqual([
      "N1  - PMID: 24975837; Expression of concern (PMID 39990002)",
    ]);
    expect(bibtex).not.toContain("20510337");

    // The model would see the provenance of each block and the rule; a citation of the retracted record is removed.
    const retracted = detail.evidence.find((e) => e.id === RETRACTED_ID)!;
    const concern = detail.evidence.find((e) => e.id === CONCERN_ID)!;
    const blocks = formatKeyedBlocks([
      { key: "E1", evidence: retracted, sentences: [] },
      { key: "E2", evidence: concern, sentences: [] },
    ]);
    expect(blocks.split("\n").filter((l) => l.startsWith("Provenance: "))).toEqual([
      "Provenance: RETRACTED (retraction notice PMID 39990001), must not be cited as support",
      "Provenance: Expression of concern (PMID 39990002)",
    ]);
    expect(EVIDENCE_DATA_NOTICE.endsWith(PROVENANCE_PROMPT_RULE)).toBe(true);
    const section = { title: "Findings", content: "" };
    const citing = {
      ...json.report!,
      executiveSummary: "",
      methodology: section,
      mechanisticFindings: section,
      clinicalFindings: section,
      limitations: [],
      references: [referenceFromEvidence(concern, 1), referenceFromEvidence(retracted, 2)],
      conclusion: "Renal injury [1, 2].",
    };
    const validated = validateReportCitations(citing, detail.evidence);
    expect(validated.report.references.map((r) => r.evidenceId)).toEqual([CONCERN_ID]);
    expect([validated.removedReferences, validated.removedMarkers, validated.report.conclusion]).toEqual([
      1,
      1,
      "Renal injury [1].",
    ]);
  }, 120_000);

  it("a claim check keeps the retracted record in its evidence but never scores or cites it", async () => {
    const { detail, json } = await claimCheck(CLAIM);
    expect(detail.evidence.map((e) => e.id)).toContain(RETRACTED_ID);
    expect(json.claims.map((c) => [c.verdict, c.citations.map((x) => x.pmid)])).toEqual([
      // 2320800 (cisplatin and acute renal failure) ranks before 6203452: the kidney is read as its MeSH subtree.
      ["contradicts", ["11745184", "24975837", "24778426", "2320800", "6203452", "3719553"]],
    ]);
    const scored = detail.events.flatMap((e) =>
      e.type === "claim-scored" ? e.data.documents.map((d) => d.evidenceId) : [],
    );
    expect(scored).not.toContain(RETRACTED_ID);
    expect(json.excludedForProvenance).toEqual({
      count: 1,
      records: [
        {
          evidenceId: RETRACTED_ID,
          pmid: COPIES.retracted.pmid,
          title: "Coenzyme Q10 treatment ameliorates acute cisplatin nephrotoxicity in mice.",
          reason: "retracted",
          retractionNoticePmids: [COPIES.retracted.noticePmid],
        },
      ],
    });
  }, 120_000);

  it("a preprint with a published version enters as the published record; one without stays a preprint", async () => {
    const imported = await importFile(tempFile("preprints.json", JSON.stringify(preprintResponse())));
    expect([imported.format, imported.imported, imported.error]).toEqual(["europepmc-json", 2, null]);
    const publishedId = `pmid:${COPIES.preprint.publishedPmid}`;
    const { detail, json } = await research("Does atorvastatin kill thyroid cancer cells?");
    const published = json.evidence.find((e) => e.id === publishedId)!;
    expect(published).toMatchObject({
      preprint: false,
      citation: {
        pmid: COPIES.preprint.publishedPmid,
        url: `https://pubmed.ncbi.nlm.nih.gov/${COPIES.preprint.publishedPmid}/`,
      },
    });
    expect(published.provenance!.preprintOf).toEqual({ id: COPIES.preprint.id, doi: COPIES.preprint.doi });
    expect(json.evidence.find((e) => e.id === "doi:10.20944/preprints202506.1257.v1")).toMatchObject({
      preprint: true,
    });
    expect(json.excludedForProvenance).toEqual({ count: 0, records: [] });
    // Every row, as after "Show all" (the page shows the first 10 until then).
    const table = renderToStaticMarkup(
      createElement(EvidenceTable, {
        records: toReportRecords(detail.evidence, json.report!.references, detail.run.question),
        initialRows: Infinity,
      }),
    );
    expect(table.match(/data-testid="badge-published-version"/g)).toHaveLength(1);
    expect(table.match(/>preprint</g)).toHaveLength(1);
    const claim = await claimCheck("Atorvastatin does not kill thyroid cancer cells");
    expect(claim.detail.evidence.find((e) => e.id === publishedId)).toMatchObject({
      preprint: false,
      provenance: { preprintOf: { id: COPIES.preprint.id } },
    });
  }, 120_000);
});
