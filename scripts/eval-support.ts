import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Runs `work` over `items` with at most `limit` at once (a fixed pool of workers taking the next item in order).
 * @returns the results in item order.
 */
export async function inPool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i]);
      }
    }),
  );
  return out;
}

/**
 * Runs `work` on a temporary library: DATABASE_URL points to a fresh SQLite file in a new temp folder (named after
 * `prefix`) while it runs, so the project's database is untouched; afterwards DATABASE_URL is restored and the
 * folder removed, whether `work` succeeded or threw. The caller applies the migrations (lib/db is imported lazily,
 * after the URL is set).
 */
export async function withTempLibrary<R>(prefix: string, work: () => Promise<R>): Promise<R> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const previousUrl = process.env.DATABASE_URL;
  process.env.DATABASE_URL = `file:${path.join(dir, "library.db")}`;
  try {
    return await work();
  } finally {
    if (previousUrl === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = previousUrl;
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
