import type { PassageCitation } from "@/lib/domain/fulltext";

/** Text compared without markers, "(full text, …)" places, quotation marks, case or runs of whitespace. */
function plain(text: string): string {
  return text
    .replace(/\[[\d,\s–-]+\]/g, " ")
    .replace(/\(full text,[^)]*\)/g, " ")
    .replace(/[“”"…]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

/** Characters of one text that must stand in the other for a citing sentence to quote a passage's sentence. */
const OVERLAP = 30;

/**
 * The passages of `evidenceId` a report sentence cites (the report's `passages`): those whose quoted sentence the
 * citing sentence holds, or that hold the citing sentence (a report sentence may quote part of a passage's sentence),
 * compared on their first 30 characters (shorter texts match nothing) without markers, places and quotation marks.
 * Empty when the sentence cites the record's abstract.
 */
export function citedPassages(
  passages: readonly PassageCitation[] | undefined,
  evidenceId: string,
  sentence: string,
): PassageCitation[] {
  const citing = plain(sentence);
  if (!passages || citing.length === 0) return [];
  return passages.filter((p) => {
    if (p.evidenceId !== evidenceId) return false;
    const quoted = plain(p.sentence);
    return (
      (quoted.length >= OVERLAP && citing.includes(quoted.slice(0, OVERLAP))) ||
      (citing.length >= OVERLAP && quoted.includes(citing.slice(0, OVERLAP)))
    );
  });
}
