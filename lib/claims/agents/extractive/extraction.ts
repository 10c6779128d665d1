import { mayStateFinding } from "@/lib/text/findings";
import { splitSentences } from "@/lib/text/sentences";
import { isNegated } from "@/lib/claims/analysis";
import { COMPARATIVE, VERB_FORM_TO_BASE } from "@/lib/claims/lexicon";

/** Most claims checked per text. Source: our choice: an abstract's main findings, each checked by its own searches. */
export const MAX_CLAIMS = 3;

/** Longest claim kept, in characters; longer sentences are cut at a word boundary. Source: our choice. */
export const MAX_CLAIM_CHARS = 400;

/** Structured-abstract labels at the start of a sentence ("CONCLUSIONS:", "Results:"). */
const LABEL = /^(?:[A-Z][A-Za-z &/-]{2,30}:\s*)+/;
const CONCLUSION_LABEL = /^(?:conclusions?|interpretation|results?|findings)\s*:/i;
const CONCLUDING = new RegExp(
  "\\b(?:we conclude|in conclusion|these (?:results|findings|data) (?:suggest|indicate|show|demonstrate)|" +
    "our (?:results|findings|data) (?:suggest|indicate|show|demonstrate))\\b",
  "i",
);
const NUMBER = /\d/;

/**
 * A sentence of the text as a claim: without structured-abstract labels, without a final full stop, at most 400
 * characters.
 */
export function cleanClaim(sentence: string): string {
  let text = sentence
    .replace(/\(ABSTRACT TRUNCATED[^)]*\)/gi, "")
    .replace(LABEL, "")
    .trim()
    .replace(/\s+/g, " ");
  if (text.length > MAX_CLAIM_CHARS)
    text = `${text.slice(0, text.lastIndexOf(" ", MAX_CLAIM_CHARS)).replace(/[\s,;:]+$/, "")}…`;
  return text.replace(/\.$/, "");
}

/**
 * How much a sentence reads as a checkable finding: +2 for an effect verb (reduces, induces, affects…), +2 for a
 * comparison (than, versus, superior…), +1 for a number, +1 for a negated finding, +1 for a RESULTS/CONCLUSIONS
 * label or concluding wording ("these results suggest"). Aims, methods, background and questions score −∞.
 * Source of the cues: what makes a finding checkable (a comparison, an effect verb, a number); the weights are ours.
 */
export function findingScore(sentence: string): number {
  const text = sentence.trim();
  if (!mayStateFinding(text)) return -Infinity;
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  let score = 0;
  if (words.some((w) => VERB_FORM_TO_BASE.has(w)) || /\b(?:effects?|associated with)\b/i.test(text)) score += 2;
  if (COMPARATIVE.test(text)) score += 2;
  if (NUMBER.test(text)) score += 1;
  if (isNegated(text)) score += 1;
  if (CONCLUSION_LABEL.test(text) || CONCLUDING.test(text)) score += 1;
  return score;
}

/**
 * The checkable claims of a pasted claim or abstract, without a model: a text of one sentence is its own claim;
 * otherwise the (at most {@link MAX_CLAIMS}) sentences with the highest {@link findingScore} of at least 2 (an
 * effect verb or a comparison; ties go to the later sentence, as conclusions come last), in text order; when none
 * qualifies, the best-scoring sentence that is not an aim
 * or method. Claims are cleaned with {@link cleanClaim}.
 * @returns [] only for a text without sentences.
 */
export function extractClaimsExtractive(text: string): string[] {
  const sentences = splitSentences(text);
  if (sentences.length <= 1) return sentences.map(cleanClaim).filter(Boolean);
  const scored = sentences
    .map((s, index) => ({ s, index, score: findingScore(s) }))
    .filter((x) => Number.isFinite(x.score));
  const ranked = [...scored].sort((a, b) => b.score - a.score || b.index - a.index);
  const findings = ranked.filter((x) => x.score >= 2).slice(0, MAX_CLAIMS);
  const picked = findings.length > 0 ? findings : ranked.slice(0, 1);
  if (picked.length === 0) return [cleanClaim(sentences[sentences.length - 1])];
  return picked.sort((a, b) => a.index - b.index).map((x) => cleanClaim(x.s));
}
