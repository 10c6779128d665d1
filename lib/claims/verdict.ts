import type { VerdictConfidence } from "@/lib/domain/claim-check";
import type { VerdictDraft, VerdictInput } from "./backend";
import { unquoted } from "./counter-report";

/**
 * Majority one side needs over the other for a verdict: 2 to 1. Source: our choice — a plain majority would let one
 * misread abstract flip a verdict between two small counts.
 */
export const VERDICT_MAJORITY = 2;
/** Documents on one side for high confidence, with at most a fifth as many on the other. Source: our choice. */
export const HIGH_CONFIDENCE_DOCUMENTS = 5;

function capitalised(s: string): string {
  return s[0].toUpperCase() + s.slice(1);
}

function documents(n: number): string {
  return `${n} ${n === 1 ? "document" : "documents"}`;
}

/**
 * The extractive verdict on the ORIGINAL claim, by counting (no model). Against the claim: A = documents at or
 * above the score threshold, counted only when at least one of them is cited with a verified passage; for the
 * claim: S = documents whose sentences state the claim's finding (scorer stance "claim").
 * - A = 0 and S = 0 → "undecided", low confidence (nothing found either way);
 * - A ≥ 1 and A ≥ 2·S → "contradicts"; S ≥ 1 and S ≥ 2·A → "supports" (the 2:1 {@link VERDICT_MAJORITY});
 * - otherwise "undecided" (mixed evidence), medium confidence when both sides have ≥ 3 documents, else low.
 * Confidence of a verdict: high with ≥ 5 documents on its side, at most a fifth as many against and (for
 * "contradicts") a top score ≥ 4; medium with ≥ 2 documents; else low.
 */
export function judgeClaimExtractive(input: VerdictInput): VerdictDraft {
  const { stats } = input;
  const against = stats.documentsCited > 0 ? stats.documentsAboveThreshold : 0;
  const forClaim = input.scores.filter((s) => s.stance === "claim").length;
  const topScore = Math.max(0, ...input.citations.map((c) => c.score));
  const threshold = stats.threshold;

  if (against === 0 && forClaim === 0) {
    return {
      verdict: "undecided",
      confidence: "low",
      rationale:
        `None of the ${documents(stats.documentsFound)} searched reached the threshold of ${threshold} of 5 for the counter-statement, ` +
        `and none stated a finding in line with the claim. The sources searched leave the claim undecided.`,
    };
  }
  const confidence = (mine: number, theirs: number, strong: boolean): VerdictConfidence =>
    mine >= HIGH_CONFIDENCE_DOCUMENTS && theirs * 5 <= mine && strong ? "high" : mine >= 2 ? "medium" : "low";
  if (against >= 1 && against >= VERDICT_MAJORITY * forClaim) {
    return {
      verdict: "contradicts",
      confidence: confidence(against, forClaim, topScore >= 4),
      rationale:
        `${capitalised(documents(against))} of the ${stats.documentsScored} scored reached the threshold of ${threshold} of 5 for the counter-statement ` +
        `“${unquoted(input.counter.counterStatement)}”, and ${stats.documentsCited === 1 ? "1 is cited with a passage verified in its abstract" : `${stats.documentsCited} are cited with passages verified in their abstracts`}. ` +
        `${forClaim === 0 ? "No document" : documents(forClaim)} stated a finding in line with the claim, so the evidence contradicts it.`,
    };
  }
  if (forClaim >= 1 && forClaim >= VERDICT_MAJORITY * against) {
    return {
      verdict: "supports",
      confidence: confidence(forClaim, against, true),
      rationale:
        `${capitalised(documents(forClaim))} stated findings in line with the claim, against ${against} reaching the threshold of ${threshold} of 5 for the counter-statement. ` +
        `The evidence found supports the claim.`,
    };
  }
  return {
    verdict: "undecided",
    confidence: against >= 3 && forClaim >= 3 ? "medium" : "low",
    rationale:
      `${capitalised(documents(against))} support the counter-statement and ${documents(forClaim)} support the claim, without a ${VERDICT_MAJORITY}:1 majority either way. ` +
      `The evidence is mixed, so the claim stays undecided.`,
  };
}
