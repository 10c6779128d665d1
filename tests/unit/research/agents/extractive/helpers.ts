import { expect } from "vitest";
import { extractiveHypothesize, extractiveJudge, extractiveReport } from "@/lib/research/agents/extractive";
import type { Evidence } from "@/lib/domain/evidence";
import { UNKNOWN_TARGET } from "@/lib/research/agents/extractive/process-chains";
import { chainLabel, type HypothesisSet, type MechanismHypothesis } from "@/lib/domain/hypothesis";
import { researchReportSchema, type ResearchReport } from "@/lib/domain/report";
import { validateReportCitations } from "@/lib/report/appraise/validate-citations";
import { normaliseAssessment } from "@/lib/research/normalise-chain";

/** The three extractive agents in workflow order on one evidence set; hypotheses normalised as the run loop does. */
export function runAgents(question: string, evidence: Evidence[]) {
  const hypotheses = normaliseAssessment(extractiveHypothesize({ question, evidence, previous: null }));
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

/**
 * True when `name` is written in the record's title/abstract (case-insensitive) or is one of its entity surface forms.
 */
export function named(e: Evidence, name: string): boolean {
  const text = `${e.citation.title} ${e.citation.abstract}`.toLowerCase();
  return text.includes(name.toLowerCase()) || e.entities.some((x) => x.name.toLowerCase() === name.toLowerCase());
}

/**
 * A chain is grounded and typed: drug and target are written in the records it cites; the pathway too, unless the
 * target → pathway link is a curated GO annotation of the target (then it names that GO ID); every literature link
 * cites records; the target is an NCBI Gene (never a chemical, disease or heading of the evidence), the pathway a GO
 * process, drug and effect MeSH concepts.
 */
export function expectTypedAndGrounded(h: MechanismHypothesis, evidence: Evidence[]) {
  const cited = h.supportingEvidence.map((id) => evidence.find((e) => e.id === id));
  expect(cited.every((e) => e !== undefined)).toBe(true);
  if (h.target === UNKNOWN_TARGET) return expectProcessChain(h, cited as Evidence[]);
  for (const name of [h.drug, h.target])
    expect(
      cited.some((e) => named(e!, name)),
      `${name} in ${chainLabel(h)}`,
    ).toBe(true);
  expect(h.links.map((l) => [l.from, l.to])).toEqual([
    [h.drug, h.target],
    [h.target, h.pathway],
    [h.pathway, h.effect],
  ]);
  const curated = h.links[1].curated;
  if (curated) expect(curated).toBe(`NCBI Gene GO annotation ${h.pathwayGoId}`);
  else
    expect(
      cited.some((e) => named(e!, h.pathway)),
      `${h.pathway} in ${chainLabel(h)}`,
    ).toBe(true);
  for (const link of h.links) if (!link.curated) expect(link.evidenceIds.length).toBeGreaterThan(0);
  expect(new Set(h.links.flatMap((l) => l.evidenceIds))).toEqual(new Set(h.supportingEvidence));
  expect(h.targetGeneId).toMatch(/^\d+$/);
  expect(h.targetSymbol).toMatch(/^[A-Z0-9-]+$/);
  expect(h.pathwayGoId).toMatch(/^GO:\d{7}$/);
  expect(h.drugMeshId).toMatch(/^[CD]\d+$/);
  expect(h.effectMeshId).toMatch(/^[CD]\d+$/);
  const annotated = new Set(
    evidence.flatMap((e) => e.entities.filter((x) => x.type !== "gene").map((x) => x.name.toLowerCase())),
  );
  expect(annotated.has(h.target.toLowerCase()), `${h.target} is an annotated chemical or disease`).toBe(false);
  expect(h.target).not.toMatch(/^[A-Z]{4,}$/); // a section heading such as FINDINGS or RESULTS
}

/**
 * A chain through a biological process with the target unknown (no gene links drug and effect in the records): drug
 * → process → effect, both links resting on records that name their ends, the process a GO process, the target
 * marked unrecognised.
 */
function expectProcessChain(h: MechanismHypothesis, cited: Evidence[]) {
  expect(h.links.map((l) => [l.from, l.to])).toEqual([
    [h.drug, h.pathway],
    [h.pathway, h.effect],
  ]);
  for (const link of h.links) expect(link.evidenceIds.length).toBeGreaterThan(0);
  for (const name of [h.drug, h.pathway])
    expect(
      cited.some((e) => named(e, name)),
      `${name} in ${chainLabel(h)}`,
    ).toBe(true);
  expect(new Set(h.links.flatMap((l) => l.evidenceIds))).toEqual(new Set(h.supportingEvidence));
  expect([h.targetGeneId, h.targetSymbol]).toEqual([null, null]);
  expect(h.pathwayGoId).toMatch(/^GO:\d{7}$/);
}

/**
 * The primary hypothesis comes first and no later one has a higher confidence, or equal confidence and more records.
 */
export function expectRankedBySupport(a: HypothesisSet) {
  if (a.hypotheses.length === 0) return expect(a.primaryHypothesis).toBeNull();
  expect(a.primaryHypothesis).toEqual(a.hypotheses[0]);
  for (let i = 1; i < a.hypotheses.length; i++) {
    const [prev, next] = [a.hypotheses[i - 1], a.hypotheses[i]];
    expect(next.confidence).toBeLessThanOrEqual(prev.confidence);
    if (next.confidence === prev.confidence)
      expect(next.supportingEvidence.length).toBeLessThanOrEqual(prev.supportingEvidence.length);
  }
}

const PROSE = (r: ResearchReport) => [
  r.executiveSummary,
  r.methodology.content,
  r.mechanisticFindings.content,
  r.clinicalFindings.content,
  r.conclusion,
  ...r.limitations,
];

/** Every marker points at a reference, every reference at a record of the evidence, and every reference is cited. */
export function expectReportIntegrity(report: ResearchReport, evidence: Evidence[]) {
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
    for (const m of text.matchAll(/\[(\d+(?:[–,] ?\d+)*)\]/g)) {
      for (const part of m[1].split(", ")) {
        const [a, b] = part.split("–").map(Number);
        for (let n = a; n <= (b ?? a); n++) cited.add(n);
      }
    }
  }
  for (const n of cited) expect(n >= 1 && n <= report.references.length, `marker [${n}]`).toBe(true);
  expect([...cited].sort((a, b) => a - b)).toEqual(report.references.map((r) => r.n));
  const validated = validateReportCitations(report, evidence);
  expect(validated.removedReferences).toBe(0);
  expect(validated.removedMarkers).toBe(0);
  expect(validated.report.references).toEqual(report.references);
}
