// The parsing half of `npm run library:sync`, run in a worker thread (lib/library/parse-pool.ts starts it): reads a
// file, gunzips and parses it, and posts its items in batches, so the main thread writes one batch while this one
// parses the next (two cores instead of one). At most two batches wait unacknowledged, which bounds memory.
import fs from "node:fs";
import zlib from "node:zlib";
import { parentPort } from "node:worker_threads";
import { streamPubmedItems, type PubmedItem } from "@/lib/library/pubmed-stream";

/** A request: stream `path`, skipping `skip` items, in batches of `batchItems`. */
export interface ParseRequest {
  type: "file";
  path: string;
  skip: number;
  batchItems: number;
}

/** What the worker posts: a batch of items (with the compressed bytes read so far), the file's end, or its error. */
export type ParseMessage = { type: "batch"; items: PubmedItem[]; bytesRead: number } | { type: "end"; bytesRead: number } | { type: "error"; message: string };

const MAX_UNACKNOWLEDGED = 2;
let unacknowledged = 0;
let wake: (() => void) | null = null;

async function stream(request: ParseRequest) {
  const port = parentPort!;
  const raw = fs.createReadStream(request.path, { highWaterMark: 1 << 20 });
  let bytesRead = 0;
  raw.on("data", (chunk) => (bytesRead += chunk.length));
  const text = raw.pipe(zlib.createGunzip({ chunkSize: 1 << 20 })).setEncoding("utf8");
  raw.on("error", (e) => text.destroy(e));
  let items: PubmedItem[] = [];
  const post = async () => {
    while (unacknowledged >= MAX_UNACKNOWLEDGED) await new Promise<void>((resolve) => (wake = resolve));
    unacknowledged++;
    port.postMessage({ type: "batch", items, bytesRead } satisfies ParseMessage);
    items = [];
  };
  try {
    for await (const item of streamPubmedItems(text, { skip: request.skip })) {
      items.push(item);
      if (items.length >= request.batchItems) await post();
    }
    if (items.length) await post();
    port.postMessage({ type: "end", bytesRead } satisfies ParseMessage);
  } catch (error) {
    raw.destroy();
    port.postMessage({ type: "error", message: (error as Error).message } satisfies ParseMessage);
  }
}

parentPort?.on("message", (message: ParseRequest | { type: "ack" }) => {
  if (message.type === "ack") {
    unacknowledged--;
    wake?.();
    wake = null;
  } else void stream(message);
});
