// The parsing half of importing a PMC Open Access archive (lib/library/import-articles.ts starts it through
// jats-pool.ts): reads the archive's JATS members and parses them, posting the articles in batches, so the main thread
// stores one batch while this one parses the next (two cores instead of one). At most two batches wait
// unacknowledged, which bounds memory.
import { parentPort } from "node:worker_threads";
import { archiveMembers, ArticleFileError, fileRecordId, readArticle } from "./article-files";
import type { ArchiveArticle, JatsMessage, JatsRequest } from "./jats-pool";

const MAX_UNACKNOWLEDGED = 2;
let unacknowledged = 0;
let wake: (() => void) | null = null;

async function read(request: JatsRequest) {
  const port = parentPort!;
  let articles: ArchiveArticle[] = [];
  const post = async () => {
    while (unacknowledged >= MAX_UNACKNOWLEDGED) await new Promise<void>((resolve) => (wake = resolve));
    unacknowledged++;
    port.postMessage({ type: "batch", articles } satisfies JatsMessage);
    articles = [];
  };
  try {
    for await (const member of archiveMembers(request.path, request.limit)) {
      if ("error" in member) articles.push({ name: member.name, error: member.error });
      else {
        try {
          const doc = await readArticle("jats", member.bytes, request.limit);
          articles.push({ name: member.name, doc, fallbackId: fileRecordId(member.bytes) });
        } catch (error) {
          if (!(error instanceof ArticleFileError)) throw error;
          articles.push({ name: member.name, error: error.message });
        }
      }
      if (articles.length >= request.batch) await post();
    }
    if (articles.length) await post();
    port.postMessage({ type: "end" } satisfies JatsMessage);
  } catch (error) {
    if (articles.length) await post();
    port.postMessage({
      type: "error",
      message: (error as Error).message,
      archive: error instanceof ArticleFileError,
    } satisfies JatsMessage);
  }
}

parentPort?.on("message", (message: JatsRequest | { type: "ack" }) => {
  if (message.type === "ack") {
    unacknowledged--;
    wake?.();
    wake = null;
  } else void read(message);
});
