// `npm run library:sync -- <folder> [--json]`: applies the PubMed baseline and update files of a folder
// (pubmedYYnNNNN.xml.gz, as NLM distributes them) to the local library, in file order, resumable (docs/library.md).
// On a terminal: a progress bar (files, records/s, ETA); otherwise, or with --json, one JSON object per line.
// --batch-items sets the items per transaction (default 5,000; smaller commits more often).
// Exits 0 when every file was applied, 1 on a failure (what was committed stays; run it again to resume), 2 on bad
// usage, 130 when interrupted (Ctrl-C stops after the batch in progress).
import { parseArgs } from "node:util";
import cliProgress from "cli-progress";
import { applyMigrations } from "@/lib/db/migrate";
import { syncLibrary, type SyncEvent } from "@/lib/library/sync";

const USAGE = "usage: npm run library:sync -- <folder> [--json] [--batch-items N]";

const fmt = (n: number) => n.toLocaleString("en-US");
const duration = (s: number | null) =>
  s === null
    ? "–"
    : s >= 3600
      ? `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}m`
      : s >= 60
        ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, "0")}s`
        : `${s}s`;

/**
 * Draws the sync on a terminal: one bar over the compressed bytes of the pending files, with files, records/s and ETA.
 */
function terminalReporter(): (e: SyncEvent) => void {
  const bars = new cliProgress.MultiBar(
    {
      format: "{bar} {percentage}% | file {index}/{files} {file} | {records} records | {rate} records/s | ETA {eta_h}",
      barsize: 24,
      hideCursor: true,
      clearOnComplete: false,
    },
    cliProgress.Presets.shades_classic,
  );
  let bar: cliProgress.SingleBar | null = null;
  const log = (line: string) => (bar ? bars.log(`${line}\n`) : console.error(line));
  return (e) => {
    switch (e.type) {
      case "plan":
        console.error(
          `${e.folder}: ${e.files} PubMed file(s), ${e.applied} already applied, ${e.pending} to apply ` +
            `(${fmt(Math.round(e.bytes / 1e6))} MB); library holds ${fmt(e.libraryRecords)} records`,
        );
        if (e.ignored.length)
          console.error(
            `ignored (not pubmedYYnNNNN.xml.gz): ` +
              `${e.ignored.slice(0, 5).join(", ")}${e.ignored.length > 5 ? ` and ${e.ignored.length - 5} more` : ""}`,
          );
        for (const name of e.changed)
          console.error(`warning: ${name} changed size since it was applied; it is not applied again`);
        if (e.pending > 0) {
          bar = bars.create(Math.max(1, e.bytes), 0, {
            index: 0,
            files: e.files,
            file: "",
            records: "0",
            rate: "0",
            eta_h: "–",
          });
        }
        return;
      case "index":
        log(
          e.action === "deferred"
            ? "full-text index dropped for the bulk load; it is rebuilt at the end"
            : `full-text index rebuilt in ${duration(Math.round(e.ms / 1000))}`,
        );
        return;
      case "file-start":
        if (e.resumeAt > 0) log(`${e.file}: resuming after item ${fmt(e.resumeAt)}`);
        return;
      case "progress":
        bar?.update(e.bytesDone, {
          index: e.index,
          files: e.files,
          file: e.file,
          records: fmt(e.records),
          rate: fmt(e.recordsPerSecond),
          eta_h: duration(e.etaSeconds),
        });
        return;
      case "file-done":
        if (e.failed) log(`${e.file}: ${e.failed} record(s) could not be read: ${e.failures.slice(0, 3).join("; ")}`);
        return;
      case "done":
        bars.stop();
        console.error(
          `done: ${e.files} file(s), ${fmt(e.records)} records in ${duration(Math.round(e.ms / 1000))} ` +
            `(${fmt(e.recordsPerSecond)} records/s): ` +
            `${fmt(e.created)} new, ${fmt(e.updated)} updated, ${fmt(e.unchanged)} unchanged, ` +
            `${fmt(e.deleted)} deleted, ${fmt(e.failed)} unreadable; library holds ${fmt(e.libraryRecords)} ` +
            `records`,
        );
    }
  };
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2).filter((a) => a !== "--"),
    options: {
      json: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
      "batch-items": { type: "string" },
    },
    allowPositionals: true,
  });
  if (values.help || positionals.length !== 1) {
    console.error(USAGE);
    return values.help ? 0 : 2;
  }
  const json = values.json || !process.stderr.isTTY;
  const onEvent = json ? (e: SyncEvent) => process.stdout.write(`${JSON.stringify(e)}\n`) : terminalReporter();
  const controller = new AbortController();
  process.once("SIGINT", () => {
    console.error("\ninterrupted: stopping after the batch in progress (run the same command to resume)");
    controller.abort();
  });
  const batchItems = values["batch-items"] === undefined ? undefined : Number(values["batch-items"]);
  if (batchItems !== undefined && !(Number.isInteger(batchItems) && batchItems > 0)) {
    console.error(`--batch-items must be a positive whole number, got "${values["batch-items"]}"`);
    return 2;
  }
  await applyMigrations();
  // JSON lines report every batch (a machine reads them); the bar redraws at most twice a second.
  await syncLibrary({
    folder: positionals[0],
    onEvent,
    signal: controller.signal,
    batchItems,
    progressEveryMs: json ? 0 : undefined,
  });
  return controller.signal.aborted ? 130 : 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    const message = error instanceof Error ? error.message : String(error);
    if (process.argv.includes("--json")) process.stdout.write(`${JSON.stringify({ type: "error", message })}\n`);
    console.error(`library sync failed: ${message}\nWhat was applied is kept; run the same command again to resume.`);
    process.exit(/^not a folder/.test(message) ? 2 : 1);
  },
);
