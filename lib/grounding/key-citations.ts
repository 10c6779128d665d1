/**
 * Citations of the agents' citation keys ("E3") and sentence ids ("E3.2") as models write them. We ask for "[E3]" and
 * for sentence ids in a list of their own, but a model that writes "(E3)", "[E3–E5]", "[E3, E7]", "[E3.2]" or a bare
 * "E3.2" means the same thing, and losing its citation would turn a cited sentence into an uncited one. What is NOT
 * read here: a bare "[3]" (a number is a rendered reference, never a key) and a bare "E3" outside brackets, which in
 * biomedical prose is as likely estradiol ("E2") as a key.
 */

/**
 * One item of a citation: a key ("E3"), a range of keys ("E3–E5": positions `from`..`to`), or one or more
 * sentences of one key ("E3.2", "E3.2–E3.4", "E3.2–4": sentences `from`..`to` of `key`).
 */
export type CitedItem =
  | { kind: "key"; key: string }
  | { kind: "keys"; from: number; to: number }
  | { kind: "sentences"; key: string; from: number; to: number };

/** A citation found in a text: its span [start, end), its text as written and its items in order. */
export interface CitationGroup {
  start: number;
  end: number;
  raw: string;
  items: CitedItem[];
}

/**
 * Longest range read as a range ("E3–E5"); a longer one counts only its two ends. Source: our choice (25 blocks
 * are shown).
 */
const MAX_RANGE = 50;

const ITEM = String.raw`E\d+(?:\.\d+)?(?:\s*[-–—]\s*(?:E\d+(?:\.\d+)?|\d+))?`;
const SEP = String.raw`\s*(?:[,;]|\band\b|&)\s*`;
const LIST = String.raw`${ITEM}(?:${SEP}${ITEM})*`;
/**
 * A bracketed list of items; a parenthesised list only where a citation can stand (before punctuation, the end of the
 * text or another citation), so "estradiol (E2) levels" is not read as a citation; a bare sentence id.
 */
const GROUP = new RegExp(
  String.raw`\[\s*(${LIST})\s*\]|\(\s*(${LIST})\s*\)(?=\s*(?:[.,;:!?)\]]|$|[[(]\s*E\d))|\b(E\d+\.\d+)\b`,
  "gi",
);

/** One side of a range as numbers: "E3.2" → key 3, sentence 2; "E3" → key 3; "4" → a bare number. */
function side(text: string): { key: number | null; n: number | null } {
  const t = text.trim();
  let m: RegExpExecArray | null;
  if ((m = /^E(\d+)\.(\d+)$/i.exec(t))) return { key: Number(m[1]), n: Number(m[2]) };
  if ((m = /^E(\d+)$/i.exec(t))) return { key: Number(m[1]), n: null };
  if ((m = /^(\d+)$/.exec(t))) return { key: null, n: Number(m[1]) };
  return { key: null, n: null };
}

/** One item as written ("E3", "E3.2", "E3–E5", "E3.2–4") as {@link CitedItem}s; none when it is not one. */
function parseItem(raw: string): CitedItem[] {
  const [a, b] = raw.split(/\s*[-–—]\s*/);
  const from = side(a);
  if (from.key === null || from.key < 1) return [];
  const key = `E${from.key}`;
  if (b === undefined)
    return from.n === null ? [{ kind: "key", key }] : [{ kind: "sentences", key, from: from.n, to: from.n }];
  const to = side(b);
  // "E3.2–4" and "E3.2–E3.4": sentences of one key.
  if (from.n !== null && (to.key === null || to.key === from.key) && to.n !== null)
    return range({ kind: "sentences", key, from: from.n, to: to.n });
  // "E3–E5", "E3–5", or a cross-key sentence range read as its keys.
  const last = to.key ?? (from.n === null ? to.n : null);
  return last === null ? [{ kind: "key", key }] : range({ kind: "keys", from: from.key, to: last });
}

/** A range that runs backwards or over {@link MAX_RANGE} counts as its two ends. */
function range(item: Extract<CitedItem, { kind: "keys" | "sentences" }>): CitedItem[] {
  if (item.to >= item.from && item.to - item.from <= MAX_RANGE) return [item];
  const ends = [item.from, item.to];
  return item.kind === "keys"
    ? ends.map((k) => ({ kind: "key" as const, key: `E${k}` }))
    : ends.map((n) => ({ ...item, from: n, to: n }));
}

/**
 * The citations of keys and sentence ids in a text written by a model, in order: "[E3]", "[E3, E7]", "[E3; E7]",
 * "[E3 and E7]", "[E3–E5]", "[E3.2]", "[E3.2–4]", "(E3)" or "(E3, E7)" where a citation can stand, and bare
 * sentence ids ("E3.2"). Case-insensitive. A bracket holding anything else ("[3]", "[E3, PMID 1]") is not one.
 */
export function parseCitations(text: string): CitationGroup[] {
  const out: CitationGroup[] = [];
  for (const m of text.matchAll(GROUP)) {
    const body = m[1] ?? m[2] ?? m[3];
    const items = body.split(new RegExp(SEP, "i")).flatMap(parseItem);
    if (items.length > 0) out.push({ start: m.index, end: m.index + m[0].length, raw: m[0], items });
  }
  return out;
}

/**
 * The items of one entry of a model's support list ("E3.2", "[E3.2]", "E3", "E3–E5"): as in a text, or the entry as
 * one item.
 */
export function parseSupportEntry(entry: string): CitedItem[] {
  const t = entry.trim();
  const whole = parseCitations(/^[[(]/.test(t) ? t : `[${t}]`);
  return whole.length === 1 && whole[0].raw.length >= t.length ? whole[0].items : whole.flatMap((g) => g.items);
}

/**
 * `text` without the citations of {@link parseCitations} (and the space before each), spaces before punctuation
 * closed up.
 */
export function stripCitations(text: string): string {
  let out = "";
  let last = 0;
  for (const g of parseCitations(text)) {
    out += text.slice(last, g.start).replace(/\s+$/, "");
    last = g.end;
  }
  return (out + text.slice(last))
    .replace(/\s+([.,;:!?])/g, "$1")
    .replace(/\s{2,}/g, " ")
    .trim();
}
