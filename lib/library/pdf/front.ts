import type { Licence } from "@/lib/domain/fulltext";
import { licenceOf } from "@/lib/sources/parse/licence";
import { sectionTypeOf } from "@/lib/sources/parse/sections";
import { isHeading, type BodyMeasures } from "./body";
import type { PlacedLine } from "./layout";
import { joinLines, repairText } from "./words";

/** What a PDF's first page says about the article, and where its body begins. */
export interface PdfFront {
  title: string;
  abstract: string;
  licence: Licence;
  doi: string | null;
  year: number | null;
  /** Index (in the lines given) of the first line of the body. */
  bodyStart: number;
  /** Lines of the first page above the title (a journal's masthead), left out of the body. */
  masthead: Set<PlacedLine>;
}

/** A DOI as printed ("10.1155/2016/2860645", "https://doi.org/10.1186/…"), without trailing punctuation. */
const DOI = /\b10\.\d{4,9}\/[-._;()/:A-Za-z0-9]+[A-Za-z0-9]/;
/** Front-matter lines that are not the abstract. */
const NOT_ABSTRACT = new RegExp(
  "^(?:correspondence|received|accepted|revised|published|academic editor|edited by|copyright|©|keywords?|" +
    "abbreviations|citation|\\*|e-?mail|open access|department|university|school of|\\d+\\s*(?:department|university))",
  "i",
);
const LICENCE_START = new RegExp(
  "(?:This|is) is an? (?:open[- ]access|Open Access) article|" +
    "distributed under the (?:terms of the )?Creative Commons|licensee\\b",
);
/** Where a licence sentence starts, best first. */
const LICENCE_OPENINGS = [
  /(?:This|is) is an? open[- ]access article/i,
  /[^.]*distributed under the (?:terms of the )?Creative Commons/,
  /©[^.]*licensee\b/,
];

/** The licence sentence of a page's text: from its "This is an open access article…" to its sentence's end. */
function licenceSentence(text: string): Licence {
  const match = LICENCE_OPENINGS.map((re) => re.exec(text)).find((m) => m !== null);
  if (!match) return licenceOf(null, null);
  const start = match.index;
  const from = text.slice(start).trim();
  const end = /(?:cited|credited|medium|reserved)\.|\.\s+(?=\p{Lu})/u.exec(from.slice(60));
  const sentence = repairText(end ? from.slice(0, 60 + end.index + end[0].length).trim() : from.slice(0, 400));
  const url = /https?:\/\/creativecommons\.org\/[^\s),]+/.exec(text)?.[0] ?? null;
  return licenceOf(sentence, url);
}

/**
 * Reads the first page's front matter. The title is the longest run of consecutive lines set in the page's largest
 * font (one font), at most 5 lines and 400 characters; lines above it are the masthead. The body begins at the first
 * heading after the title that names a section ("1. Introduction", "Background", "Abstract"), else right after the
 * title. Between them, a line starting "Abstract" opens the abstract; without one, the abstract is the front matter's
 * paragraphs of 25 words or more that are neither the licence nor correspondence, dates or affiliations. The licence
 * is the sentence of the page that says the article is open access or under a Creative Commons licence; the DOI the
 * first one printed on the page; the year the copyright's or, failing that, null.
 */
export function readFront(lines: PlacedLine[], body: BodyMeasures, vocabulary: ReadonlySet<string>): PdfFront {
  const first = lines.filter((l) => l.page === 1);
  const pageText = first.map((l) => l.text).join(" ");
  const max = Math.max(...first.map((l) => l.size), 0);
  let best: { from: number; to: number; chars: number } | null = null;
  for (let i = 0; i < first.length; i++) {
    if (first[i].size < max - 0.3) continue;
    let j = i;
    let chars = first[i].text.length;
    while (j + 1 < first.length && first[j + 1].size >= max - 0.3 && first[j + 1].font === first[i].font) {
      chars += first[++j].text.length;
    }
    if (!best || chars > best.chars) best = { from: i, to: j, chars };
    i = j;
  }
  // A title is a few lines: a page set in one size throughout has none.
  if (best && (best.to - best.from >= 5 || best.chars > 400)) best = null;
  const titleLines = best ? first.slice(best.from, best.to + 1) : [];
  const title = repairText(titleLines.reduce((a, l) => joinLines(a, l.text.trim(), vocabulary), ""));
  const titleTop = titleLines[0] ? titleLines[0].y + titleLines[0].size * 0.5 : Number.POSITIVE_INFINITY;
  const masthead = new Set(first.filter((l) => l.y > titleTop));
  const afterTitle = best ? best.to + 1 : 0;
  let bodyStart = afterTitle;
  for (let i = afterTitle; i < lines.length; i++) {
    const text = lines[i].text.trim();
    const opens = /^(?:\d+\.?\s+)?(?:abstract|background|summary)\b/i.test(text) || /^\d+\.?\s+\p{Lu}/u.test(text);
    if (isHeading(lines[i], body) && (opens || sectionTypeOf(text) !== null)) {
      bodyStart = i;
      break;
    }
    if (lines[i].page > 1) break;
  }
  const front = lines.slice(afterTitle, bodyStart).filter((l) => !masthead.has(l));
  return {
    title,
    abstract: abstractOf(front, vocabulary),
    licence: licenceSentence(pageText),
    doi: DOI.exec(pageText)?.[0] ?? null,
    year: Number(/(?:Copyright|©|\(c\))\s*(?:©\s*)?((?:19|20)\d{2})/i.exec(pageText)?.[1]) || null,
    bodyStart,
    masthead,
  };
}

/** The abstract among the front matter's lines (see {@link readFront}). */
function abstractOf(front: PlacedLine[], vocabulary: ReadonlySet<string>): string {
  const labelled = front.findIndex((l) => /^abstract\b/i.test(l.text.trim()));
  if (labelled >= 0) {
    const text = front
      .slice(labelled)
      .map((l) => l.text.trim())
      .reduce((a, b) => joinLines(a, b, vocabulary), "");
    return repairText(text.replace(/^abstract[:.]?\s*/i, ""));
  }
  const blocks: PlacedLine[][] = [];
  for (const line of front) {
    const block = blocks[blocks.length - 1];
    const last = block?.[block.length - 1];
    const apart =
      !last || last.page !== line.page || last.y - line.y > line.size * 1.6 || Math.abs(last.size - line.size) > 0.6;
    if (apart) blocks.push([line]);
    else block.push(line);
  }
  return blocks
    .map((b) => repairText(b.map((l) => l.text.trim()).reduce((a, t) => joinLines(a, t, vocabulary), "")))
    .filter((t) => t.split(/\s+/).length >= 25 && !NOT_ABSTRACT.test(t) && !LICENCE_START.test(t))
    .join("\n");
}
