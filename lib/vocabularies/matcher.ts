/**
 * Dictionary matching of lexicon forms against phrases and running text, shared by the gene and the process
 * recognisers: a form index keyed by folded keys, whole-phrase lookup, and greedy longest-first span matching
 * over tokens. Pure, no I/O.
 */
import { type CaseMode, caseMatches } from "./form-rules";
import { compactKey, foldedKey, spacedKey, type Token, tokenise } from "./normalise";

/**
 * How the text between two tokens of a matched span may look:
 * "tight" (symbols, aliases): nothing or one hyphen ("Bcl-2", "COX2"), or one space before a spelled Greek
 * letter ("IL-1 beta"); "loose" (names, terms, curated phrases): up to 3 characters of spaces, hyphens,
 * slashes and parentheses, and commas where the form has one ("toll-like receptor 4", "Na(+)/K(+)-ATPase"),
 * with the form's word boundaries (spacedKey: "proteins" is not "protein S").
 */
export type GapRule = "tight" | "loose";

/** One form in an index. `target` is what it denotes (a gene or process index; -1 blocks the form). */
export interface FormEntry {
  target: number;
  compact: string;
  /** spacedKey of the form: a loose-gap span must have the same word boundaries. */
  spaced: string;
  /** Whether the form has a comma (only then may a loose span have one: "protein, S" is not "protein S"). */
  commas: boolean;
  caseMode: CaseMode;
  gap: GapRule;
  /** Lower wins when several entries share a key (curated 0, symbol/term 1, name/synonym 2, alias 3). */
  priority: number;
  kind: string;
}

/**
 * Forms by folded key (each list sorted by priority), the folded prefixes of forms at their word boundaries
 * (spacedKey: "bcl" of "BCL2", "tolllike" of "toll like receptor 4") so that a scan stops extending a span
 * as soon as no form can start that way, and the longest form in tokens.
 */
export interface FormIndex {
  byKey: Map<string, FormEntry[]>;
  prefixes: Set<string>;
  maxTokens: number;
}

/** Longest span tried in running text, in tokens (longer names are found only by whole-phrase lookup). */
const MAX_SPAN_TOKENS = 12;

/** An empty index. */
export function emptyIndex(): FormIndex {
  return { byKey: new Map(), prefixes: new Set(), maxTokens: 1 };
}

/** Adds a form (a phrase such as "aquaporin 2") to an index; forms without letters or digits are ignored. */
export function addForm(index: FormIndex, form: string, entry: Omit<FormEntry, "compact" | "spaced" | "commas">): void {
  const tokens = tokenise(form).map((t) => t.compact);
  const compact = tokens.join("");
  if (!compact) return;
  const key = compact.toLowerCase();
  const list = index.byKey.get(key);
  const spaced = spacedKey(tokens);
  const full: FormEntry = { ...entry, compact, spaced, commas: form.includes(",") };
  const words = spaced.split(" ");
  for (let m = 1, prefix = words[0]; m < words.length; prefix += words[m], m += 1) index.prefixes.add(prefix);
  if (!list) index.byKey.set(key, [full]);
  else {
    list.push(full);
    list.sort((a, b) => a.priority - b.priority);
  }
  if (tokens.length > index.maxTokens) index.maxTokens = Math.min(MAX_SPAN_TOKENS, tokens.length);
}

/**
 * Adds a curated phrase (curated-genes.ts, curated-processes.ts) ahead of the lexicon's forms (priority 0, loose
 * gaps): it denotes the target `targets` holds for its id, or blocks the form when the id is null (never a gene or a
 * process); a phrase whose id this lexicon release lacks is left out.
 */
export function addCuratedForm(
  index: FormIndex,
  phrase: string,
  id: string | null,
  targets: ReadonlyMap<string, number>,
  entry: Pick<FormEntry, "caseMode" | "kind">,
): void {
  const target = id === null ? -1 : targets.get(id);
  if (target !== undefined) addForm(index, phrase, { target, gap: "loose", priority: 0, ...entry });
}

/** The best entry whose case mode accepts a whole phrase ("AQP2", "aquaporin-2"), or null. */
export function lookupPhrase(index: FormIndex, phrase: string): FormEntry | null {
  const entries = index.byKey.get(foldedKey(phrase));
  const surface = compactKey(phrase);
  const spaced = spacedKey(tokenise(phrase).map((t) => t.compact));
  return (
    entries?.find((e) => caseMatches(surface, e.compact, e.caseMode) && (e.gap === "tight" || e.spaced === spaced)) ??
    null
  );
}

const GREEK_WORD = /^(alpha|beta|gamma|delta|epsilon|kappa|zeta|theta|lambda|mu|sigma|omega)$/i;

function gapAllowed(gap: string, entry: FormEntry, next: Token): boolean {
  if (gap === "" || gap === "-") return true;
  if (entry.gap === "tight") return gap === " " && GREEK_WORD.test(next.compact);
  return gap.length <= 3 && /^[\s\-–,/()]+$/.test(gap) && (entry.commas || !gap.includes(","));
}

/** A matched span: token range [first, last), offsets [start, end) into the text, and the entry. */
export interface SpanMatch {
  first: number;
  last: number;
  start: number;
  end: number;
  entry: FormEntry;
}

/**
 * A span decision: "accept" keeps it; "block" consumes it without a result (so no shorter form inside it
 * matches); "reject" tries the next candidate.
 */
export type SpanDecision = "accept" | "block" | "reject";

/**
 * Non-overlapping matches in a text, scanning tokens left to right and taking the longest span that an
 * entry accepts at each position. A span is never followed by a "+" token it does not contain ("Ca2+",
 * "CD4+ cells", "CD4(+)") and never starts right after "<number>-" ("5-HT1A" is not "HT1A").
 * @param decide extra acceptance test (context, blocking); defaults to accepting entries with target ≥ 0.
 */
export function matchSpans(
  text: string,
  index: FormIndex,
  decide: (m: SpanMatch, tokens: Token[]) => SpanDecision = (m) => (m.entry.target >= 0 ? "accept" : "block"),
): SpanMatch[] {
  const tokens = tokenise(text);
  const out: SpanMatch[] = [];
  let i = 0;
  while (i < tokens.length) {
    let next = i + 1;
    const afterNumber =
      i > 0 && /^\d+$/.test(tokens[i - 1].compact) && text.slice(tokens[i - 1].end, tokens[i].start) === "-";
    // Surfaces of spans starting at i, extended while some form can still start that way.
    const surfaces: string[] = [];
    for (let j = i + 1, s = ""; j <= Math.min(tokens.length, i + index.maxTokens) && !afterNumber; j += 1) {
      s += tokens[j - 1].compact;
      const folded = s.toLowerCase();
      surfaces.push(s);
      if (!index.prefixes.has(folded) && !index.byKey.has(folded)) break;
    }
    for (let j = i + surfaces.length; j > i; j -= 1) {
      const surface = surfaces[j - i - 1];
      const entries = index.byKey.get(surface.toLowerCase());
      if (!entries) continue;
      const span = tokens.slice(i, j);
      if (
        j < tokens.length &&
        tokens[j].compact === "+" &&
        /^\(?$/.test(text.slice(tokens[j - 1].end, tokens[j].start))
      )
        continue;
      const decision = decideSpan(text, span, surface, entries, (entry) =>
        decide({ first: i, last: j, start: span[0].start, end: span[span.length - 1].end, entry }, tokens),
      );
      if (!decision) continue;
      if (decision.result === "accept")
        out.push({ first: i, last: j, start: span[0].start, end: span[span.length - 1].end, entry: decision.entry });
      next = j;
      break;
    }
    i = next;
  }
  return out;
}

function decideSpan(
  text: string,
  span: Token[],
  surface: string,
  entries: FormEntry[],
  decide: (entry: FormEntry) => SpanDecision,
): { result: "accept" | "block"; entry: FormEntry } | null {
  const spaced = spacedKey(span.map((t) => t.compact));
  for (const entry of entries) {
    const gapsOk = span.every((t, k) => k === 0 || gapAllowed(text.slice(span[k - 1].end, t.start), entry, t));
    if (!gapsOk || !caseMatches(surface, entry.compact, entry.caseMode)) continue;
    if (entry.gap === "loose" && entry.spaced !== spaced) continue;
    const result = decide(entry);
    if (result !== "reject") return { result, entry };
  }
  return null;
}
