import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fillFullTexts, measureJatsImport, measurePassageSearch, measurePdfImport } from "@/bench/fulltext";
import { freshDatabase, switchDatabase } from "./run";

/** Imports measured: JATS articles and PDFs, each a new record. Our choice: a few seconds each on two cores. */
const JATS_IMPORTS = 1_000;
const PDF_IMPORTS = 70;

/** Figures of the full-text bench on one database. */
export interface FullTextFigures {
  database: "sqlite" | "postgres";
  jatsArticlesPerSecond: number;
  /** CPU time of the import (all threads of the process) per article, ms: independent of the machine's other load. */
  jatsCpuMsPerArticle: number;
  pdfArticlesPerSecond: number;
  pdfCpuMsPerArticle: number;
  fullTexts: number;
  passages: number;
  searches: number;
  passageSearchP50Ms: number;
  passageSearchP95Ms: number;
}

/**
 * `npm run bench -- library --fulltexts N [--db sqlite|postgres|both]`: per database, on a fresh one, the import rate
 * of JATS articles and of PDFs (bench/fulltext.ts), then a library of N full texts in all (the imports and synthetic
 * full texts of real articles' sentences) and the passage search's latency on it. Writes bench/fulltext-results.json.
 * Goals (docs/benchmarks.md): JATS ≥ 100 articles/s, PDF ≥ 5/s, passage search p95 ≤ 100 ms at 10,000 full texts.
 */
export async function runFullTextBench(
  fullTexts: number,
  databases: Array<"sqlite" | "postgres">,
  log: (line: string) => void,
): Promise<FullTextFigures[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "critica-fulltext-bench-"));
  const out: FullTextFigures[] = [];
  try {
    for (const database of databases) {
      await switchDatabase(await freshDatabase(database, "fulltext", dir));
      const jats = await measureJatsImport(JATS_IMPORTS, dir);
      log(
        `${database}: JATS import ${jats.perSecond} articles/s, ${jats.cpuMsPerArticle} ms CPU per article ` +
          `(${JATS_IMPORTS} articles in a PMC OA archive)`,
      );
      const pdf = await measurePdfImport(PDF_IMPORTS);
      log(
        `${database}: PDF import ${pdf.perSecond} articles/s, ${pdf.cpuMsPerArticle} ms CPU per article ` +
          `(${PDF_IMPORTS} PDFs)`,
      );
      await fillFullTexts(Math.max(0, fullTexts - JATS_IMPORTS - PDF_IMPORTS), log);
      const search = await measurePassageSearch();
      log(
        `${database}: passage search over ${search.fullTexts} full texts (${search.passages} passages): ` +
          `p50 ${search.p50Ms} ms, p95 ${search.p95Ms} ms (${search.searches} searches)`,
      );
      out.push({
        database,
        jatsArticlesPerSecond: jats.perSecond,
        jatsCpuMsPerArticle: jats.cpuMsPerArticle,
        pdfArticlesPerSecond: pdf.perSecond,
        pdfCpuMsPerArticle: pdf.cpuMsPerArticle,
        fullTexts: search.fullTexts,
        passages: search.passages,
        searches: search.searches,
        passageSearchP50Ms: search.p50Ms,
        passageSearchP95Ms: search.p95Ms,
      });
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  fs.writeFileSync(
    path.join(process.cwd(), "bench", "fulltext-results.json"),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), fullTexts, results: out }, null, 2)}\n`,
  );
  return out;
}
