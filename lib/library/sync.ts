import type { LibraryRow } from "@/lib/db/library-columns";
import { openLibraryWriter } from "@/lib/db/library-writer";
import type { BatchOutcome, LibraryWriter } from "@/lib/db/library-writer-types";
import type { Evidence } from "@/lib/domain/evidence";
import { IDENTIFIER_FIELDS, keepStored } from "@/lib/evidence/merge";
import { mergeLibraryMetadata } from "./merge-metadata";
import { startParseWorker, type ParseWorker } from "./parse-pool";
import { listSyncFolder, planSync, type PubmedFile } from "./sync-files";
import type { SyncItem } from "./sync-worker";
import { threadCpuMicros } from "./thread-cpu";

/**
 * Items (citations and deletions) per transaction. Large enough that a commit's fsync and FTS5's segment flush are
 * rare, small enough that a killed sync redoes little; measured on the library bench (docs/library.md).
 */
export const SYNC_BATCH_ITEMS = 5_000;
/** Progress events at most this often (ms) by default. */
const PROGRESS_EVERY_MS = 500;
/** Compressed bytes per record of NLM's recent baseline files (~1.5 KB), to guess how many records a load brings. */
const GZIP_BYTES_PER_RECORD = 1_500;

/** What a sync reports as it goes (the CLI draws a progress bar or prints them as JSON lines). */
export type SyncEvent =
  | {
      type: "plan";
      folder: string;
      files: number;
      pending: number;
      applied: number;
      ignored: string[];
      changed: string[];
      bytes: number;
      libraryRecords: number;
    }
  | { type: "index"; action: "deferred" | "rebuilt"; ms: number }
  | { type: "file-start"; file: string; index: number; files: number; bytes: number; resumeAt: number }
  | {
      type: "progress";
      file: string;
      index: number;
      files: number;
      items: number;
      records: number;
      recordsPerSecond: number;
      bytesDone: number;
      bytesTotal: number;
      etaSeconds: number | null;
    }
  | ({
      type: "file-done";
      file: string;
      index: number;
      files: number;
      items: number;
      failed: number;
      failures: string[];
      ms: number;
    } & BatchOutcome)
  | ({
      type: "done";
      files: number;
      records: number;
      failed: number;
      ms: number;
      recordsPerSecond: number;
      libraryRecords: number;
      /** CPU time of the parse worker thread and of the writing thread (the caller's) during the sync, µs. */
      parseCpuMicros: number;
      writerCpuMicros: number;
    } & BatchOutcome);

/** Options of {@link syncLibrary}. */
export interface SyncOptions {
  folder: string;
  onEvent?: (event: SyncEvent) => void;
  /** Items per transaction (default SYNC_BATCH_ITEMS). */
  batchItems?: number;
  /** Least time between progress events, ms (default 500; 0: one after every batch, as `--json` reports). */
  progressEveryMs?: number;
  /** Stops after the batch in progress (the checkpoint makes the next sync continue there). */
  signal?: AbortSignal;
  /** The writer (tests); default: one for DATABASE_URL, closed at the end. */
  writer?: LibraryWriter;
}

/** Totals of a sync. `records` counts citations read (created + updated + unchanged). */
export type SyncSummary = Extract<SyncEvent, { type: "done" }>;

/**
 * How a newer version of a record combines with the stored row (the same rules as library:import): the incoming
 * record's fields win, what it lacks is kept (mergeLibraryMetadata), identifiers it lacks are kept, and so is the
 * stored provenance when it carries none.
 */
export function mergeSyncRecord(incoming: Evidence, stored: Evidence): Evidence {
  const merged = mergeLibraryMetadata(incoming, stored);
  const c = merged.citation;
  const s = stored.citation;
  return {
    ...merged,
    citation: { ...c, ...keepStored(c, s, IDENTIFIER_FIELDS) },
    ...((incoming.provenance ?? stored.provenance) ? { provenance: incoming.provenance ?? stored.provenance } : {}),
  };
}

const zero = (): BatchOutcome => ({ created: 0, updated: 0, unchanged: 0, deleted: 0, missing: 0 });
function addOutcome(total: BatchOutcome, o: BatchOutcome) {
  total.created += o.created;
  total.updated += o.updated;
  total.unchanged += o.unchanged;
  total.deleted += o.deleted;
  total.missing += o.missing;
}

/**
 * `npm run library:sync`: applies the PubMed baseline and update files of a folder to the local library, streaming
 * (gunzip → saxen in a worker thread, a few batches in memory at a time, never a whole file), in NLM's file order,
 * with DeleteCitation entries and newer versions of a PMID applied as they come. Each batch of items commits with the
 * file's checkpoint, so a sync killed at any point (even kill -9) resumes where the last commit left it, and a file
 * already applied is skipped.
 * @throws SyncOrderError when a new file sorts before an applied one; PubmedXmlError or a zlib error when a file is
 *   malformed or truncated (the batches before the fault stay applied; the file stays "applying" and is redone once
 *   replaced); database errors as they come.
 */
export async function syncLibrary(options: SyncOptions): Promise<SyncSummary> {
  const emit = options.onEvent ?? (() => {});
  const batchItems = options.batchItems ?? SYNC_BATCH_ITEMS;
  const folder = listSyncFolder(options.folder);
  const writer = options.writer ?? (await openLibraryWriter());
  const started = performance.now();
  const writerCpu = threadCpuMicros();
  const totals = zero();
  let failed = 0;
  const parser = startParseWorker();
  try {
    const plan = planSync(folder, await writer.fileStates());
    const bytesTotal = plan.pending.reduce((sum, p) => sum + p.file.bytes, 0);
    emit({
      type: "plan",
      folder: options.folder,
      files: folder.files.length,
      pending: plan.pending.length,
      applied: plan.applied.length,
      ignored: folder.ignored,
      changed: plan.changed,
      bytes: bytesTotal,
      libraryRecords: await writer.libraryRecords(),
    });
    if (plan.pending.length > 1) {
      const t = performance.now();
      if (await writer.beginBulkLoad(bytesTotal / GZIP_BYTES_PER_RECORD))
        emit({ type: "index", action: "deferred", ms: Math.round(performance.now() - t) });
    }
    let bytesBefore = 0;
    let records = 0;
    let lastProgress = 0;
    for (const [i, { file, resumeAt }] of plan.pending.entries()) {
      if (options.signal?.aborted) break;
      // The worker reads the next file as soon as it has read this one, while the writer still applies its batches.
      const following = plan.pending[i + 1];
      if (i === 0) parser.prefetch(file.path, resumeAt, batchItems);
      if (following) parser.prefetch(following.file.path, following.resumeAt, batchItems);
      const index = plan.applied.length + i + 1;
      emit({ type: "file-start", file: file.name, index, files: folder.files.length, bytes: file.bytes, resumeAt });
      const fileStarted = performance.now();
      let bytesRead = 0;
      const progress = (items: number, force = false) => {
        const now = performance.now();
        if (!force && now - lastProgress < (options.progressEveryMs ?? PROGRESS_EVERY_MS)) return;
        lastProgress = now;
        const seconds = (now - started) / 1000;
        const done = bytesBefore + bytesRead;
        const rate = done / seconds;
        emit({
          type: "progress",
          file: file.name,
          index,
          files: folder.files.length,
          items,
          records,
          recordsPerSecond: Math.round(records / seconds),
          bytesDone: done,
          bytesTotal,
          etaSeconds: rate > 0 && done > 0 ? Math.round((bytesTotal - done) / rate) : null,
        });
      };
      const outcome = await applyFile(
        file,
        resumeAt,
        writer,
        parser,
        batchItems,
        (o, read, items) => {
          records += o.created + o.updated + o.unchanged;
          bytesRead = read;
          progress(items);
        },
        options.signal,
      );
      addOutcome(totals, outcome);
      failed += outcome.failed;
      bytesBefore += file.bytes;
      if (outcome.stopped) break;
      progress(outcome.items, true);
      emit({
        type: "file-done",
        file: file.name,
        index,
        files: folder.files.length,
        items: outcome.items,
        failed: outcome.failed,
        failures: outcome.failures,
        ms: Math.round(performance.now() - fileStarted),
        created: outcome.created,
        updated: outcome.updated,
        unchanged: outcome.unchanged,
        deleted: outcome.deleted,
        missing: outcome.missing,
      });
    }
    if (!options.signal?.aborted) {
      const t = performance.now();
      if (await writer.finishBulkLoad())
        emit({ type: "index", action: "rebuilt", ms: Math.round(performance.now() - t) });
    }
    const ms = Math.round(performance.now() - started);
    const read = totals.created + totals.updated + totals.unchanged;
    const summary: SyncSummary = {
      type: "done",
      files: plan.pending.length,
      records: read,
      failed,
      ms,
      recordsPerSecond: Math.round(read / (ms / 1000 || 1)),
      libraryRecords: await writer.libraryRecords(),
      parseCpuMicros: parser.cpuMicros,
      writerCpuMicros: threadCpuMicros() - writerCpu,
      ...totals,
    };
    emit(summary);
    return summary;
  } finally {
    await parser.close();
    if (!options.writer) await writer.close();
  }
}

/** Reason lines kept per file for the report (the count is always exact). */
const MAX_FAILURES = 10;

type FileOutcome = BatchOutcome & { items: number; failed: number; failures: string[]; stopped: boolean };

/**
 * Applies one file in batches, starting after `resumeAt` items, as the parse worker delivers them. Within a batch the
 * last item of a PMID wins (a deletion after a version deletes it; a version after a deletion brings it back), as
 * applying the items one by one would. The file is marked applied by a last, empty batch.
 */
async function applyFile(
  file: PubmedFile,
  resumeAt: number,
  writer: LibraryWriter,
  parser: ParseWorker,
  batchItems: number,
  onBatch: (o: BatchOutcome, bytesRead: number, items: number) => void,
  signal?: AbortSignal,
): Promise<FileOutcome> {
  await writer.startFile(file.name, file.bytes, resumeAt === 0);
  const out: FileOutcome = { ...zero(), items: resumeAt, failed: 0, failures: [], stopped: false };
  const apply = async (items: SyncItem[], last: boolean, bytesRead: number) => {
    const ops = new Map<string, LibraryRow | null>();
    let failed = 0;
    for (const item of items) {
      if (item.kind === "failed") {
        failed++;
        if (out.failures.length < MAX_FAILURES) out.failures.push(item.reason);
        continue;
      }
      const pmid = item.kind === "delete" ? item.pmid : (item.row.pmid ?? item.row.id);
      ops.delete(pmid); // re-inserted last, so the batch keeps the items' order
      ops.set(pmid, item.kind === "delete" ? null : item.row);
    }
    out.items += items.length;
    const records = [...ops.values()].filter((op): op is LibraryRow => op !== null);
    const deletes = [...ops.entries()].flatMap(([pmid, op]) => (op ? [] : [pmid]));
    const outcome = await writer.applyBatch(
      { file: file.name, records, deletes, failed, items: out.items, last },
      mergeSyncRecord,
    );
    addOutcome(out, outcome);
    out.failed += failed;
    onBatch(outcome, bytesRead, out.items);
  };
  let bytesRead = 0;
  try {
    for await (const batch of parser.batches(file.path, resumeAt, batchItems)) {
      bytesRead = batch.bytesRead;
      await apply(batch.items, false, bytesRead);
      if (signal?.aborted) return { ...out, stopped: true };
    }
  } catch (error) {
    throw new Error(`${file.name}: ${(error as Error).message}`, { cause: error });
  }
  await apply([], true, file.bytes);
  return out;
}
