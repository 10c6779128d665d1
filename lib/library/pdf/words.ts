/**
 * Second parts of compounds that keep their hyphen when a line break falls on it ("fluoroquinolone-|induced"):
 * biomedical writing's common compound endings. Our list.
 */
const COMPOUND_ENDINGS = new Set(
  (
    "induced related dependent independent based associated like term year years old month week day specific free " +
    "mediated resistant treated positive negative sensitive controlled blind blinded label analysis effect effects " +
    "response dose risk level site type group matched adjusted naive exposed derived bound containing producing " +
    "lowering reducing inducing inhibiting acting release specific wide scale up down over time point points fold " +
    "to by in on of known linked limited"
  ).split(" "),
);

const WORD = /[\p{L}\p{N}][\p{L}\p{N}-]*[\p{L}\p{N}]|[\p{L}\p{N}]/gu;

/**
 * The lower-case words of a document's lines, for {@link joinLines}: the halves of a word broken at a line end (the
 * last word of a line ending in a hyphen, the first word of the next line) are not words of their own.
 */
export function vocabularyOf(lines: string[]): Set<string> {
  const out = new Set<string>();
  let broken = false;
  for (const line of lines) {
    const words = line.toLowerCase().match(WORD) ?? [];
    const endsBroken = /[\p{L}\p{N}]-$/u.test(line.trimEnd());
    words.forEach((word, i) => {
      if ((i === 0 && broken) || (i === words.length - 1 && endsBroken)) return;
      out.add(word);
    });
    broken = endsBroken;
  }
  return out;
}

/**
 * Joins two lines of one paragraph. A line ending in a hyphen before a lower-case letter is a word broken at the
 * line end: the hyphen is dropped ("topira-|mate" → "topiramate") unless the document writes the word with it
 * elsewhere, or without it nowhere while the second part is a common compound ending ("fluoroquinolone-|induced" →
 * "fluoroquinolone-induced"). A line ending in a dash or slash joins without a space; others with one.
 */
export function joinLines(previous: string, next: string, vocabulary: ReadonlySet<string>): string {
  if (!previous) return next;
  const broken = /([\p{L}\p{N}]+)-$/u.exec(previous);
  if (broken && /^\p{Ll}/u.test(next)) {
    const head = broken[1];
    const tail = /^[\p{L}\p{N}]+/u.exec(next)?.[0] ?? "";
    const joined = `${head}${tail}`.toLowerCase();
    const hyphenated = `${head}-${tail}`.toLowerCase();
    // Both halves words of their own elsewhere in the document ("first-|generation") is a compound too.
    const words =
      head.length >= 3 && tail.length >= 3 && vocabulary.has(head.toLowerCase()) && vocabulary.has(tail.toLowerCase());
    const keep =
      !vocabulary.has(joined) && (vocabulary.has(hyphenated) || COMPOUND_ENDINGS.has(tail.toLowerCase()) || words);
    return keep ? `${previous}${next}` : `${previous.slice(0, -1)}${next}`;
  }
  if (/[–—/]$/.test(previous)) return `${previous}${next}`;
  return `${previous} ${next}`;
}

/**
 * Repairs text a PDF's fonts spoil: a "Th" ligature some typesetters draw as a glyph without a character code, which
 * text extraction loses ("is is an open access article" for "This is…", " e patient" for " The patient"), is put
 * back where the remaining words are only read so; soft hyphens and zero-width characters are removed.
 */
export function repairText(text: string): string {
  return text
    .replace(/[\u00ad\u200b\u200c\u200d\ufeff]/g, "")
    .replace(/(^|[.!?]\s+)is is\b/g, "$1This is")
    .replace(
      /(^|[.!?]\s+)e (patient|authors?|study|results?|case|drug|dose|mean|median|first|second|most)\b/g,
      "$1The $2",
    )
    .replace(/(^|[.!?]\s+)ere (was|were|is|are)\b/g, "$1There $2")
    .replace(/(^|[.!?]\s+)ese\b/g, "$1These");
}
