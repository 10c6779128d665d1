/**
 * Internal names that saved run text may carry (method names, model quantities, the rule's origin), with the plain
 * words a reader sees instead. Applied wherever the page shows text an agent wrote (methods, the judge's reasoning,
 * a claim's relation readings, search statistics), so runs saved before the agents wrote plainly read plainly too.
 * Order matters: whole phrases first, then the bare names they contain.
 */
const PLAIN_WORDS: Array<[RegExp, string]> = [
  // The extractive backend's methods line, as one plain sentence.
  [
    /Backend: extractive \(no language model\)\.[^\n]*?weighted by Oxford CEBM levels\./g,
    "Read without a language model: a relation model trained on expert-annotated abstracts reads which drugs " +
      "cause or treat which conditions; a mechanism is traced through sentences that name both ends of each link; " +
      "the sentences quoted are those that best match the question, chosen so they do not repeat one another; " +
      "scores count study designs, weighted by level of evidence.",
  ],
  [
    /by DeepCritical's rule \(combined score ≥ 12, a drug candidate, mechanism score ≥ 6\)/g,
    "(the evidence suffices at a combined score ≥ 12 with a drug candidate and a mechanism score ≥ 6)",
  ],
  [/DeepCritical's rule/g, "the sufficiency rule"],
  // A model's probability is not a finding: the reading it gave is shown, the number stays in the run's data.
  [/\s*\((?:P\(CID\)|relation probability)\s*=?\s*[\d.]+\)/g, ""],
  [/P\(CID\)/g, "relation probability"],
  [/the relation model \(trained on BC5CDR\)/g, "a relation model trained on expert-annotated abstracts"],
  [/\s*\(trained on BC5CDR\)/g, ""],
  // Saved summaries of study designs ("4 unclassified records").
  [/\bunclassified records\b/g, "records without a study design"],
  [/\bunclassified record\b/g, "record without a study design"],
  [/\bHyDE searches\b/g, "searches by example abstracts"],
  [/\bHyDE search\b/g, "search by example abstracts"],
  [/\bHyDE abstracts\b/g, "example abstracts"],
  [/\bHyDE\b/g, "example-abstract"],
  [/\s*\(k1 [\d.]+, b [\d.]+\)/g, ""],
  [/\s*\(λ [\d.]+, TF-IDF cosine\)/g, ""],
  [/ranked by BM25/g, "ranked by keyword relevance"],
  [/selected by MMR/g, "selected so they do not repeat one another"],
  [/\bBM25\b/g, "keyword relevance"],
];

/** `text` with the internal names of {@link PLAIN_WORDS} replaced by plain words; other text is left as written. */
export function plainWords(text: string): string {
  return PLAIN_WORDS.reduce((t, [pattern, plain]) => t.replace(pattern, plain), text);
}

/** The internal names a page must not show (for tests and checks of rendered text). */
export const INTERNAL_NAMES: readonly string[] = [
  "DeepCritical's rule",
  "P(CID)",
  "HyDE",
  "BM25",
  "k1 1.2, b 0.75",
  "relation probability",
  "trained on BC5CDR",
  "extractive mode",
  "OPENAI_API_KEY",
  "target unrecognised",
  "Unclassified record",
];
