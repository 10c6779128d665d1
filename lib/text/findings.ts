/** Shortest sentence that can state a finding, in characters (drops headings and fragments). Source: our choice. */
const MIN_FINDING_CHARS = 25;

/** Structured-abstract labels of sections that state no finding. */
const NON_FINDING_LABEL = new RegExp(
  "^(?:background|objectives?|aims?|purpose|methods?|design|setting|participants|patients and methods|" +
    "materials and methods|introduction|context)\\s*:",
  "i",
);

/** Sentences that state an aim or a method, not a finding ("we investigated whether X induces Y"). */
const AIM = new RegExp(
  "\\b(?:we (?:investigated|examined|studied|evaluated|assessed|aimed|sought|hypothesi[sz]ed|tested|compared|" +
    "analy[sz]ed|describe|report)|the (?:aim|purpose|objective|goal) of|was (?:designed|undertaken|conducted) to|" +
    "to (?:determine|investigate|evaluate|assess|examine|test) whether|(?:was|were) (?:investigated|examined|studied|" +
    "evaluated|assessed))\\b",
  "i",
);

/**
 * Whether a sentence of an abstract can state a finding: not an aim, method, background or question, and not a
 * fragment. Used by the claim check to pick claims and passages, and by the reading to pick the sentence a
 * record's stance rests on. Source: our reading of the BC5CDR and MEDLINE abstracts.
 */
export function mayStateFinding(sentence: string): boolean {
  const text = sentence.trim();
  return !(text.length < MIN_FINDING_CHARS || text.endsWith("?") || NON_FINDING_LABEL.test(text) || AIM.test(text));
}

/**
 * The finding cues of a sentence, tuned on PubMedQA's development split (even PMIDs) only (scripts/eval-pubmedqa.ts):
 * - negative: the study found no effect, difference or association ("did not", "no significant", "similar");
 * - positive: it found one ("significantly", "associated with", "increased", "p < 0.05");
 * - hedge: the authors do not commit ("may", "might", "suggest", "trend", "further studies").
 */
const NEGATIVE_FINDING = new RegExp(
  "\\b(?:no (?:significant|statistically significant|difference|differences|association|associations|correlation|" +
    "relationship|effect|evidence|benefit|change|increase|reduction|improvement)|not (?:significantly|statistically|" +
    "associated|correlated|related|different|predictive|improve|reduce|increase|affect|influence|found|observed|" +
    "detected|superior|better)|did not|does not|do not|was not|were not|is not|are not|could not|failed to|neither|" +
    "nor|unchanged|similar|comparable|insignificant|non-?significant|n\\.s\\.)\\b",
  "gi",
);
const POSITIVE_FINDING = new RegExp(
  "\\b(?:significant(?:ly)?|associated with|correlated with|correlation (?:between|with)|increased?|decreased?|" +
    "reduced?|improved?|higher|lower|greater|better|superior|effective|predict(?:s|ed|ive|or)|" +
    "independent(?:ly)? (?:risk|predictor|factor)|risk factor|odds ratio|hazard ratio|" +
    "p\\s*[<≤]\\s*0?\\.0[0-5]\\d*)\\b",
  "gi",
);
const HEDGE = new RegExp(
  "\\b(?:may|might|could be|suggest(?:s|ed|ing)?|possibl[ey]|trend(?:ed)?|tended|appear(?:s|ed)? to|unclear|" +
    "uncertain|remains? to be|further (?:studies|research|investigation)|limited)\\b",
  "gi",
);

/** How many positive, negative and hedging finding cues a text holds (each occurrence counts). */
export function countFindingCues(text: string): { positive: number; negative: number; hedges: number } {
  const count = (re: RegExp) => text.match(re)?.length ?? 0;
  return { positive: count(POSITIVE_FINDING), negative: count(NEGATIVE_FINDING), hedges: count(HEDGE) };
}

/**
 * Result cues of a sentence: statistics and result wording, which make a finding stronger (the claim check ranks
 * passages by them). Source: our reading of the results sentences of BC5CDR and MEDLINE abstracts.
 */
export const RESULT_CUE = new RegExp(
  "(?:\\bp\\s*[<=≤]|\\bsignificant(?:ly)?\\b|\\d\\s*%|\\bconfidence interval\\b|\\b95\\s*%|\\bodds ratio\\b|" +
    "\\bhazard ratio\\b|\\brelative risk\\b|^(?:results?|conclusions?)\\s*:)",
  "i",
);

/**
 * A null finding: the sentence reports that something was not seen or did not differ ("no cases of myopathy were
 * observed", "was not associated with", "did not develop", "no significant difference"). Used by the reading: a
 * negated sentence relating a drug to a condition with such wording is a denial of the relation (a "no"), where a
 * negation alone ("patients without renal failure") is not. Source: our reading of the negated sentences of BC5CDR
 * training abstracts that relate an annotated chemical and disease. "None of the controls" is no null finding: it sets
 * the controls against a group that had the condition ("Eleven of the cocaine abusers and none of the controls had
 * … myocardial infarction"; of the 18 "none of the" sentences of BC5CDR training and development abstracts, the one
 * naming controls).
 */
const NULL_FINDING = new RegExp(
  "\\b(?:no (?:(?:statistically )?significant )?(?:difference|differences|association|increase|increased risk|" +
    "evidence|cases?|episodes?|signs?|effect|change)|not (?:(?:statistically )?significantly )?(?:associated|related|" +
    "increased?|observed|found|detected|seen|reported|developed|occurr?ed|induced?|caused?)|(?:was|were|is|" +
    "are) not (?:observed|seen|found|detected|reported|associated|related|increased)|did not (?:develop|occur|" +
    "increase|cause|induce|produce|lead to|result in|differ)|none of the\\b(?!\\s+(?:\\w+\\s+)?controls?\\b)|" +
    "failed to (?:induce|cause|produce|increase))\\b",
  "i",
);

/** Whether a sentence reports a null finding (see NULL_FINDING). */
export function statesNullFinding(sentence: string): boolean {
  return NULL_FINDING.test(sentence);
}
