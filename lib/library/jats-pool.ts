import type { ArticleDocument } from "@/lib/domain/fulltext";
import { ArticleFileError } from "./article-files";
import { startTypeScriptWorker } from "./parse-pool";

/**
 * An archive member as the worker read it: its article (and bytes, for the record id of one without identifiers), or
 * why not.
 */
export type ArchiveArticle =
  { name: string; doc: ArticleDocument; bytes: Uint8Array } | { name: string; error: string };

/** A request to the worker: read the archive at `path`, members up to `limit` bytes, `batch` articles per message. */
export interface JatsRequest {
  type: "archive";
  path: string;
  limit: number;
  batch: number;
}

/** What the worker posts: a batch of articles, the archive's end, or an error (`archive`: the file is no archive). */
export type JatsMessage =
  | { type: "batch"; articles: ArchiveArticle[] }
  | { type: "end" }
  | { type: "error"; message: string; archive: boolean };

/**
 * The articles of a PMC Open Access archive in batches, parsed in a worker thread (lib/library/jats-worker.ts) while
 * the caller stores the batch before, in archive order. The worker ends with the archive.
 * @throws ArticleFileError "not a tar archive: …" (after the batches read before it), or Error for the worker's own.
 */
export async function* archiveArticles(file: string, limit: number, batch: number): AsyncGenerator<ArchiveArticle[]> {
  const worker = startTypeScriptWorker("lib/library/jats-worker.ts");
  const queue: JatsMessage[] = [];
  let wake: (() => void) | null = null;
  let failure: Error | null = null;
  worker.on("message", (m: JatsMessage) => {
    queue.push(m);
    wake?.();
  });
  worker.on("error", (e) => {
    failure = e;
    wake?.();
  });
  worker.postMessage({ type: "archive", path: file, limit, batch } satisfies JatsRequest);
  try {
    for (;;) {
      while (queue.length === 0) {
        if (failure) throw failure;
        await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
      }
      const m = queue.shift()!;
      if (m.type === "end") return;
      if (m.type === "error") throw m.archive ? new ArticleFileError(m.message) : new Error(m.message);
      worker.postMessage({ type: "ack" });
      yield m.articles;
    }
  } finally {
    await worker.terminate();
  }
}
