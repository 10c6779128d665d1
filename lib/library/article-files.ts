import crypto from "node:crypto";
import fs from "node:fs";
import { Parser, type ReadEntry } from "tar";
import type { ArticleDocument } from "@/lib/domain/fulltext";
import { JatsFormatError, parseJats } from "@/lib/sources/parse/jats";
import { PdfArticleError, readPdfArticle } from "@/lib/library/pdf/article";
import { PdfReadError } from "@/lib/library/pdf/extract";

/** An article file format: a JATS article, a PDF, or a PMC Open Access bulk archive of JATS articles (.tar.gz). */
export type ArticleFileFormat = "jats" | "pdf" | "jats-archive";

/**
 * An article file that cannot be read, with the reason shown to the user ("no text layer: …", "malformed XML: …").
 */
export class ArticleFileError extends Error {
  override name = "ArticleFileError";
}

/** The root element of an XML text's head, past its declaration, processing instructions, comments and DOCTYPE. */
function xmlRoot(head: string): string | null {
  const re = /<(\?[\s\S]*?\?>|!--[\s\S]*?-->|!DOCTYPE(?:[^[>]|\[[\s\S]*?\])*>|([A-Za-z_][\w.:-]*))/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(head))) if (m[2]) return m[2];
  return null;
}

/**
 * The article format of a file from its name and first bytes, or null when it is none (the record formats of
 * lib/sources/parse/detect-format.ts are not articles): a PDF by its "%PDF-" signature or ".pdf" name; a PMC OA bulk
 * archive by its ".tar.gz"/".tgz" name; JATS by an ".nxml" name or, for ".xml", an `<article>` root element.
 */
export function articleFileFormat(fileName: string, head: Uint8Array): ArticleFileFormat | null {
  const start = Buffer.from(head.subarray(0, 4096)).toString("utf8");
  if (start.startsWith("%PDF-") || /\.pdf$/i.test(fileName)) return "pdf";
  if (/\.(?:tar\.gz|tgz)$/i.test(fileName)) return "jats-archive";
  if (/\.nxml$/i.test(fileName)) return "jats";
  if (/\.xml$/i.test(fileName) && xmlRoot(start.replace(/^\uFEFF/, "")) === "article") return "jats";
  return null;
}

/**
 * The id of a record made from a file that names no PMID, PMCID or DOI: "file:" and its SHA-256's first 20 hex digits.
 */
export function fileRecordId(bytes: Uint8Array): string {
  return `file:${crypto.createHash("sha256").update(bytes).digest("hex").slice(0, 20)}`;
}

/** The largest article file accepted, in bytes (CRITICA_MAX_PAPER_MB). */
export function maxArticleBytes(megabytes: number): number {
  return Math.round(megabytes * 1024 * 1024);
}

/** "too large: 61.2 MB (the limit is 50 MB)". */
export function tooLargeMessage(bytes: number, limit: number): string {
  const mb = (n: number) => `${Number((n / 1024 / 1024).toFixed(1))} MB`;
  return `too large: ${mb(bytes)} (the limit is ${mb(limit)})`;
}

/**
 * Reads one JATS or PDF article from its bytes.
 * @throws ArticleFileError with the reason: "too large: …", JATS "malformed XML: …" / "not an article: the root
 *   element is <x>", PDF "encrypted: …", "not a readable PDF: …", "no text layer: scanned PDFs need OCR, which
 *   Critica does not do", "not an article: only <n> words of text".
 */
export async function readArticle(format: "jats" | "pdf", bytes: Uint8Array, limit: number): Promise<ArticleDocument> {
  if (bytes.byteLength > limit) throw new ArticleFileError(tooLargeMessage(bytes.byteLength, limit));
  try {
    if (format === "pdf") return await readPdfArticle(bytes);
    // A view of the bytes, not a copy (an article is ~100 KB): decoded once, straight to the parser.
    return parseJats(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8"));
  } catch (error) {
    if (error instanceof JatsFormatError)
      throw new ArticleFileError(error.message.replace(/^not a JATS article/, "not an article"));
    if (error instanceof PdfReadError || error instanceof PdfArticleError) throw new ArticleFileError(error.message);
    throw error;
  }
}

/** One member of an archive: its path, and its bytes or why it was not read. */
export type ArchiveMember = { name: string; bytes: Buffer } | { name: string; error: string };

/** Members read ahead of the consumer at most (the archive's stream pauses past this). */
const READ_AHEAD = 8;

/**
 * The JATS members (.nxml, .xml) of a PMC Open Access bulk archive (a gzip-compressed tar; node-tar detects the
 * compression), one at a time and in archive order, read as a stream: the file is paused while READ_AHEAD members wait
 * for the consumer, so an archive of any size takes little memory. A member larger than `limit` bytes is yielded with
 * its error, unread; other members (images, PDFs, directories) are skipped.
 * @throws ArticleFileError "not a tar archive: <reason>" when the file is not a (gzip-compressed) tar archive.
 */
export async function* archiveMembers(file: string, limit: number): AsyncGenerator<ArchiveMember> {
  const input = fs.createReadStream(file);
  const parser = new Parser({ strict: true });
  const ready: ArchiveMember[] = [];
  let done = false;
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  const fail = (error: Error) => {
    failure ??= new ArticleFileError(`not a tar archive: ${error.message}`);
    done = true;
    input.destroy();
    notify();
  };
  parser.on("entry", (entry: ReadEntry) => {
    if (entry.type !== "File" || !/\.n?xml$/i.test(entry.path)) return void entry.resume();
    if (entry.size > limit) {
      ready.push({ name: entry.path, error: tooLargeMessage(entry.size, limit) });
      notify();
      return void entry.resume();
    }
    const chunks: Buffer[] = [];
    entry.on("data", (chunk: Buffer) => chunks.push(chunk));
    entry.on("end", () => {
      ready.push({ name: entry.path, bytes: Buffer.concat(chunks) });
      if (ready.length >= READ_AHEAD) input.pause();
      notify();
    });
  });
  parser.on("error", fail);
  parser.on("warn", (code: string, message: string | Error) => {
    if (code === "TAR_BAD_ARCHIVE" || code === "TAR_ABORT")
      fail(message instanceof Error ? message : new Error(message));
  });
  parser.on("end", () => {
    done = true;
    notify();
  });
  input.on("data", (chunk) => parser.write(chunk as Buffer));
  input.on("end", () => parser.end());
  input.on("error", (error) => fail(error));
  while (true) {
    const next = ready.shift();
    if (next) {
      if (ready.length < READ_AHEAD / 2 && input.isPaused() && !done) input.resume();
      yield next;
      continue;
    }
    if (done) break;
    await new Promise<void>((resolve) => (wake = resolve));
  }
  if (failure) throw failure;
}
