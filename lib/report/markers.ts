/**
 * The inline citation markers of report prose: "[1]", "[1, 3]", "[1;3]", ranges "[2–4]" / "[2-4]". The same
 * grammar as validateReportCitations' rewriting (lib/report/validate-citations.ts).
 */
export const MARKER_PATTERN = /\[(\s*\d+(?:\s*[-–—]\s*\d+)?(?:\s*[,;]\s*\d+(?:\s*[-–—]\s*\d+)?)*\s*)\]/g;

/** Longest range expanded to its numbers ("[2–40]"); a longer one counts only its two ends. */
const MAX_RANGE = 200;

/** The numbers of one marker body ("1, 3–5" → [1, 3, 4, 5]). */
export function expandMarkerBody(body: string): number[] {
  const out: number[] = [];
  for (const part of body.split(/[,;]/)) {
    const range = /^\s*(\d+)\s*[-–—]\s*(\d+)\s*$/.exec(part);
    if (range) {
      const [a, b] = [Number(range[1]), Number(range[2])];
      if (b >= a && b - a <= MAX_RANGE) for (let n = a; n <= b; n += 1) out.push(n);
      else out.push(a, b);
    } else if (/^\s*\d+\s*$/.test(part)) out.push(Number(part));
  }
  return out;
}

/** Every marker number cited in `text`, in order of appearance, with repeats. */
export function citedNumbers(text: string): number[] {
  return [...text.matchAll(MARKER_PATTERN)].flatMap((m) => expandMarkerBody(m[1]));
}

/** `text` without its citation markers (and the space before each), e.g. to compare a sentence with a source. */
export function stripMarkers(text: string): string {
  return text.replace(new RegExp(`\\s?${MARKER_PATTERN.source}`, "g"), "").trim();
}
