import type { PdfLine } from "./lines";
import type { PdfPage } from "./extract";

/** A line with its page and what it is to the article. */
export interface PlacedLine extends PdfLine {
  page: number;
  /** The left edge and right edge of its column on its page (points). */
  columnLeft: number;
  columnRight: number;
}

/** Font sizes are compared to half a point. */
const round = (size: number) => Math.round(size * 2) / 2;

/**
 * The body text's font size (to half a point): the largest size of at most 12 points that sets at least 15% of the
 * characters, else the size that sets the most. Reference lists are set smaller than the body and can outweigh it
 * (an excerpt of an article that is mostly its references); the abstract, set as large or larger, is shorter.
 */
export function bodyFontSize(pages: PdfPage[]): number {
  const chars = new Map<number, number>();
  let total = 0;
  for (const page of pages)
    for (const line of page.lines) {
      chars.set(round(line.size), (chars.get(round(line.size)) ?? 0) + line.text.length);
      total += line.text.length;
    }
  const sizes = [...chars.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0]);
  const body = sizes.filter(([size, n]) => size <= 12 && n >= total * 0.15).sort((a, b) => b[0] - a[0])[0];
  return body?.[0] ?? sizes[0]?.[0] ?? 10;
}

/** The body text's font: the font of the most characters set at the body size. */
export function bodyFont(pages: PdfPage[], size: number): string {
  const chars = new Map<string, number>();
  for (const page of pages)
    for (const line of page.lines)
      if (round(line.size) === size) chars.set(line.font, (chars.get(line.font) ?? 0) + line.text.length);
  return [...chars.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "";
}

/** A running header or footer's text as compared across pages: digits and spaces removed, lower case. */
const marginKey = (text: string) => text.replace(/[\d\s]+/g, "").toLowerCase();

/**
 * The lines of the pages' top and bottom margins (the top 10% and bottom 8% of a page) that repeat: running heads
 * and feet whose text, digits aside, appears in the margins of two or more pages, and bare page numbers. Source: our
 * reading of journal layouts (a running head sits within the top 60 points of an 800-point page).
 * @returns a predicate telling whether a line of a page is such a margin line.
 */
export function marginLines(pages: PdfPage[]): (line: PdfLine, page: PdfPage) => boolean {
  const inMargin = (line: PdfLine, page: PdfPage) => line.y > page.height * 0.9 || line.y < page.height * 0.08;
  const seen = new Map<string, number>();
  for (const page of pages) {
    const keys = new Set(page.lines.filter((l) => inMargin(l, page)).map((l) => marginKey(l.text)));
    for (const key of keys) seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return (line, page) => {
    if (!inMargin(line, page)) return false;
    const key = marginKey(line.text);
    return key === "" || key === "page" || (pages.length > 1 && (seen.get(key) ?? 0) >= 2);
  };
}

/**
 * The left and right edges of a page's text columns, from the body-size lines: a left edge where at least four lines
 * start within two points of each other; a column's right edge is where most of its lines end (the 80th
 * percentile). A page without such lines has one column spanning its lines.
 */
export function columnEdges(lines: PdfLine[], bodySize: number): Array<{ left: number; right: number }> {
  const body = lines.filter((l) => Math.abs(l.size - bodySize) <= 0.6);
  const starts = body.map((l) => l.x0).sort((a, b) => a - b);
  const lefts: number[] = [];
  for (let i = 0; i < starts.length;) {
    let j = i;
    while (j + 1 < starts.length && starts[j + 1] - starts[i] <= 2) j++;
    if (j - i + 1 >= 4) lefts.push(starts[i]);
    i = j + 1;
  }
  if (lefts.length === 0) lefts.push(Math.min(...lines.map((l) => l.x0), 0));
  return lefts.map((left, k) => {
    const next = lefts[k + 1] ?? Number.POSITIVE_INFINITY;
    const ends = body
      .filter((l) => l.x0 >= left - 1 && l.x0 < next - 1)
      .map((l) => l.x1)
      .sort((a, b) => a - b);
    const right = ends.length ? ends[Math.floor(ends.length * 0.8)] : Math.max(...lines.map((l) => l.x1));
    return { left, right };
  });
}

/** Each line of a page with its page number and column edges. */
export function placeLines(page: PdfPage, bodySize: number): PlacedLine[] {
  const columns = columnEdges(page.lines, bodySize);
  return page.lines.map((line) => {
    const column = [...columns].reverse().find((c) => c.left <= line.x0 + 1) ?? columns[0];
    return { ...line, page: page.number, columnLeft: column.left, columnRight: column.right };
  });
}

/** The usual distance between the baselines of two lines of body text (the median of consecutive steps), in points. */
export function lineStep(lines: PlacedLine[], bodySize: number): number {
  const steps: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const a = lines[i - 1];
    const b = lines[i];
    if (a.page !== b.page || a.columnLeft !== b.columnLeft) continue;
    if (Math.abs(a.size - bodySize) > 0.6 || Math.abs(b.size - bodySize) > 0.6) continue;
    const step = a.y - b.y;
    if (step > 0 && step < bodySize * 3) steps.push(step);
  }
  steps.sort((x, y) => x - y);
  return steps.length ? steps[Math.floor(steps.length / 2)] : bodySize * 1.2;
}
