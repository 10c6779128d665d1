/**
 * Text clean-up shared by the record parsers: inline markup (PubMed's <i>/<sup>/<sub>, Europe PMC's
 * JATS/HTML such as <h4>, <b>) is removed and character references are decoded.
 */

/**
 * Named entities decoded besides the five XML ones. PubMed and Europe PMC emit numeric references for
 * everything else; these few HTML names occasionally appear in Europe PMC abstracts.
 */
const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  ndash: "\u2013",
  mdash: "\u2014",
  hellip: "\u2026",
  lsquo: "\u2018",
  rsquo: "\u2019",
  ldquo: "\u201c",
  rdquo: "\u201d",
  deg: "\u00b0",
  plusmn: "\u00b1",
  times: "\u00d7",
  micro: "\u00b5",
  middot: "\u00b7",
  le: "\u2264",
  ge: "\u2265",
};

/**
 * Decodes numeric (`&#946;`, `&#x3b2;`) and named character references. Unknown names and invalid code
 * points are left as written, so no text is lost.
 */
export function decodeEntities(text: string): string {
  // Most values have no reference; skips the regex (the library sync parses millions).
  if (!text.includes("&")) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z][a-zA-Z0-9]*);/g, (whole, ref: string) => {
    if (ref.startsWith("#")) {
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[ref] ?? NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/**
 * Flattens the raw inner XML of a PubMed element (ArticleTitle, AbstractText) to plain text: tags are
 * dropped with their text kept (`H<sub>2</sub>O` gives `H2O`), character references decoded, runs of ASCII
 * whitespace collapsed to one space and the ends trimmed. Unicode spaces such as U+2009 (thin space) are kept.
 * Safe only for raw XML, where a literal `<` is always written `&lt;`; for Europe PMC text use {@link flattenHtmlText}.
 */
export function flattenXmlMarkup(raw: string): string {
  return collapseSpaces(decodeEntities(raw.includes("<") ? raw.replace(/<[^>]*>/g, "") : raw));
}

/**
 * Inline HTML/JATS tags Europe PMC leaves in titles and abstracts. Only these are stripped, because the same
 * text also holds literal `<` comparisons ("p < .05", "<1 year") that a generic tag pattern would eat.
 */
const INLINE_TAG = new RegExp(
  String.raw`<\/?(?:h[1-6]|b|i|u|em|strong|sub|sup|sc|p|br|span|div|small|italic|bold|underline|inf|` +
    String.raw`named-content|ext-link|xref)(?:\s[^<>]*)?\/?>`,
  "gi",
);

/**
 * Flattens a Europe PMC text field to plain text: character references are decoded first (titles carry
 * escaped markup such as `m&lt;sup&gt;6&lt;/sup&gt;A`), then the known inline tags are dropped with their
 * text kept, whitespace collapsed as in {@link collapseSpaces}. Literal `<` comparisons survive.
 */
export function flattenHtmlText(text: string): string {
  return collapseSpaces(stripInlineTags(decodeEntities(text)));
}

/**
 * Drops the known inline HTML/JATS tags (see {@link flattenHtmlText}) from already-decoded text, keeping their content.
 */
export function stripInlineTags(text: string): string {
  return text.replace(INLINE_TAG, "");
}

/** Collapses runs of ASCII whitespace (space, tab, CR, LF) to one space and trims the ends. */
export function collapseSpaces(text: string): string {
  // Only runs that are not already one space are replaced: the same result as replacing every run, without a
  // replacement per word of an abstract.
  return text.replace(/[\t\r\n][ \t\r\n]*| [ \t\r\n]+/g, " ").trim();
}
