import type { JudgeInput } from "@/lib/research/backend";
import { chainLabel } from "@/lib/domain/hypothesis";
import { isSufficient, type JudgeAssessment } from "@/lib/domain/judge";
import { conceptName } from "./concepts";
import { plural, recordLabel } from "./evidence-labels";
import { computeFeatures, type EvidenceFeatures } from "./evidence-features";
import { CONFIDENCE_K } from "./hypothesis";
import { designSummary } from "@/lib/domain/study-design";

/**
 * Weight of one human study by its Oxford CEBM 2011 level (1 systematic review … 5 mechanism-based):
 * 6, 4, 2, 1, 0. Each step up the evidence pyramid counts about twice the one below (our weights).
 */
export const CLINICAL_LEVEL_WEIGHTS: Readonly<Record<number, number>> = { 1: 6, 2: 4, 3: 2, 4: 1, 5: 0 };

/**
 * Saturation of clinicalScore = 10 × (1 − exp(−W / k)): k = 8, so one RCT (W 4) gives 4 and RCT + 2 cohorts (W 8)
 * gives 6.
 */
export const CLINICAL_K = 8;

/** Saturation of the mechanistic-record term 1 − exp(−m / k): k = 4 mechanistic records give 0.63. */
export const MECHANISTIC_K = 4;

/**
 * Weights of the mechanism score: the primary chain's weakest-link support 0.6, mechanistic record count 0.4 (our
 * choice).
 */
export const MECHANISM_WEIGHTS = { link: 0.6, records: 0.4 } as const;

function score(x: number): number {
  return Math.max(0, Math.min(10, Math.round(10 * x)));
}

function idsLabel(f: EvidenceFeatures, records: number[], max = 5): string {
  const labels = records.slice(0, max).map((r) => recordLabel(f.index.records[r].evidence));
  return records.length > max ? `${labels.join(", ")}, …` : labels.join(", ");
}

/**
 * The extractive judge: scores the evidence from countable features instead of a language model.
 * - mechanismScore = round(10 × (0.6 × (1 − exp(−w / 2)) + 0.4 × (1 − exp(−m / 4)))), w = records behind the
 *   primary hypothesis' weakest link (k = 2 as in the hypothesis confidence), m = relevant mechanistic records
 *   (animal, in vitro, or molecular terms; see computeFeatures). 0 without a primary hypothesis' links.
 * - clinicalScore = round(10 × (1 − exp(−W / 8))), W = Σ CEBM-level weights ({@link CLINICAL_LEVEL_WEIGHTS}) of
 *   the relevant human studies.
 * - confidence = (mechanismScore + clinicalScore) / 20 × (0.5 + 0.5 × s / (s + c)), s and c the primary
 *   hypothesis' supporting and contradicting records (agreement raises or lowers it); 0 without a primary.
 * - drugCandidates: for a named drug, the drug A when ≥ 1 record mentions it, then chemicals reported protective and
 *   confirmed by the relation model ("… (protective)"); for an open question, the drugs the relation model says cause
 *   the effect in people (human evidence first), then those used only to induce it in animal models ("… (experimental
 *   inducer)"); for a repurposing question, those it says treat it ("… (protective)"), best first.
 * - sufficient: isSufficient (DeepCritical's rule); recommendation "synthesize" when sufficient or
 *   iteration ≥ maxIterations, else "continue"; nextSearchQueries from the hypotheses' weakest links, the
 *   recommended searches, and a human-study query when clinicalScore < 5.
 * Scores are integers in 0–10, confidence in 0–1 (2 decimals). Deterministic.
 */
export function extractiveJudge(input: JudgeInput): JudgeAssessment {
  const { question, evidence, hypotheses, iteration, maxIterations } = input;
  const f = computeFeatures(question, evidence, hypotheses);
  const primary = hypotheses.primaryHypothesis;
  const drug = f.terms.drug;
  const drugLabel = drug?.name ?? (f.candidates.length > 0 ? "the candidate drugs" : "the drug");
  const effectName = f.terms.effect?.name ?? primary?.effect ?? "the effect";

  // A curated (GO annotation) link rests on no record; the literature links bound the chain.
  const literature = primary?.links.filter((l) => !l.curated) ?? [];
  const weakest = literature.length > 0 ? Math.min(...literature.map((l) => l.evidenceIds.length)) : 0;
  const linkPart = 1 - Math.exp(-weakest / CONFIDENCE_K);
  const mechRecords = f.mechanistic.length;
  const mechPart = 1 - Math.exp(-mechRecords / MECHANISTIC_K);
  const mechanismScore = primary ? score(MECHANISM_WEIGHTS.link * linkPart + MECHANISM_WEIGHTS.records * mechPart) : 0;
  const mechDesigns = designSummary(f.mechanistic.map((r) => f.designs[r]));
  const mechanismReasoning = primary
    ? `Primary chain ${chainLabel(primary)}: weakest link supported by ${plural(weakest, "record")} ` +
      `(links ${primary.links.map((l) => (l.curated ? "curated" : l.evidenceIds.length)).join("/")}). ` +
      `${plural(mechRecords, "mechanistic record")} ` +
      `bear on the question (${mechDesigns}). Score = round(10 × (0.6 × ${linkPart.toFixed(2)} + 0.4 × ` +
      `${mechPart.toFixed(2)})) = ${mechanismScore}.`
    : `No mechanistic hypothesis could be formed from the evidence, so the mechanism score is 0 ` +
      `(${plural(mechRecords, "mechanistic record")} reviewed).`;

  const weight = f.human.reduce((sum, r) => sum + (CLINICAL_LEVEL_WEIGHTS[f.designs[r].level ?? 5] ?? 0), 0);
  const clinicalScore = score(1 - Math.exp(-weight / CLINICAL_K));
  const clinicalReasoning =
    f.human.length > 0
      ? `Human evidence on ${drugLabel} and ${effectName}: ${designSummary(f.human.map((r) => f.designs[r]))} ` +
        `(${idsLabel(f, f.human)}); CEBM-weighted total ${weight}. Score = round(10 × (1 − exp(−${weight} / ` +
        `${CLINICAL_K}))) = ${clinicalScore}.`
      : `No human study among the ${plural(evidence.length, "record")} bears on ${drugLabel} and ${effectName}, ` +
        `so the clinical score is 0.`;

  // Candidates are chemicals only; "(protective)" only where the relation model reads "treats" (a
  // protection cue alone names too many co-mentioned chemicals).
  const drugCandidates: string[] = [];
  if (drug && f.drugRecords.size > 0) drugCandidates.push(drug.name);
  for (const p of f.protective)
    drugCandidates.push(`${conceptName(f.index.concepts.get(p.key)!, p.records)} (protective)`);
  const treats = f.terms.classification.kind === "repurposing";
  for (const c of f.candidates) drugCandidates.push(treats ? `${c.name} (protective)` : c.name);
  // Chemicals used only to induce the condition in animal models are listed apart, after the drugs.
  for (const c of f.inducers) drugCandidates.push(`${c.name} (experimental inducer)`);

  const s = primary?.supportingEvidence.length ?? 0;
  const c = primary?.contradictingEvidence.length ?? 0;
  const agreement = s + c > 0 ? s / (s + c) : 0;
  const confidence = primary
    ? Math.round(((mechanismScore + clinicalScore) / 20) * (0.5 + 0.5 * agreement) * 100) / 100
    : 0;
  const sufficient = isSufficient({ mechanismScore, clinicalScore, drugCandidates });
  const recommendation = sufficient || iteration >= maxIterations ? "synthesize" : "continue";

  const queries: string[] = [];
  for (const h of hypotheses.hypotheses) {
    const weakestLink = [...h.links].sort((a, b) => a.evidenceIds.length - b.evidenceIds.length)[0];
    if (weakestLink) queries.push(`${weakestLink.from} ${weakestLink.to}`);
  }
  queries.push(...hypotheses.recommendedSearches);
  if (clinicalScore < 5 && drug) queries.push(`${drug.name} ${effectName} patients cohort`);
  if (f.terms.missingDrug) queries.push(`${f.terms.missingDrug} ${effectName}`);
  const nextSearchQueries = [...new Set(queries)].slice(0, 5);

  const keyFindings = hypotheses.hypotheses
    .slice(0, 4)
    .map(
      (h) =>
        `${chainLabel(h)}: ${plural(h.supportingEvidence.length, "supporting record")}, ` +
        `${h.contradictingEvidence.length} contradicting (confidence ${h.confidence.toFixed(2)}).`,
    );
  for (const c of f.candidates.slice(0, 5)) {
    keyFindings.push(
      `${c.name} ${treats ? "treats or prevents" : "causes"} ${effectName} by the relation model in ` +
        `${plural(c.records.length, "record")} (${idsLabel(f, c.records)}).`,
    );
  }
  for (const p of f.protective.slice(0, 3)) {
    keyFindings.push(
      `${conceptName(f.index.concepts.get(p.key)!, p.records)} was reported protective (${idsLabel(f, p.records)}).`,
    );
  }
  const rule = sufficient
    ? "sufficient (the evidence suffices at a combined score ≥ 12 with a drug candidate and a mechanism score ≥ 6)"
    : "not yet sufficient (the evidence suffices at a combined score ≥ 12 with a drug candidate and a mechanism " +
      "score ≥ 6)";
  const reasoning =
    `Reviewed ${plural(evidence.length, "record")}: ${designSummary(f.designs)}; ${f.relevant.length} mention ` +
    `${drugLabel} ` +
    `together with ${effectName} or a hypothesis term. Primary hypothesis: ` +
    `${primary ? `${plural(s, "supporting record")}, ${c} contradicting` : "none"}. ` +
    `Mechanism ${mechanismScore}/10 + clinical ${clinicalScore}/10 = ${mechanismScore + clinicalScore}: ${rule}. ` +
    // A research follow-up's iteration comes after the run's own ones: "iteration 4 of 3" would read as a fault.
    (iteration <= maxIterations
      ? `Iteration ${iteration} of ${maxIterations}: ${recommendation}.`
      : `Iteration ${iteration} (a follow-up, after the run's ${maxIterations}): ${recommendation}.`);
  return {
    mechanismScore,
    mechanismReasoning,
    clinicalScore,
    clinicalReasoning,
    drugCandidates,
    keyFindings,
    sufficient,
    confidence: Math.max(0, Math.min(1, confidence)),
    recommendation,
    nextSearchQueries,
    reasoning,
  };
}
