// `npm run library:import -- <file|dir>...`: fills the local library from PubMed efetch XML, MEDLINE XML,
// PubTator text, Europe PMC search JSON and ClinicalTrials.gov v2 JSON, and full texts: JATS articles (.nxml, or .xml
// with an <article> root), PMC Open Access bulk archives (.tar.gz) and PDFs (each matched to its stored record by
// PMID, PMCID or DOI, else a record of its own). Prints, per file, the records imported, updated, skipped and failed
// with reasons. Exits 0 when every recognised file was imported, 1 when a file was malformed, unreadable or refused
// (a PDF without a text layer, encrypted, too large: that file is not imported at all), 2 on bad usage.
import fs from "node:fs";
import { applyMigrations } from "@/lib/db/migrate";
import { expandPaths, formatFileReport, importFile } from "@/lib/library/import";

async function main(): Promise<number> {
  const inputs = process.argv.slice(2).filter((a) => a !== "--");
  if (inputs.length === 0 || inputs.includes("--help")) {
    console.error("usage: npm run library:import -- <file|dir>...");
    return inputs.includes("--help") ? 0 : 2;
  }
  const missing = inputs.filter((p) => !fs.existsSync(p));
  if (missing.length) {
    console.error(`not found: ${missing.join(", ")}`);
    return 2;
  }
  await applyMigrations();
  const totals = { imported: 0, updated: 0, skipped: 0, failed: 0, rejectedFiles: 0 };
  for (const file of expandPaths(inputs)) {
    const report = await importFile(file);
    console.log(formatFileReport(report));
    totals.imported += report.imported;
    totals.updated += report.updated;
    totals.skipped += report.skipped;
    totals.failed += report.failed;
    if (report.error && report.format) totals.rejectedFiles++;
  }
  console.log(
    `total: ${totals.imported} imported, ${totals.updated} updated, ${totals.skipped} skipped, ` +
      `${totals.failed} failed` +
      (totals.rejectedFiles ? `; ${totals.rejectedFiles} malformed file(s) rejected` : ""),
  );
  return totals.rejectedFiles ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`library import failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
