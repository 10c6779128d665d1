import fs from "node:fs";
import path from "node:path";
import { findSameRecord, rowToEvidence, saveLibraryRecords } from "@/lib/db/evidence";
import { mergeLibraryMetadata } from "./merge-metadata";
import { evidenceSchema, type Evidence } from "@/lib/domain/evidence";
import { detectRecordFormat, parseRecords, type RecordFormat } from "@/lib/sources/parse/detect-format";
import { articleFileFormat, type ArticleFileFormat } from "./article-files";
import { importArticleFile } from "./import-articles";

/** What happened to one file of a library import. `failures` and `skips` give a reason per record. */
export interface FileImportReport {
  file: string;
  /**
   * A record format, or an article format (JATS, PDF, PMC OA archive: counts are articles, each with its full text).
   */
  format: RecordFormat | ArticleFileFormat | null;
  imported: number;
  updated: number;
  skipped: number;
  failed: number;
  /** Set when the whole file was rejected (unreadable, unrecognised or malformed): nothing of it was imported. */
  error: string | null;
  skips: string[];
  failures: string[];
}

/** Expands files and directories (recursively, sorted) into the list of files to import. */
export function expandPaths(inputs: string[]): string[] {
  return inputs.flatMap((input) => {
    const stat = fs.statSync(input);
    if (!stat.isDirectory()) return [input];
    return fs
      .readdirSync(input)
      .sort()
      .flatMap((name) => expandPaths([path.join(input, name)]));
  });
}

function emptyReport(file: string, format: FileImportReport["format"], error: string | null): FileImportReport {
  return { file, format, imported: 0, updated: 0, skipped: 0, failed: 0, error, skips: [], failures: [] };
}

/**
 * Imports one file into the local library. An article file (JATS, PDF, a PMC Open Access .tar.gz) is imported with its
 * full text by importArticleFile. Otherwise: detects its format (PubMed efetch XML, MEDLINE XML, PubTator text,
 * Europe PMC search JSON, ClinicalTrials.gov v2 JSON), parses it whole, then saves every record in one
 * transaction, keyed by PMID, NCT ID, PMCID or DOI, so re-importing is idempotent (records come back "skipped:
 * unchanged"). A record already in the library from another file (same PMID) keeps the metadata this file lacks
 * (mergeLibraryMetadata: a BC5CDR PubTator record gains the year, journal, authors and MeSH of its MEDLINE record). A
 * file that cannot be read, recognised or parsed is reported with `error` and nothing of it is saved.
 */
export async function importFile(file: string): Promise<FileImportReport> {
  let content: string;
  let article: ArticleFileFormat | null;
  try {
    const head = Buffer.alloc(4096);
    const fd = fs.openSync(file, "r");
    const read = fs.readSync(fd, head, 0, head.length, 0);
    fs.closeSync(fd);
    article = articleFileFormat(path.basename(file), head.subarray(0, read));
    content = article ? "" : fs.readFileSync(file, "utf8");
  } catch (error) {
    return emptyReport(file, null, `cannot read file: ${(error as Error).message}`);
  }
  // Articles (JATS, PDF, PMC OA archives) are read whole with their full text (lib/library/import-articles.ts).
  if (article) return { ...emptyReport(file, article, null), ...(await importArticleFile(file, article)) };
  const format = detectRecordFormat(path.basename(file), content);
  if (!format) return emptyReport(file, null, "not a recognised record format");
  let records;
  try {
    records = parseRecords(format, content, "local");
  } catch (error) {
    return emptyReport(file, format, `malformed ${format}: ${(error as Error).message}`);
  }
  const report = emptyReport(file, format, null);
  // Each record is invalid, a duplicate within the file, or saved; the report lists them in file order.
  const seen = new Set<string>();
  const plan: Array<{ id: string; failure: string | null; duplicate: boolean; saved: number | null }> = [];
  const toSave: Evidence[] = [];
  for (const record of records) {
    const valid = evidenceSchema.safeParse(record);
    if (!valid.success) {
      plan.push({
        id: record.id ?? "record",
        failure: valid.error.issues[0]?.message ?? "invalid",
        duplicate: false,
        saved: null,
      });
    } else if (seen.has(record.id)) {
      plan.push({ id: record.id, failure: null, duplicate: true, saved: null });
    } else {
      seen.add(record.id);
      // The same PMID from another file (PubTator text vs MEDLINE XML): fill what this file lacks (year, journal, …).
      const stored = await findSameRecord(valid.data);
      const merged = stored ? mergeLibraryMetadata(valid.data, rowToEvidence(stored)) : valid.data;
      plan.push({ id: record.id, failure: null, duplicate: false, saved: toSave.push(merged) - 1 });
    }
  }
  const outcomes = await saveLibraryRecords(toSave);
  for (const step of plan) {
    if (step.failure !== null) {
      report.failed++;
      report.failures.push(`${step.id}: ${step.failure}`);
    } else if (step.duplicate) {
      report.skipped++;
      report.skips.push(`${step.id}: duplicate within the file`);
    } else {
      const outcome = outcomes[step.saved!];
      if (outcome === "created") report.imported++;
      else if (outcome === "updated") report.updated++;
      else {
        report.skipped++;
        report.skips.push(`${step.id}: unchanged`);
      }
    }
  }
  return report;
}

/** One line per file, e.g. "CDR_TestSet.PubTator.txt (pubtator): 500 imported, 0 updated, 0 skipped, 0 failed". */
export function formatFileReport(r: FileImportReport): string {
  const name = path.basename(r.file);
  if (r.error && !r.format) return `${name}: skipped (${r.error})`;
  if (r.error) return `${name}: rejected, nothing imported (${r.error})`;
  const head =
    `${name} (${r.format}): ${r.imported} imported, ${r.updated} updated, ${r.skipped} skipped, ${r.failed} ` +
    `failed`;
  const reasons = summariseReasons(r.skips, "skipped").concat(r.failures.slice(0, 10).map((f) => `  failed ${f}`));
  return [head, ...reasons].join("\n");
}

function summariseReasons(lines: string[], verb: string): string[] {
  const byReason = new Map<string, number>();
  for (const line of lines) {
    const reason = line.slice(line.indexOf(": ") + 2);
    byReason.set(reason, (byReason.get(reason) ?? 0) + 1);
  }
  return [...byReason.entries()].map(([reason, n]) => `  ${n} ${verb}: ${reason}`);
}
