import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { ParseMessage, ParseRequest, SyncItem } from "./sync-worker";

/** A batch of parsed items and the compressed bytes of the file read so far. */
export interface ParsedBatch {
  items: SyncItem[];
  bytesRead: number;
}

/**
 * A worker thread that parses PubMed files for the sync (lib/library/sync-worker.ts), loaded through tsx's register
 * API so it runs the TypeScript sources wherever the sync runs (the CLI, the bench, the tests).
 */
export interface ParseWorker {
  /**
   * Asks for a file ahead of its turn: the worker reads it as soon as the files asked before are read, so its first
   * batches wait ready while the writer finishes the file before (no pause at each file boundary).
   */
  prefetch(file: string, skip: number, batchItems: number): void;
  /**
   * The file's items in batches, in document order, after `skip` items (asked for now unless prefetched, and after
   * every file asked for before it has been consumed). @throws the parse error of the file.
   */
  batches(file: string, skip: number, batchItems: number): AsyncGenerator<ParsedBatch>;
  /**
   * CPU time the worker thread spent on the files read so far (reading, gunzip's calls, parsing, building rows), µs.
   */
  readonly cpuMicros: number;
  close(): Promise<void>;
}

/**
 * Starts a worker thread running a TypeScript module of the project (`script`, relative to `root`), loaded through
 * tsx's register API so it runs the sources wherever its caller runs (the CLI, the bench, the tests, the server).
 */
export function startTypeScriptWorker(script: string, root = process.cwd()): Worker {
  const require = createRequire(path.join(root, "package.json"));
  const tsx = require.resolve("tsx/cjs/api");
  const worker = new Worker(
    `require(${JSON.stringify(tsx)}).register({ tsconfig: ${JSON.stringify(path.join(root, "tsconfig.json"))} ` +
      `}); require(${JSON.stringify(path.join(root, script))});`,
    { eval: true },
  );
  worker.unref();
  return worker;
}

/**
 * The messages `worker` posts, in order: each call of the returned function resolves with the next one (at once when
 * it has already arrived). Listens from the moment it is called, so call it before asking the worker for anything.
 * @throws the worker's error (an uncaught exception in the thread) once the messages before it are consumed.
 */
export function workerInbox<M>(worker: Worker): () => Promise<M> {
  const queue: M[] = [];
  let wake: (() => void) | null = null;
  let failure: Error | null = null;
  worker.on("message", (m: M) => {
    queue.push(m);
    wake?.();
  });
  worker.on("error", (e) => {
    failure = e;
    wake?.();
  });
  return async () => {
    while (queue.length === 0) {
      if (failure) throw failure;
      await new Promise<void>((resolve) => (wake = resolve));
      wake = null;
    }
    return queue.shift()!;
  };
}

/** Starts the parse worker. Paths resolve from the project root (the working directory of every npm script). */
export function startParseWorker(root = process.cwd()): ParseWorker {
  const worker = startTypeScriptWorker("lib/library/sync-worker.ts", root);
  const next = workerInbox<ParseMessage>(worker);
  let cpuMicros = 0;
  /** Files asked for and not yet consumed, in order. */
  const asked: string[] = [];
  const ask = (file: string, skip: number, batchItems: number) => {
    asked.push(file);
    worker.postMessage({ type: "file", path: file, skip, batchItems } satisfies ParseRequest);
  };
  return {
    prefetch: ask,
    async *batches(file, skip, batchItems) {
      if (!asked.includes(file)) ask(file, skip, batchItems);
      if (asked[0] !== file) throw new Error(`parse worker: ${file} asked for before ${asked[0]} was read`);
      asked.shift();
      for (;;) {
        const m = await next();
        if (m.type === "error") throw new Error(m.message);
        cpuMicros += m.cpuMicros;
        if (m.type === "end") return;
        worker.postMessage({ type: "ack" });
        yield { items: m.items, bytesRead: m.bytesRead };
      }
    },
    get cpuMicros() {
      return cpuMicros;
    },
    async close() {
      await worker.terminate();
    },
  };
}
