import { schedulePubmed } from "./pubmed-rate-limit";

/** Most PMIDs in one coalesced efetch (NCBI recommends POST beyond ~200 ids; GET batches stay at or below this). */
export const EFETCH_MAX_IDS = 200;

/**
 * Fetches (and parses) the records of `ids` in one efetch request; `schedule` runs each attempt (fetchText's option).
 */
export type EfetchRequest<R> = (
  ids: string[],
  schedule: <T>(attempt: () => Promise<T>) => Promise<T>,
  signal: AbortSignal,
) => Promise<R>;

interface Waiter {
  signal?: AbortSignal;
}

interface Batch<R> {
  ids: Set<string>;
  waiters: Set<Waiter>;
  /** Set when the limiter grants the batch its slot: later ids go to a new batch. */
  closed: boolean;
  controller: AbortController;
  reply: Promise<R>;
}

/**
 * Coalesces the efetch requests of concurrent PubMed searches, so they spend fewer of NCBI's 3 requests a second: a
 * search whose esearch has answered asks for its PMIDs; while an efetch batch still waits its turn in the process-wide
 * NCBI limiter (3 requests/s without a key) the PMIDs join it, and the batch is closed only when the limiter grants it
 * its slot. A research step's three follow-up queries then cost 3 esearch + 1 efetch requests instead of 3 + 3, and end
 * about two NCBI slots (≈ 670 ms) sooner; a lone search still makes its own efetch at the same moment as before. The
 * batch's request is aborted only when every search waiting on it has aborted; a search whose own signal aborts stops
 * waiting at once (rejects with its signal's reason). A failed request fails every search of its batch. Retries of the
 * request go through the limiter again (the first attempt runs in the granted slot).
 * @returns `fetch(ids, signal)`: the batch's reply (parsed once per request), holding at least `ids`' records; the
 *   caller picks its own.
 */
export function createEfetchBatcher<R>(
  request: EfetchRequest<R>,
  hasApiKey: () => boolean,
): (ids: string[], signal?: AbortSignal) => Promise<R> {
  let open: Batch<R> | null = null;

  const startBatch = (): Batch<R> => {
    const controller = new AbortController();
    // An abandoned batch (every search aborted before its slot) takes no more ids.
    controller.signal.addEventListener("abort", () => open === batch && (open = null), { once: true });
    const batch: Batch<R> = {
      ids: new Set(),
      waiters: new Set(),
      closed: false,
      controller,
      reply: Promise.resolve(undefined as R),
    };
    const key = hasApiKey();
    batch.reply = schedulePubmed(
      () => {
        batch.closed = true;
        if (open === batch) open = null;
        let first = true;
        const schedule = <T>(attempt: () => Promise<T>) =>
          first ? ((first = false), attempt()) : schedulePubmed(attempt, key, controller.signal);
        return request([...batch.ids], schedule, controller.signal);
      },
      key,
      controller.signal,
    );
    batch.reply.catch(() => undefined); // each waiter sees the rejection through its own promise
    return batch;
  };

  return (ids, signal) => {
    signal?.throwIfAborted();
    const fits = (b: Batch<R>) =>
      !b.closed &&
      !b.controller.signal.aborted &&
      ids.filter((id) => !b.ids.has(id)).length + b.ids.size <= EFETCH_MAX_IDS;
    const batch = open && fits(open) ? open : (open = startBatch());
    for (const id of ids) batch.ids.add(id);
    const waiter: Waiter = { signal };
    batch.waiters.add(waiter);
    const leave = () => {
      batch.waiters.delete(waiter);
      if (batch.waiters.size === 0) batch.controller.abort(signal?.reason);
    };
    if (!signal) return batch.reply;
    return new Promise<R>((resolve, reject) => {
      const onAbort = () => {
        leave();
        reject(signal.reason);
      };
      signal.addEventListener("abort", onAbort, { once: true });
      batch.reply.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
    });
  };
}
