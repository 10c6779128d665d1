/** One text run of a PDF page as pdf.js gives it: its text, baseline origin (PDF points, y up), font size and width. */
export interface PdfItem {
  str: string;
  x: number;
  y: number;
  size: number;
  width: number;
  font: string;
  hasEOL: boolean;
}

/** A line of a page: its text, left and right edge, baseline, dominant font size and font, in reading order. */
export interface PdfLine {
  text: string;
  x0: number;
  x1: number;
  y: number;
  size: number;
  font: string;
}

/** A superscript: at most this share of its line's font size, raised by at least this share. Our reading of PDFs. */
const SUPERSCRIPT_SIZE = 0.85;
const SUPERSCRIPT_RISE = 0.2;

/**
 * The lines of one page from its text items, in content-stream order (which is reading order for the column layouts of
 * journals; each column's lines come together). An item starts a new line when its baseline moves by more than half
 * its size, unless it is a superscript or subscript of the line (smaller and within one line height). Within a line,
 * a space is put between two items that have none and are further apart than 0.15 of the font size (PDFs that place
 * each word on its own lose their spaces otherwise); a raised number after "10" is written as a power ("10^9").
 * Characters are NFKC-normalised, which splits ligatures ("ﬁ" → "fi") and maps mathematical letters ("𝜇" to
 * "μ").
 */
export function itemsToLines(items: PdfItem[]): PdfLine[] {
  const lines: PdfLine[] = [];
  let line: (PdfLine & { weights: Map<string, number> }) | null = null;
  let lastX1 = 0;
  const finish = () => {
    if (!line) return;
    const text = line.text.replace(/\s+/g, " ").trim();
    if (text) {
      const font = [...line.weights.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? line.font;
      lines.push({ text, x0: line.x0, x1: line.x1, y: line.y, size: line.size, font });
    }
    line = null;
  };
  for (const item of items) {
    const str = item.str.normalize("NFKC");
    if (str.trim() === "") {
      if (line && str.length > 0) line.text += " ";
      if (item.hasEOL) finish();
      continue;
    }
    const small = line !== null && item.size < line.size * SUPERSCRIPT_SIZE;
    const rise = line !== null ? item.y - line.y : 0;
    const sameLine =
      line !== null &&
      (Math.abs(rise) <= line.size * 0.5 || (small && Math.abs(rise) <= line.size)) &&
      item.x >= line.x0 - 1;
    if (!sameLine) {
      finish();
      line = { text: "", x0: item.x, x1: item.x, y: item.y, size: item.size, font: item.font, weights: new Map() };
      lastX1 = item.x;
    }
    const current = line!;
    const raised = small && rise > current.size * SUPERSCRIPT_RISE;
    if (raised && /10$/.test(current.text.trimEnd()) && /^[−-]?\d+$/.test(str.trim())) {
      current.text = `${current.text.trimEnd()}^${str.trim().replace("−", "-")}`;
    } else {
      const gap = item.x - lastX1;
      if (current.text && !/\s$/.test(current.text) && !/^\s/.test(str) && gap > item.size * 0.15) current.text += " ";
      current.text += str;
    }
    if (!small) {
      current.size = Math.max(current.size, item.size);
      current.weights.set(item.font, (current.weights.get(item.font) ?? 0) + str.length);
    }
    current.x1 = Math.max(current.x1, item.x + item.width);
    lastX1 = item.x + item.width;
    if (item.hasEOL) finish();
  }
  finish();
  return lines;
}
