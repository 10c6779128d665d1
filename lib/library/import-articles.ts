import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getConfig } from "@/lib/config";
import {
  archiveMembers,
  ArticleFileError,
  maxArticleBytes,
  readArticle,
  tooLargeMessage,
  type ArticleFileFormat,
} from "./article-files";
import { storeArticle, type StoredArticle } from "./articles";

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

/** The id of a record made from a file that names no PMID, PMCID or DOI: "file:" and its SHA-256's first 20 hex digits. */
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

/** Reads and stores one JATS or PDF article's bytes into the library (see storeArticle); throws ArticleFileError. */
async function importArticle(format: "jats" | "pdf", name: string, bytes: Uint8Array, limit: number) {
  const doc = await readArticle(format, bytes, limit);
  return storeArticle(doc, {
    origin: "library",
    ownerId: null,
    fallbackId: fileRecordId(bytes),
    fallbackTitle: path.basename(name),
  });
}

/**
 * Imports an article file into the library: a JATS article or a PDF (one article: its record is created, or the
 * stored record with its PMID, PMCID or DOI gains the full text: "updated"; the same full text again is "skipped:
 * unchanged"), or a PMC Open Access bulk archive (.tar.gz of JATS articles, read as a stream, each article counted
 * alone: a malformed one fails with its reason and the others are imported). Files larger than CRITICA_MAX_PAPER_MB
 * (archive members, each) are refused as "too large".
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
      for await (const member of archiveMembers(file, limit)) {
        if ("error" in member) {
          report.failed++;
          report.failures.push(`${member.name}: ${member.error}`);
          continue;
        }
        try {
          count(report, await importArticle("jats", member.name, member.bytes, limit));
        } catch (error) {
          if (!(error instanceof ArticleFileError)) throw error;
          report.failed++;
          report.failures.push(`${member.name}: ${error.message}`);
        }
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
