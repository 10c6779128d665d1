import type { ClaimReading, VerdictConfidence } from "@/lib/domain/claim-check";
import type { VerdictDraft, VerdictInput } from "./backend";
import { unquoted } from "./counter-report";
import { claimVerdictOf, stanceBalance, verdictOf } from "@/lib/reading/verdict";
import { unrelatedBearing } from "@/lib/reading/record";
import { stanceOfScore } from "@/lib/claims/agents/extractive/relation-scoring";

/**
 * Majority one side needs over the other for a verdict: 2 to 1. Source: our choice — a plain majority would let one
 * misread abstract flip a verdict between two small counts.
 */
export const VERDICT_MAJORITY = 2;
/**
 * Documents on a verdict's side for high confidence. High confidence also needs the documents to agree: none on
 * the other side. Source: GRADE's inconsistency domain (Guyatt et al. 2011, J Clin Epidemiol 64:1294 — certainty
 * is rated down when studies disagree); the count of 3 ("more than a pair of studies") is our choice.
 */
export const HIGH_CONFIDENCE_DOCUMENTS = 3;

function capitalised(s: string): string {
  return s[0].toUpperCase() + s.slice(1);
}

function documents(n: number): string {
  return `${n} ${n === 1 ? "document" : "documents"}`;
}

/**
 * Confidence of a verdict with `mine` documents on its side and `theirs` on the other: "high" only when the
 * documents agree — at least {@link HIGH_CONFIDENCE_DOCUMENTS} on its side and none against it (GRADE's
 * inconsistency domain, see there); "medium" with at least 2 on its side; else "low".
 */
export function verdictConfidence(mine: number, theirs: number): VerdictConfidence {
  if (mine >= HIGH_CONFIDENCE_DOCUMENTS && theirs === 0) return "high";
  return mine >= 2 ? "medium" : "low";
}

/** Documents in line with the claim: the side's count when at least one of them is shown with a verified passage. */
function supportingCount(input: VerdictInput): number {
  if (!input.sides) return input.scores.filter((s) => s.stance === "claim").length;
  const side = input.sides.supports;
  return side && side.documents.length > 0 ? side.count : 0;
}

/** "cocaine causing a disease of the heart", "lithium causing nephrogenic diabetes insipidus". */
function pairPhrase(reading: ClaimReading): string {
  const verb = reading.relation === "causes" ? "causing" : "treating or preventing";
  return `${reading.chemical} ${verb} ${reading.organ ? `a disease of the ${reading.organ}` : reading.target}`;
}

/**
 * Why the documents sit where they do, for a claim with a polarity reading: "Read as “cocaine does not cause
 * diseases of the heart”; the relation model … read each document for cocaine causing a disease of the heart:
 * 12 documents report it, none reports the opposite."
 */
function relationBasis(reading: ClaimReading, against: number, forClaim: number): string {
  const reported = reading.negated ? against : forClaim;
  const opposite = reading.negated ? forClaim : against;
  // "Statins cause", "Lithium causes": a class is named in the plural.
  const plural = /[^s]s$/i.test(reading.chemical.trim()) && !/(?:us|is)$/i.test(reading.chemical.trim());
  const relation =
    reading.relation === "causes"
      ? reading.negated
        ? plural
          ? "do not cause"
          : "does not cause"
        : plural
          ? "cause"
          : "causes"
      : reading.negated
        ? plural
          ? "do not treat or prevent"
          : "does not treat or prevent"
        : plural
          ? "treat or prevent"
          : "treats or prevents";
  return (
    `Read as “${reading.chemical} ${relation} ` +
    `${reading.organ ? `diseases of the ${reading.organ}` : reading.target}”; the relation model (trained on ` +
    `BC5CDR) ` +
    `read each document for ${pairPhrase(reading)}: ${documents(reported)} ` +
    `${reported === 1 ? "reports" : "report"} it, ` +
    `${opposite === 0 ? "none reports" : `${documents(opposite)} ${opposite === 1 ? "reports" : "report"}`} ` +
    `the opposite.`
  );
}

/**
 * The extractive verdict on the ORIGINAL claim, by counting (no model). Against the claim: A = documents at or
 * above the score threshold, counted only when at least one of them is cited with a verified passage; for the
 * claim: S = documents whose findings are in line with it (scorer stance "claim"), counted only when at least one
 * of them is shown with a verified passage (lib/claims/sides.ts). For a claim with a polarity reading the scorer's
 * stances come from the relation model's per-document predictions (lib/claims/agents/extractive/relation-scoring.ts).
 * - A = 0 and S = 0 → "undecided", low confidence (nothing found either way);
 * - A ≥ 1 and A ≥ 2·S → "contradicts"; S ≥ 1 and S ≥ 2·A → "supports" (the 2:1 {@link VERDICT_MAJORITY});
 * - otherwise "undecided" (mixed evidence), medium confidence when both sides have ≥ 3 documents, else low.
 * Confidence of a verdict: {@link verdictConfidence} — high only when the documents agree.
 */
export function judgeClaimExtractive(input: VerdictInput): VerdictDraft {
  if (input.reading) return judgeByReading(input, input.reading);
  const { stats } = input;
  const against = stats.documentsCited > 0 ? stats.documentsAboveThreshold : 0;
  const forClaim = supportingCount(input);
  const threshold = stats.threshold;

  if (against === 0 && forClaim === 0) {
    return {
      verdict: "undecided",
      confidence: "low",
      rationale:
        `None of the ${documents(stats.documentsFound)} searched reached the threshold of ${threshold} of 5 ` +
        `for the counter-statement, ` +
        `and none stated a finding in line with the claim. The sources searched leave the claim undecided.`,
    };
  }
  const agree = (theirs: number) =>
    theirs === 0 ? "The documents agree." : "The documents disagree, so confidence is not high.";
  if (against >= 1 && against >= VERDICT_MAJORITY * forClaim) {
    return {
      verdict: "contradicts",
      confidence: verdictConfidence(against, forClaim),
      rationale:
        `${capitalised(documents(against))} of the ${stats.documentsScored} scored reached the threshold of ` +
        `${threshold} of 5 for the counter-statement ` +
        `“${unquoted(input.counter.counterStatement)}”, and ` +
        (stats.documentsCited === 1
          ? "1 is cited with a passage verified in its abstract"
          : `${stats.documentsCited} are cited with passages verified in their abstracts`) +
        `. ` +
        `${forClaim === 0 ? "No document" : documents(forClaim)} stated a finding in line with the claim, so ` +
        `the evidence contradicts it. ${agree(forClaim)}`,
    };
  }
  if (forClaim >= 1 && forClaim >= VERDICT_MAJORITY * against) {
    return {
      verdict: "supports",
      confidence: verdictConfidence(forClaim, against),
      rationale:
        `${capitalised(documents(forClaim))} stated findings in line with the claim, against ${against} ` +
        `reaching the threshold of ${threshold} of 5 for the counter-statement. ` +
        `The evidence found supports the claim. ${agree(against)}`,
    };
  }
  return {
    verdict: "undecided",
    confidence: against >= 3 && forClaim >= 3 ? "medium" : "low",
    rationale:
      `${capitalised(documents(against))} support the counter-statement and ${documents(forClaim)} support the ` +
      `claim, without a ${VERDICT_MAJORITY}:1 majority either way. ` +
      `The evidence is mixed, so the claim stays undecided.`,
  };
}

/**
 * The verdict on a claim with a polarity reading: its documents' stances (lib/reading, see stanceOfScore) weighed as
 * the research bottom line weighs its records (lib/reading/verdict.ts): yes / probably yes → supports, no / probably
 * no → contradicts, unclear → undecided. So "Does X cause Y?" and "X causes Y." get the same answer from the same
 * records. Confidence: {@link verdictConfidence} of the documents on the verdict's side against the other side.
 */
function judgeByReading(input: VerdictInput, reading: ClaimReading): VerdictDraft {
  // A record naming the drug with the condition (an organ's disease) without reading a harm bears little (as in
  // research).
  const bearing = (s: VerdictInput["scores"][number]) => (s.relation ? unrelatedBearing(reading, s.relation) : 1);
  const stances = input.scores.map((s) => ({
    stance: stanceOfScore(s),
    bearing: bearing(s),
    method: "relation-model" as const,
  }));
  const count = (stance: string, full: boolean) =>
    stances.filter((s) => s.stance === stance && (s.bearing === 1) === full).length;
  const forClaim = count("yes", true);
  const against = count("no", true);
  const weak = count("yes", false) + count("no", false);
  const unsure = stances.filter((s) => s.stance === "possibly").length;
  const unreported = stances.filter((s) => s.stance === "unreported").length;
  const related = stances.filter((s) => s.stance === "related").length;
  const weighed = verdictOf(stanceBalance(stances));
  const verdict = claimVerdictOf(weighed);
  const basis = relationBasis(reading, against, forClaim);
  const named = reading.organ ? `a disease of the ${reading.organ}` : reading.target;
  const weakText =
    weak > 0
      ? ` ${capitalised(documents(weak))} ${weak === 1 ? "names" : "name"} ${reading.chemical} with ${named} ` +
        `without reading a harm, which weighs little.`
      : "";
  const unsureText =
    unsure > 0
      ? ` ${capitalised(documents(unsure))} ${unsure === 1 ? "names" : "name"} both without a clear reading.`
      : "";
  // Records naming both without reporting the effect, and related evidence, are neither for nor against: said, not
  // weighed.
  const apart =
    (unreported > 0
      ? ` ${capitalised(documents(unreported))} ${unreported === 1 ? "names" : "name"} both but ` +
        `${unreported === 1 ? "does" : "do"} not report it either way, which counts neither for nor against.`
      : "") +
    (related > 0
      ? ` ${capitalised(documents(related))} ${related === 1 ? "reports" : "report"} it for a related concept only, ` +
        `shown apart.`
      : "");
  if (forClaim + against + weak + unsure === 0) {
    const none =
      unreported + related > 0
        ? `No document of the ${documents(input.stats.documentsFound)} searched reports it either way.`
        : `No document of the ${documents(input.stats.documentsFound)} searched names both.`;
    return {
      verdict: "undecided",
      confidence: "low",
      rationale: `${basis}${apart} ${none} The sources searched leave the claim undecided.`,
    };
  }
  // Confidence counts the records that bear fully.
  const confidence =
    verdict === "supports"
      ? verdictConfidence(forClaim, against)
      : verdict === "contradicts"
        ? verdictConfidence(against, forClaim)
        : "low";
  const conclusion =
    verdict === "supports"
      ? "so the evidence supports the claim"
      : verdict === "contradicts"
        ? "so the evidence contradicts it"
        : "so the claim stays undecided";
  return {
    verdict,
    confidence,
    rationale:
      `${basis}${weakText}${unsureText}${apart} Weighed as the research bottom line weighs its records, the answer ` +
      `to the claim reads “${weighed}”, ${conclusion}.`,
  };
}
