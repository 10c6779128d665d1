import { describe, expect, it } from "vitest";
import { createExtractiveBackend, extractiveHypothesize, extractiveJudge, extractiveReport } from "@/lib/research/agents/extractive";
import type { Evidence } from "@/lib/domain/evidence";
import { chainLabel, hypothesisSetSchema, type MechanismHypothesis } from "@/lib/domain/hypothesis";
import { judgeAssessmentSchema } from "@/lib/domain/judge";
import { researchReportSchema, type ResearchReport } from "@/lib/domain/report";
import { reportToMarkdown } from "@/lib/report/markdown";
import { validateReportCitations } from "@/lib/report/validate-citations";
import { searchCorpus } from "../../../../support/corpus";

const LITHIUM_Q = "Is lithium nephrotoxic, and by what mechanism?";
const DOXORUBICIN_Q = "Does doxorubicin cause cardiotoxicity, and through which mechanism?";

function run(question: string, evidence: Evidence[]) {
  const hypotheses = extractiveHypothesize({ question, evidence, previous: null });
  const assessment = extractiveJudge({ question, evidence, hypotheses, iteration: 1, maxIterations: 3 });
  const report = extractiveReport({
    question,
    evidence,
    hypotheses,
    assessments: [assessment],
    sourcesSearched: ["local"],
    iterations: 1,
    shortfalls: [],
  });
  return { hypotheses, assessment, report };
}

/** True when `name` is written in the record's title/abstract (case-insensitive) or is one of its entity surface forms. */
function named(e: Evidence, name: string): boolean {
  const text = `${e.citation.title} ${e.citation.abstract}`.toLowerCase();
  return text.includes(name.toLowerCase()) || e.entities.some((x) => x.name.toLowerCase() === name.toLowerCase());
}

function expectGrounded(h: MechanismHypothesis, evidence: Evidence[]) {
  const cited = h.supportingEvidence.map((id) => evidence.find((e) => e.id === id));
  expect(cited.every((e) => e !== undefined)).toBe(true);
  for (const name of [h.drug, h.target, h.pathway]) {
    expect(cited.some((e) => named(e!, name)), `${name} in ${chainLabel(h)}`).toBe(true);
  }
  expect(h.links.map((l) => [l.from, l.to])).toEqual([
    [h.drug, h.target],
    [h.target, h.pathway],
    [h.pathway, h.effect],
  ]);
  for (const link of h.links) expect(link.evidenceIds.length).toBeGreaterThan(0);
  expect(new Set(h.links.flatMap((l) => l.evidenceIds))).toEqual(new Set(h.supportingEvidence));
}

const PROSE = (r: ResearchReport) => [
  r.executiveSummary,
  r.methodology.content,
  r.mechanisticFindings.content,
  r.clinicalFindings.content,
  r.conclusion,
  ...r.limitations,
];

function expectReportIntegrity(report: ResearchReport, evidence: Evidence[]) {
  expect(researchReportSchema.safeParse(report).success).toBe(true);
  const ids = new Set(evidence.map((e) => e.id));
  const pmids = new Set(evidence.map((e) => e.citation.pmid));
  expect(report.references.map((r) => r.n)).toEqual(report.references.map((_, i) => i + 1));
  for (const ref of report.references) {
    expect(ids.has(ref.evidenceId)).toBe(true);
    expect(pmids.has(ref.pmid)).toBe(true);
  }
  const cited = new Set<number>();
  for (const text of PROSE(report)) {
    for (const m of text.matchAll(/\[(\d+(?:, \d+)*)\]/g)) for (const n of m[1].split(", ").map(Number)) cited.add(n);
  }
  for (const n of cited) expect(n >= 1 && n <= report.references.length, `marker [${n}]`).toBe(true);
  // every reference is cited somewhere
  expect([...cited].sort((a, b) => a - b)).toEqual(report.references.map((r) => r.n));
  // the safety net finds nothing to remove in an extractive report
  const validated = validateReportCitations(report, evidence);
  expect(validated.removedReferences).toBe(0);
  expect(validated.removedMarkers).toBe(0);
  expect(validated.report.references).toEqual(report.references);
}

describe("extractive backend on the BC5CDR corpus: lithium nephrotoxicity", () => {
  const evidence = searchCorpus("lithium");
  const { hypotheses, assessment, report } = run(LITHIUM_Q, evidence);

  it("builds the evidence set from the corpus", () => {
    expect(evidence).toHaveLength(29);
  });

  it("proposes 2–4 grounded lithium hypotheses", () => {
    expect(hypothesisSetSchema.safeParse(hypotheses).success).toBe(true);
    expect(hypotheses.hypotheses.length).toBeGreaterThanOrEqual(2);
    expect(hypotheses.hypotheses.length).toBeLessThanOrEqual(4);
    for (const h of hypotheses.hypotheses) {
      expect(h.drug).toBe("lithium");
      expectGrounded(h, evidence);
    }
  });

  it("finds the AQP2 / vasopressin / polyuria route to nephrogenic diabetes insipidus", () => {
    const p = hypotheses.primaryHypothesis!;
    expect(chainLabel(p)).toBe("lithium → AQP2 → polyuria → nephrogenic diabetes insipidus");
    expect(p.confidence).toBe(0.57);
    expect(p.links.map((l) => l.evidenceIds)).toEqual([
      ["pmid:19692487", "pmid:25006961"],
      ["pmid:19692487", "pmid:25006961"],
      ["pmid:9226773", "pmid:25006961", "pmid:9538487"],
    ]);
    expect(hypotheses.hypotheses.map((h) => h.target)).toContain("vasopressin");
    expect(hypotheses.hypotheses.every((h) => h.effect === "nephrogenic diabetes insipidus")).toBe(true);
    expect(p.searchSuggestions).toContain("lithium AQP2");
  });

  it("judges the evidence with integer scores from counted study designs", () => {
    expect(judgeAssessmentSchema.safeParse(assessment).success).toBe(true);
    expect(assessment.mechanismScore).toBe(7);
    expect(assessment.clinicalScore).toBe(6);
    expect(assessment.sufficient).toBe(true);
    expect(assessment.recommendation).toBe("synthesize");
    expect(assessment.confidence).toBeGreaterThan(0);
    expect(assessment.confidence).toBeLessThanOrEqual(1);
    expect(assessment.drugCandidates).toEqual(["lithium", "amiloride (protective)"]);
    expect(assessment.clinicalReasoning).toMatch(/4 case reports or series/);
    expect(assessment.mechanismReasoning).toMatch(/5 animal studies/);
  });

  it("writes a report whose every marker and reference points into the evidence", () => {
    expectReportIntegrity(report, evidence);
    expect(report.executiveSummary).toMatch(/nephrogenic diabetes insipidus/);
    expect(report.mechanisticFindings.content).toMatch(/AQP2/);
    expect(report.confidenceScore).toBe(assessment.confidence);
    expect(report.hypothesesTested).toHaveLength(hypotheses.hypotheses.length);
    expect(report.drugCandidates).toEqual(assessment.drugCandidates);
    expect(reportToMarkdown(report)).toMatch(/^# Lithium and nephrotoxicity/);
  });
});

describe("extractive backend on the BC5CDR corpus: doxorubicin cardiotoxicity", () => {
  const evidence = searchCorpus("doxorubicin");
  const { hypotheses, assessment, report } = run(DOXORUBICIN_Q, evidence);

  it("proposes 2–4 grounded doxorubicin hypotheses through apoptosis and oxidative stress", () => {
    expect(evidence).toHaveLength(36);
    expect(hypotheses.hypotheses.length).toBeGreaterThanOrEqual(2);
    expect(hypotheses.hypotheses.length).toBeLessThanOrEqual(4);
    for (const h of hypotheses.hypotheses) {
      expect(h.drug).toBe("doxorubicin");
      expect(h.effect).toBe("cardiotoxicity");
      expectGrounded(h, evidence);
    }
    expect(chainLabel(hypotheses.primaryHypothesis!)).toBe("doxorubicin → bcl-2 → apoptosis → cardiotoxicity");
    expect(new Set(hypotheses.hypotheses.map((h) => h.pathway))).toEqual(new Set(["apoptosis", "oxidative stress"]));
    const parp = hypotheses.hypotheses.find((h) => h.target === "PARP")!;
    expect(parp.links[0].evidenceIds).toEqual(["pmid:11861791"]);
    expect(hypotheses.knowledgeGaps.some((g) => g.includes("PMID 11861791") && g.includes("PARP"))).toBe(true);
  });

  it("scores mostly-animal mechanistic evidence and a randomized trial", () => {
    expect(assessment.mechanismScore).toBe(8);
    expect(assessment.clinicalScore).toBe(9);
    expect(Number.isInteger(assessment.mechanismScore) && Number.isInteger(assessment.clinicalScore)).toBe(true);
    expect(assessment.clinicalReasoning).toMatch(/1 randomized trial/);
    expect(assessment.drugCandidates[0]).toBe("doxorubicin");
    expect(assessment.drugCandidates).toContain("carvedilol (protective)");
  });

  it("writes a report with valid citations and design caveats", () => {
    expectReportIntegrity(report, evidence);
    expect(report.limitations.some((l) => l.startsWith("Most mechanistic evidence comes from animal studies"))).toBe(true);
    expect(report.mechanisticFindings.content).toMatch(/oxidative stress/);
  });
});

describe("extractive backend: determinism, edge cases, performance", () => {
  it("gives deep-equal output on a second run", () => {
    const evidence = searchCorpus("lithium");
    expect(run(LITHIUM_Q, evidence)).toEqual(run(LITHIUM_Q, evidence));
  });

  it("returns zero hypotheses and a gap without evidence", async () => {
    const backend = createExtractiveBackend();
    expect(backend.kind).toBe("extractive");
    expect(backend.model).toBeNull();
    const h = await backend.hypothesize({ question: LITHIUM_Q, evidence: [], previous: null });
    expect(h.hypotheses).toEqual([]);
    expect(h.primaryHypothesis).toBeNull();
    expect(h.knowledgeGaps[0]).toMatch(/No evidence/);
    const j = await backend.judge({ question: LITHIUM_Q, evidence: [], hypotheses: h, iteration: 1, maxIterations: 2 });
    expect([j.mechanismScore, j.clinicalScore, j.confidence, j.sufficient, j.recommendation]).toEqual([0, 0, 0, false, "continue"]);
    const last = await backend.judge({ question: LITHIUM_Q, evidence: [], hypotheses: h, iteration: 2, maxIterations: 2 });
    expect(last.recommendation).toBe("synthesize");
    const r = await backend.report({
      question: LITHIUM_Q, evidence: [], hypotheses: h, assessments: [last], sourcesSearched: ["pubmed"], iterations: 2,
      shortfalls: [{ source: "pubmed", message: "timed out after 15 s, 0 records" }],
    });
    expect(r.references).toEqual([]);
    expect(r.limitations).toContain("Source shortfall: PubMed: timed out after 15 s, 0 records");
  });

  it("rejects when the signal is already aborted", async () => {
    const controller = new AbortController();
    controller.abort(new Error("cancelled"));
    await expect(
      createExtractiveBackend().hypothesize({ question: LITHIUM_Q, evidence: [], previous: null, signal: controller.signal }),
    ).rejects.toThrow("cancelled");
  });

  it("runs the three agents on ~60 records (timing printed, not asserted)", () => {
    const evidence = [...searchCorpus("doxorubicin"), ...searchCorpus("lithium")].slice(0, 60);
    const start = performance.now();
    const { hypotheses, report } = run(DOXORUBICIN_Q, evidence);
    const ms = performance.now() - start;
    console.log(`extractive agents on ${evidence.length} records: ${ms.toFixed(0)} ms`);
    expect(hypotheses.hypotheses.length).toBeGreaterThan(0);
    expect(report.totalPapersReviewed).toBe(60);
  });
});
