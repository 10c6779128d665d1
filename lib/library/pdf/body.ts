import type { Passage, SectionType } from "@/lib/domain/fulltext";
import { REFERENCES_HEADING, headingWords, sectionTypeOf } from "@/lib/sources/parse/sections";
import type { PlacedLine } from "./layout";
import { joinLines, repairText } from "./words";

/** The measures of a document's body text that {@link pdfPassages} reads lines against. */
export interface BodyMeasures {
  size: number;
  font: string;
  /** The usual baseline-to-baseline distance of body lines (points). */
  step: number;
}

/** A table or figure caption's first words ("Table 2:", "Figure 1.", "Fig. 3"). */
const CAPTION_START = /^(?:(table)|fig(?:ure)?\.?)\s*([0-9]+|[IVX]+)\s*[.:|]?(?:\s|$)/i;
/** A numbered heading ("2.", "2.1.", "3 Results"). */
const NUMBERED = /^(\d+(?:\.\d+)*)\.?\s+\p{Lu}/u;
/** Back-matter headings whose text is not about the findings, read as "other" and never inherited. */
const BACK_MATTER = new RegExp(
  "^(?:conflicts? of interests?|competing interests?|acknowledge?ments?|consent|funding|authors'? contributions?|" +
    "abbreviations|ethics|data availability|disclosure)",
);

/** Whether a line reads as a heading: larger than the body text, or a short numbered line in another font. */
export function isHeading(line: PlacedLine, body: BodyMeasures): boolean {
  const text = line.text.trim();
  if (text.length > 150 || CAPTION_START.test(text)) return false;
  if (line.size >= body.size * 1.1 && /\p{L}{2}/u.test(text)) return true;
  return (
    Math.abs(line.size - body.size) <= 0.6 &&
    line.font !== body.font &&
    text.length <= 100 &&
    !/[.,;]$/.test(text) &&
    // A numbered line in another font is a heading when it reads like one: a few words, no comma, no question (a
    // numbered list's items and a reference list's entries are not).
    ((NUMBERED.test(text) && text.split(/\s+/).length <= 10 && !/[,?]/.test(text)) ||
      REFERENCES_HEADING.test(text) ||
      sectionTypeOf(text) !== null)
  );
}

interface Section {
  heading: string | null;
  type: SectionType;
}

/**
 * The passages of a PDF's body, in reading order (ids "<doc>·page<p>·<n>", the n-th paragraph starting on page p;
 * tables "<doc>·table<n>", figure captions "<doc>·figure<n>"):
 * - headings (isHeading) open sections; a numbered subsection ("3.1.") or an unnamed heading keeps the kind of the
 *   section it is in; back matter (conflicts of interest, acknowledgements) is "other";
 * - a caption ("Figure 1:", "Table 2.") runs while its lines keep its size; a table's smaller lines after its caption
 *   are its rows, one per line;
 * - text smaller than 85% of the body size outside captions and tables (figure labels, footnotes) is left out;
 * - a paragraph starts after a heading, at an indented line (more than 0.8 of the font size in from its column's
 *   left edge), after a vertical gap of more than 1.45 body line steps in the same column, or after a line ending a
 *   sentence well short of its column's right edge; it runs on across columns and pages otherwise;
 * - lines are joined with hyphenation undone (joinLines against the document's own words) and text repaired
 *   (repairText); everything after a References heading is left out, except captions and tables.
 */
export function pdfPassages(lines: PlacedLine[], body: BodyMeasures, vocabulary: ReadonlySet<string>, doc: string) {
  const passages: Passage[] = [];
  const perPage = new Map<number, number>();
  let tables = 0;
  let figures = 0;
  let section: Section = { heading: null, type: "other" };
  let top: Section = section;
  let topSize = 0;
  let paragraph: { page: number; text: string; last: PlacedLine } | null = null;
  let references = false;

  const flush = () => {
    if (paragraph) {
      const text = repairText(paragraph.text.replace(/\s+/g, " ").trim());
      if (/\p{L}{2}/u.test(text)) {
        const n = (perPage.get(paragraph.page) ?? 0) + 1;
        perPage.set(paragraph.page, n);
        passages.push({
          id: `${doc}·page${paragraph.page}·${n}`,
          section: section.heading,
          sectionType: section.type,
          page: paragraph.page,
          kind: "paragraph",
          text,
        });
      }
    }
    paragraph = null;
  };

  const startsParagraph = (line: PlacedLine, last: PlacedLine): boolean => {
    const indent = line.x0 - line.columnLeft;
    // An indented line after an unindented one opens a paragraph; after an indented one (a list item's hanging lines)
    // it continues.
    const lastIndent = last.x0 - last.columnLeft;
    if (indent > line.size * 0.8 && indent < line.size * 4 && lastIndent < line.size * 0.5) return true;
    const sameColumn = line.page === last.page && line.columnLeft === last.columnLeft;
    if (sameColumn && last.y - line.y > body.step * 1.45) return true;
    const short = last.x1 < last.columnRight - last.size * 3;
    return short && /[.!?:]["')\]]?$/.test(last.text.trim()) && /^[\p{Lu}\d(]/u.test(line.text.trim());
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const text = line.text.trim();
    const caption = CAPTION_START.exec(text);
    if (caption && line.size <= body.size + 0.6) {
      flush();
      const block = [text];
      let j = i + 1;
      while (j < lines.length && Math.abs(lines[j].size - line.size) < 0.3 && !CAPTION_START.test(lines[j].text)) {
        if (lines[j - 1].page === lines[j].page && lines[j - 1].y - lines[j].y > line.size * 1.8) break;
        block.push(lines[j].text.trim());
        j++;
      }
      const captionText = repairText(block.reduce((a, b) => joinLines(a, b, vocabulary), ""));
      const rows: string[] = [];
      if (caption[1]) {
        while (j < lines.length && lines[j].size < body.size * 0.95 && !CAPTION_START.test(lines[j].text)) {
          rows.push(lines[j].text.trim());
          j++;
        }
      }
      const kind = caption[1] ? "table" : "caption";
      passages.push({
        id: `${doc}·${kind === "table" ? `table${++tables}` : `figure${++figures}`}`,
        section: section.heading,
        sectionType: section.type,
        page: line.page,
        kind,
        text: [captionText, ...rows].join("\n"),
      });
      i = j - 1;
      continue;
    }
    if (isHeading(line, body)) {
      flush();
      let heading = text;
      while (i + 1 < lines.length && isHeading(lines[i + 1], body) && lines[i + 1].size === line.size) {
        if (NUMBERED.test(lines[i + 1].text) || lines[i + 1].page !== line.page) break;
        heading = `${heading} ${lines[++i].text.trim()}`;
      }
      if (REFERENCES_HEADING.test(headingWords(heading)) || REFERENCES_HEADING.test(heading)) {
        references = true;
        continue;
      }
      references = false;
      const own = sectionTypeOf(heading);
      const numbered = NUMBERED.exec(heading);
      // "3." is a section and "3.1." one of its subsections; unnumbered, a heading as large as the last section's is
      // a section, a smaller one a subsection.
      const isTop = numbered ? numbered[1].split(".").length === 1 : own !== null || line.size >= topSize - 0.3;
      if (BACK_MATTER.test(headingWords(heading)) || isTop) {
        section = top = { heading, type: BACK_MATTER.test(headingWords(heading)) ? "other" : (own ?? "other") };
        topSize = line.size;
      } else section = { heading, type: own ?? top.type };
      continue;
    }
    if (references || line.size < body.size * 0.85) continue;
    if (paragraph && !startsParagraph(line, paragraph.last)) {
      paragraph.text = joinLines(paragraph.text, text, vocabulary);
      paragraph.last = line;
    } else {
      flush();
      paragraph = { page: line.page, text, last: line };
    }
  }
  flush();
  return passages;
}
