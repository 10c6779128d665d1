/**
 * NegEx-style negation, the one home of its trigger and terminator lists (Chapman WW et al. 2001, "A simple
 * algorithm for identifying negated findings and diseases in discharge summaries", J Biomed Inform 34:301): a
 * trigger opens a scope to its right that ends at a termination term or after {@link NEGATION_WINDOW} tokens. The
 * relation model, the claim check's sentence reader and the research backend's link reader all use these lists.
 * Tokens are lower-cased words and single punctuation marks (see {@link negationTokens}).
 */

/**
 * Pre-negation triggers reduced to their one-word heads ("did not", "failed to", "no evidence of", "lack of" reduce
 * to "not", "failed", "no", "lack"). Source: NegEx's trigger list, plus the result wording of BC5CDR abstracts
 * ("unchanged", "unaffected", "ineffective").
 */
export const NEGATION_TRIGGERS: ReadonlySet<string> = new Set([
  "no",
  "not",
  "n't",
  "without",
  "absence",
  "absent",
  "neither",
  "nor",
  "never",
  "none",
  "cannot",
  "failed",
  "fails",
  "fail",
  "lack",
  "lacked",
  "lacks",
  "lacking",
  "unlikely",
  "excluded",
  "unaffected",
  "unchanged",
  "ineffective",
  "ineffectual",
]);

/**
 * NegEx pseudo-negations: a trigger followed by these words negates nothing ("not only", "no doubt", "not
 * necessarily", "whether or not" is caught by "or" before "not"). Source: NegEx's pseudo-negation phrases.
 */
const PSEUDO_AFTER: Readonly<Record<string, ReadonlySet<string>>> = {
  not: new Set(["only", "necessarily", "just", "merely"]),
  no: new Set(["doubt", "longer"]),
};

/** NegEx termination terms and clause punctuation: a scope does not reach past them. */
export const SCOPE_TERMINATORS: ReadonlySet<string> = new Set([
  "but",
  "however",
  "although",
  "though",
  "whereas",
  "while",
  "which",
  "who",
  "except",
  "yet",
  "because",
  "since",
  ";",
  ":",
]);

/**
 * Tokens a scope reaches to the right of its trigger when no terminator comes first. Source: NegEx uses 5–6 words; 8
 * was best for the relation model on CDR_DevelopmentSet.
 */
export const NEGATION_WINDOW = 8;

/** A token of {@link negationTokens}: lower-cased text and its offsets in the text. */
export interface NegationToken {
  lower: string;
  start: number;
  end: number;
}

/** Word tokens (letter/digit runs, "n't" split off) and single punctuation marks of a text, with offsets. */
export function negationTokens(text: string): NegationToken[] {
  const out: NegationToken[] = [];
  for (const m of text.matchAll(/n't\b|[\p{L}\p{N}]+?(?=n't\b)|[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu)) {
    out.push({ lower: m[0].toLowerCase(), start: m.index ?? 0, end: (m.index ?? 0) + m[0].length });
  }
  return out;
}

/** One negation scope: the trigger's token index and the token range [from, to) it negates (from = trigger + 1). */
export interface NegationScope {
  trigger: number;
  from: number;
  to: number;
}

/** Whether the token at `i` is a negation trigger (not a pseudo-negation, not "or not" of "whether or not"). */
export function isNegationTrigger(tokens: readonly string[], i: number): boolean {
  const t = tokens[i];
  if (!NEGATION_TRIGGERS.has(t)) return false;
  if (PSEUDO_AFTER[t]?.has(tokens[i + 1] ?? "")) return false;
  return !(t === "not" && tokens[i - 1] === "or");
}

/**
 * Who reads the negation: "relation" (the relation model, as it was trained: NegEx's lists as they are) or
 * "findings" (the readers of finding sentences: the claim check and the research links), which leave out the triggers
 * "without" and "in (the) absence of" ("lithium caused a fall in GFR without changes in renal plasma flow" describes
 * what came with the effect,
 * not a denial of it) and end a scope at a comma ("lowering vascular, but not renal, tissue eNOS expression").
 */
export interface NegationOptions {
  reader?: "relation" | "findings";
}

/**
 * Whether the trigger at `i` describes what came with a finding rather than denying it, for the findings reader:
 * "without" and "in (the) absence of" ("lithium caused proteinuria in absence of glomerulosclerosis" reports
 * proteinuria; it denies nothing about lithium).
 */
function describesCircumstance(tokens: readonly string[], i: number): boolean {
  if (tokens[i] === "without") return true;
  return tokens[i] === "absence" && (tokens[i - 1] === "in" || (tokens[i - 1] === "the" && tokens[i - 2] === "in"));
}

/** Every negation scope of a sentence's lower-cased tokens, in order (see {@link NegationOptions}). */
export function negationScopes(tokens: readonly string[], options: NegationOptions = {}): NegationScope[] {
  const findings = options.reader === "findings";
  const scopes: NegationScope[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (!isNegationTrigger(tokens, i) || (findings && describesCircumstance(tokens, i))) continue;
    let j = i + 1;
    for (; j < tokens.length && j <= i + NEGATION_WINDOW; j++)
      if (SCOPE_TERMINATORS.has(tokens[j]) || (findings && tokens[j] === ",")) break;
    scopes.push({ trigger: i, from: i + 1, to: j });
  }
  return scopes;
}

/**
 * Whether a scope covers the relation between two token spans [from, to) of a sentence: a trigger at most
 * {@link NEGATION_WINDOW} tokens before the span's start (or inside it) whose scope reaches into the span ("X did not
 * induce Y", "no Y was seen with X").
 */
export function negationCovers(tokens: readonly string[], from: number, to: number): boolean {
  return negationScopes(tokens).some((s) => s.trigger >= from - NEGATION_WINDOW && s.trigger < to && s.to > from);
}

/**
 * Whether a sentence negates the relation of two of its terms, by character offsets: some scope reaches a
 * mention of either term, and the trigger stands before the later of the two mentions ("lithium did not impair AQP2
 * expression", "5-HT1A signs were not evoked by haloperidol").
 * @param mentions character ranges of the two terms' mentions in `sentence`.
 */
export function negatesMentions(
  sentence: string,
  mentions: ReadonlyArray<{ start: number; end: number }>,
  options: NegationOptions = {},
): boolean {
  if (mentions.length === 0) return false;
  const tokens = negationTokens(sentence);
  const lower = tokens.map((t) => t.lower);
  const tokenOf = (offset: number) => {
    const i = tokens.findIndex((t) => t.end > offset);
    return i < 0 ? tokens.length : i;
  };
  const spans = mentions.map((m) => ({
    from: tokenOf(m.start),
    to: Math.max(tokenOf(m.start) + 1, tokenOf(m.end - 1) + 1),
  }));
  return negationScopes(lower, options).some((s) => spans.some((m) => m.from < s.to && m.to > s.from));
}
