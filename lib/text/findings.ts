/** Shortest sentence that can state a finding, in characters (drops headings and fragments). Source: our choice. */
const MIN_FINDING_CHARS = 25;

/** Structured-abstract labels of sections that state no finding. */
const NON_FINDING_LABEL = /^(?:background|objectives?|aims?|purpose|methods?|design|setting|participants|patients and methods|materials and methods|introduction|context)\s*:/i;

/** Sentences that state an aim or a method, not a finding ("we investigated whether X induces Y"). */
const AIM = /\b(?:we (?:investigated|examined|studied|evaluated|assessed|aimed|sought|hypothesi[sz]ed|tested|compared|analy[sz]ed|describe|report)|the (?:aim|purpose|objective|goal) of|was (?:designed|undertaken|conducted) to|to (?:determine|investigate|evaluate|assess|examine|test) whether|(?:was|were) (?:investigated|examined|studied|evaluated|assessed))\b/i;

/**
 * Whether a sentence of an abstract can state a finding: not an aim, method, background or question, and not a
 * fragment. Used by the claim check to pick claims and passages, and by the reading to pick the sentence a
 * record's stance rests on. Source: our reading of the BC5CDR and MEDLINE abstracts.
 */
export function mayStateFinding(sentence: string): boolean {
  const text = sentence.trim();
  return !(text.length < MIN_FINDING_CHARS || text.endsWith("?") || NON_FINDING_LABEL.test(text) || AIM.test(text));
}
