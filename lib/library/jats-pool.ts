import type { ArticleDocument } from "@/lib/domain/fulltext";
import { ArticleFileError } from "./article-files";
import { startTypeScriptWorker, workerInbox } from "./parse-pool";

/**
 * An archive member as the worker read it: its article and the record id it takes if it names no PMID, PMCID or DOI
 * (fileRecordId of its bytes, hashed in the worker so the bytes are not copied to the storing thread), or why not.
 */
export type ArchiveArticle =
  { name: string; doc: ArticleDocument; fallbackId: string } | { name: string; error: string };

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
  const next = workerInbox<JatsMessage>(worker);
  worker.postMessage({ type: "archive", path: file, limit, batch } satisfies JatsRequest);
  try {
    for (;;) {
      const m = await next();
      if (m.type === "end") return;
      if (m.type === "error") throw m.archive ? new ArticleFileError(m.message) : new Error(m.message);
      worker.postMessage({ type: "ack" });
      yield m.articles;
    }
  } finally {
    await worker.terminate();
  }
}
