import type { PaperSummary } from "@/lib/db/papers";

/** A paper as the API answers it: its facts, without its owner (a browser session id is a credential). */
export function paperJson(paper: PaperSummary) {
  return {
    id: paper.id,
    fileName: paper.fileName,
    format: paper.format,
    bytes: paper.bytes,
    title: paper.title,
    evidenceId: paper.evidenceId,
    passages: paper.passages,
    pages: paper.pages,
    licence: paper.licence,
    createdAt: paper.createdAt.toISOString(),
  };
}
