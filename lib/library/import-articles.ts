import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getConfig } from "@/lib/config";
import {
  ArticleFileError,
  maxArticleBytes,
  readArticle,
  tooLargeMessage,
  type ArticleFileFormat,
} from "./article-files";
import { storeArticle, storeArticles, type ArticleTarget, type StoredArticle } from "./articles";
import { archiveArticles } from "./jats-pool";

/** What importing one article file (or one archive) did, counted per article; `failures` give a reason each. */
export interface ArticleImportReport {
  imported: number;
  updated: number;
  skipped: number;
  failed: number;
  skips: string[];
  failures: string[];
  /** Set when the whole file was rejected (unreadable, too large, not a tar archive). */
  error: string | null;
}

/**
 * The id of a record made from a file that names no PMID, PMCID or DOI: "file:" and its SHA-256's first 20 hex digits.
 */
export function fileRecordId(bytes: Uint8Array): string {
  return `file:${crypto.createHash("sha256").update(bytes).digest("hex").slice(0, 20)}`;
}

function count(report: ArticleImportReport, stored: StoredArticle): void {
  if (stored.fullText !== "saved") {
    report.skipped++;
    report.skips.push(
      `${stored.evidenceId}: ${stored.fullText === "kept" ? "its JATS full text is kept" : "unchanged"}`,
    );
  } else if (stored.record === "created") report.imported++;
  else report.updated++;
}

/** Articles of an archive stored per transaction (storeArticles): one commit per batch. Our choice. */
const ARCHIVE_BATCH = 100;

/** Where a library file's article goes: the library, its record named after the file when it names no identifier. */
function libraryTarget(name: string, bytes: Uint8Array): ArticleTarget {
  return { origin: "library", ownerId: null, fallbackId: fileRecordId(bytes), fallbackTitle: path.basename(name) };
}

/** Reads and stores one JATS or PDF article's bytes into the library (see storeArticle); throws ArticleFileError. */
async function importArticle(format: "jats" | "pdf", name: string, bytes: Uint8Array, limit: number) {
  return storeArticle(await readArticle(format, bytes, limit), libraryTarget(name, bytes));
}

/**
 * Imports an article file into the library: a JATS article or a PDF (one article: its record is created, or the stored
 * record with its PMID, PMCID or DOI gains the full text: "updated"; the same full text again is "skipped: unchanged"),
 * or a PMC Open Access bulk archive (.tar.gz of JATS articles, read as a stream and parsed in a worker thread while the
 * batch before is stored, ARCHIVE_BATCH per transaction, each article counted alone: a malformed one fails with its
 * reason and the others are imported). Files larger than CRITICA_MAX_PAPER_MB (archive members, each) are refused as
 * "too large".
 */
export async function importArticleFile(file: string, format: ArticleFileFormat): Promise<ArticleImportReport> {
  const report: ArticleImportReport = {
    imported: 0,
    updated: 0,
    skipped: 0,
    failed: 0,
    skips: [],
    failures: [],
    error: null,
  };
  const limit = maxArticleBytes(getConfig().CRITICA_MAX_PAPER_MB);
  if (format === "jats-archive") {
    try {
      for await (const batch of archiveArticles(file, limit, ARCHIVE_BATCH)) {
        const read = batch.flatMap((a) => ("doc" in a ? [{ doc: a.doc, target: libraryTarget(a.name, a.bytes) }] : []));
        for (const a of batch) {
          if ("error" in a) {
            report.failed++;
            report.failures.push(`${a.name}: ${a.error}`);
          }
        }
        for (const stored of await storeArticles(read)) count(report, stored);
      }
    } catch (error) {
      if (!(error instanceof ArticleFileError)) throw error;
      report.error = error.message;
    }
    return report;
  }
  const size = fs.statSync(file).size;
  if (size > limit) return { ...report, error: tooLargeMessage(size, limit) };
  try {
    count(report, await importArticle(format, file, fs.readFileSync(file), limit));
  } catch (error) {
    if (!(error instanceof ArticleFileError)) throw error;
    report.error = error.message;
  }
  return report;
}
