import type { Evidence } from "@/lib/domain/evidence";
import { countFindingCues } from "@/lib/text/findings";
import { splitSentences } from "@/lib/text/sentences";
import { indexTerms } from "@/lib/text/tokens";
import type { RecordStance } from "./stance";

/**
 * The finding-cue reader, for questions that do not relate a drug to a condition (PubMedQA's "Do mitochondria play
 * a role in remodelling lace plant leaves?"): a record's findings are read by counting result-cue words
 * (lib/text/findings.ts countFindingCues), not by the relation model. Cues, weights and thresholds were tuned on
 * PubMedQA's development split (even PMIDs) only, see scripts/eval-pubmedqa.ts.
 */

/**
 * Sentences read for findings: the abstract's last ones, where results and conclusions stand. Tuned on PubMedQA dev.
 */
export const FINDING_SENTENCES = 3;
/**
 * Weight of a negative cue against a positive one (a negation usually sits beside a positive word: "not significantly
 * different"). Tuned on PubMedQA dev.
 */
export const NEGATIVE_WEIGHT = 2;

/**
 * The share (0–1) of the question's distinct index terms that occur in the record (title, abstract, MeSH headings).
 */
export function bearingOf(questionTerms: ReadonlySet<string>, e: Evidence): number {
  if (questionTerms.size === 0) return 0;
  const text = `${e.citation.title} ${e.citation.abstract} ${e.citation.meshTerms.map((m) => m.term).join(" ")}`;
  const terms = new Set(indexTerms(text));
  let hits = 0;
  for (const t of questionTerms) if (terms.has(t)) hits++;
  return hits / questionTerms.size;
}

/** A finding-cue reading: the stance, the cue counts behind it in words, and the finding sentence it rests on. */
export interface CueReading {
  stance: RecordStance;
  reason: string;
  passage: string | null;
}

function cues(n: number, word: string): string {
  return `${n} ${word} cue${n === 1 ? "" : "s"}`;
}

/**
 * Reads a record's findings with cue counts: among the abstract's last {@link FINDING_SENTENCES} sentences, those
 * that share a term with the question (all of them when none does). Score = positive − {@link NEGATIVE_WEIGHT} ×
 * negative cues: "no" below 0, "yes" above 0 when the hedges do not outnumber the positive cues, else "possibly".
 * On PubMedQA's dev split, reading each question's own abstract this way answers 0.618 of the questions (majority
 * baseline 0.552). The passage is the last finding sentence read.
 */
export function readFindingCues(questionTerms: ReadonlySet<string>, e: Evidence): CueReading {
  const later = splitSentences(e.citation.abstract).slice(-FINDING_SENTENCES);
  const onTopic = later.filter((s) => indexTerms(s).some((t) => questionTerms.has(t)));
  const read = onTopic.length > 0 ? onTopic : later;
  const text = read.join(" ");
  const { positive, negative, hedges } = countFindingCues(text);
  const score = positive - NEGATIVE_WEIGHT * negative;
  const stance: RecordStance = score < 0 ? "no" : score > 0 && hedges <= positive ? "yes" : "possibly";
  const found =
    stance === "yes" ? "findings read as yes" : stance === "no" ? "findings read as no" : "findings hedged or mixed";
  return {
    stance,
    reason:
      `${found} by result-cue words (${cues(positive, "positive")}, ${cues(negative, "negative")}, ` +
      `${cues(hedges, "hedging")})`,
    passage: read.at(-1) ?? null,
  };
}
