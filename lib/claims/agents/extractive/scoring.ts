import { COUNTER_SCORE_THRESHOLD, MAX_COUNTER_SCORE, type DocumentScore } from "@/lib/domain/claim-check";
import type { Evidence } from "@/lib/domain/evidence";
import { splitSentences } from "@/lib/text/sentences";
import type { ClaimAnalysis } from "@/lib/claims/analysis";
import { mayStateFinding } from "@/lib/text/findings";
import { readSentence, type SentenceReading } from "@/lib/claims/stance";

/**
 * Least share of the claim's concepts a record must mention (title and abstract) to be on topic: 1/2. Source: our
 * choice — a record about one of "doxorubicin" and "heart" only is not evidence about their relation.
 */
export const MIN_TOPIC_COVERAGE = 0.5;

/**
 * The sentences of a record that are read against a claim: its title, then those of its abstract's sentences that
 * may state a finding (aims, methods, background and questions are left out: "we investigated whether X induces Y"
 * states no finding).
 */
export function recordSentences(e: Evidence): string[] {
  return [e.citation.title, ...splitSentences(e.citation.abstract).filter(mayStateFinding)].filter(
    (s) => s.trim().length > 0,
  );
}

/**
 * Scores one record 0–5 for how strongly it supports the counter-statement of `claim`, without a model
 * (lexical overlap plus negation and polarity cues; every sentence read by {@link readSentence}):
 *
 *   coverage = share of the claim's concepts mentioned anywhere in title + abstract
 *   C = sentences whose stance is "counter", S = sentences whose stance is "claim"
 *   score = 0                                   if coverage < 1/2 (off topic)
 *         = 1                                   if C = 0 (on topic, nothing against the claim)
 *         = min(5, 3 + [C ≥ 2] + [a counter sentence has a result cue]) − [S > C]   otherwise
 *
 * So a single counter sentence reaches the threshold 3 (PaperChecker's, see lib/domain/claim-check.ts); repetition and
 * statistics ("p < 0.05", "significantly", a RESULTS label) raise it to 4–5; a record that says more for the claim
 * than against it drops one point. `stance` is "counter" at or above the threshold, "claim" when S > C on a record on
 * topic, else "neutral".
 */
export function scoreRecord(record: Evidence, claim: ClaimAnalysis): DocumentScore {
  const readings: SentenceReading[] = recordSentences(record).map((s) => readSentence(s, claim));
  const text = `${record.citation.title} ${record.citation.abstract}`;
  const coverage = topicCoverage(text, claim);
  if (coverage < MIN_TOPIC_COVERAGE) {
    return {
      score: 0,
      stance: "neutral",
      rationale: `Off topic: mentions ${describeCoverage(coverage, claim)} of the claim's concepts.`,
    };
  }
  const counter = readings.filter((r) => r.stance === "counter");
  const support = readings.filter((r) => r.stance === "claim").length;
  if (counter.length === 0) {
    return {
      score: 1,
      stance: support > 0 ? "claim" : "neutral",
      rationale:
        support > 0
          ? `On topic; sentences for the claim: ${support}, against it: 0.`
          : "On topic; no sentence states a finding against the claim.",
    };
  }
  const raw = Math.min(MAX_COUNTER_SCORE, 3 + (counter.length >= 2 ? 1 : 0) + (counter.some((r) => r.result) ? 1 : 0));
  const score = raw - (support > counter.length ? 1 : 0);
  return {
    score,
    stance: score >= COUNTER_SCORE_THRESHOLD ? "counter" : support > counter.length ? "claim" : "neutral",
    rationale:
      `Sentences for the counter-statement: ` +
      `${counter.length}${counter.some((r) => r.result) ? " (with a result cue)" : ""}; for the claim: ` +
      `${support}.`,
  };
}

/** Share (0–1) of the claim's concepts that `text` mentions; 0 for a claim without concepts. */
export function topicCoverage(text: string, claim: ClaimAnalysis): number {
  if (claim.concepts.length === 0) return 0;
  const hit = claim.concepts.filter((c) => new RegExp(c.pattern.source, "iu").test(text)).length;
  return hit / claim.concepts.length;
}

function describeCoverage(coverage: number, claim: ClaimAnalysis): string {
  return `${Math.round(coverage * claim.concepts.length)} of ${claim.concepts.length}`;
}
