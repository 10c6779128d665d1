import crypto from "node:crypto";
import path from "node:path";
import { getConfig } from "@/lib/config";
import { createPaper, type PaperSummary } from "@/lib/db/papers";
import {
  articleFileFormat,
  ArticleFileError,
  fileRecordId,
  maxArticleBytes,
  readArticle,
  tooLargeMessage,
} from "./article-files";
import { storeArticle } from "./articles";

/**
 * Adds an uploaded file to its owner's "My papers": a PDF or a JATS article (an archive goes to the library, not to
 * one's papers), read (lib/library/article-files.ts), stored as the owner's full text of the record it matches by
 * PMID, PMCID or DOI, else of a record made from the file, which stays out of the library (storeArticle).
 * @returns the paper.
 * @throws ArticleFileError with the reason shown to the user: "not an article file: …", "too large: …", or the
 *   reader's ("no text layer: scanned PDFs need OCR, which Critica does not do", "encrypted: …", "malformed XML:
 *   …").
 */
export async function addPaper(upload: {
  ownerId: string;
  fileName: string;
  bytes: Uint8Array;
}): Promise<PaperSummary> {
  const fileName = path.basename(upload.fileName).slice(0, 200) || "paper";
  const limit = maxArticleBytes(getConfig().CRITICA_MAX_PAPER_MB);
  if (upload.bytes.byteLength > limit) throw new ArticleFileError(tooLargeMessage(upload.bytes.byteLength, limit));
  const format = articleFileFormat(fileName, upload.bytes.subarray(0, 4096));
  if (format === "jats-archive")
    throw new ArticleFileError(
      "an archive of articles goes to the library (npm run library:import), not to your papers",
    );
  if (format === null)
    throw new ArticleFileError(
      "not an article file: upload a PDF or a JATS article (.nxml, or .xml with an <article> root)",
    );
  const doc = await readArticle(format, upload.bytes, limit);
  const stored = await storeArticle(doc, {
    origin: "upload",
    ownerId: upload.ownerId,
    fallbackId: fileRecordId(upload.bytes),
    fallbackTitle: fileName.replace(/\.(?:pdf|n?xml)$/i, ""),
  });
  return createPaper({
    id: crypto.randomUUID(),
    ownerId: upload.ownerId,
    fileName,
    format,
    bytes: upload.bytes.byteLength,
    title: stored.title,
    evidenceId: stored.evidenceId,
    fullTextId: stored.fullTextId,
  });
}
