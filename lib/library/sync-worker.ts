// The parsing half of `npm run library:sync`, run in a worker thread (lib/library/parse-pool.ts starts it): reads a
// file, gunzips and parses it, and posts its items in batches, so the main thread writes one batch while this one
// parses the next (two cores instead of one). At most two batches wait unacknowledged, which bounds memory.
import fs from "node:fs";
import zlib from "node:zlib";
import { parentPort } from "node:worker_threads";
import { libraryRow, type LibraryRow } from "@/lib/db/library-columns";
import { streamPubmedItems } from "./pubmed-stream";
import { threadCpuMicros } from "./thread-cpu";

/**
 * An item of a file as the writer takes it: a citation as the row to write (its columns and full-text fields built
 * here, off the writing thread), a DeleteCitation PMID, or a citation that could not be read.
 */
export type SyncItem =
  { kind: "record"; row: LibraryRow } | { kind: "delete"; pmid: string } | { kind: "failed"; reason: string };

/** A request: stream `path`, skipping `skip` items, in batches of `batchItems` (requests are read in order). */
export interface ParseRequest {
  type: "file";
  path: string;
  skip: number;
  batchItems: number;
}

/**
 * What the worker posts: a batch of items (with the compressed bytes read so far), the file's end, or its error; with
 * the CPU time this thread used since its previous message (µs), which the sync reports per file.
 */
export type ParseMessage =
  | { type: "batch"; items: SyncItem[]; bytesRead: number; cpuMicros: number }
  | { type: "end"; bytesRead: number; cpuMicros: number }
  | { type: "error"; message: string };

let cpuMark = threadCpuMicros();
/** CPU time of this thread since the last call, µs. */
function cpuSinceLast(): number {
  const now = threadCpuMicros();
  const used = now - cpuMark;
  cpuMark = now;
  return used;
}

const MAX_UNACKNOWLEDGED = 2;
let unacknowledged = 0;
let wake: (() => void) | null = null;

async function stream(request: ParseRequest) {
  const port = parentPort!;
  const raw = fs.createReadStream(request.path, { highWaterMark: 1 << 20 });
  let bytesRead = 0;
  raw.on("data", (chunk) => (bytesRead += chunk.length));
  // Bytes, not text: the parser decodes each item alone (lib/library/pubmed-items.ts).
  const text = raw.pipe(zlib.createGunzip({ chunkSize: 1 << 20 }));
  raw.on("error", (e) => text.destroy(e));
  let items: SyncItem[] = [];
  const post = async () => {
    while (unacknowledged >= MAX_UNACKNOWLEDGED) await new Promise<void>((resolve) => (wake = resolve));
    unacknowledged++;
    port.postMessage({ type: "batch", items, bytesRead, cpuMicros: cpuSinceLast() } satisfies ParseMessage);
    items = [];
  };
  try {
    for await (const item of streamPubmedItems(text, { skip: request.skip })) {
      items.push(item.kind === "record" ? { kind: "record", row: libraryRow(item.evidence) } : item);
      if (items.length >= request.batchItems) await post();
    }
    if (items.length) await post();
    port.postMessage({ type: "end", bytesRead, cpuMicros: cpuSinceLast() } satisfies ParseMessage);
  } catch (error) {
    raw.destroy();
    port.postMessage({ type: "error", message: (error as Error).message } satisfies ParseMessage);
  }
}

/** Files requested and not yet read, in order: read one after another, so the next file's first batches are ready
 * when the writer finishes a file (the sync requests the next file as it starts one). */
const requests: ParseRequest[] = [];
let reading = false;

async function readRequested() {
  if (reading) return;
  reading = true;
  while (requests.length) await stream(requests.shift()!);
  reading = false;
}

parentPort?.on("message", (message: ParseRequest | { type: "ack" }) => {
  if (message.type === "ack") {
    unacknowledged--;
    wake?.();
    wake = null;
  } else {
    if (!reading) cpuSinceLast();
    requests.push(message);
    void readRequested();
  }
});
