/** `items` in order, in batches of `size` (the last one shorter when `size` does not divide their number). */
export function fixedBatches<T>(items: T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
  return batches;
}

/** `items` in order, in the fewest near-equal batches of at most `size` (25 by 8: 7, 6, 6, 6). */
export function balancedBatches<T>(items: T[], size: number): T[][] {
  const count = Math.ceil(items.length / size);
  const batches: T[][] = [];
  for (let b = 0, start = 0; b < count; b++) {
    const end = start + Math.ceil((items.length - start) / (count - b));
    batches.push(items.slice(start, end));
    start = end;
  }
  return batches;
}

/**
 * Runs `fn` over `batches`, at most `concurrency` at once (Infinity: all at once), and returns the results in batch
 * order. Batches start in order (batch i before batch i + 1); the first failure rejects after the batches already
 * running have settled, and no batch starts after it.
 * @throws RangeError when concurrency is below 1.
 */
export async function mapConcurrent<T, R>(
  batches: T[][],
  concurrency: number,
  fn: (batch: T[], index: number) => Promise<R>,
): Promise<R[]> {
  if (concurrency < 1) throw new RangeError("concurrency must be at least 1");
  const results = new Array<R>(batches.length);
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (next < batches.length && !failure) {
      const index = next++;
      try {
        results[index] = await fn(batches[index], index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, batches.length) }, worker));
  if (failure) throw (failure as { error: unknown }).error;
  return results;
}

/**
 * Maps `fn` over `items` in batches of `size` ({@link fixedBatches}), running at most `concurrency` batches at once
 * ({@link mapConcurrent}), and returns the results in batch order.
 * @throws RangeError when size or concurrency is below 1.
 */
export async function mapBatches<T, R>(
  items: T[],
  size: number,
  concurrency: number,
  fn: (batch: T[], index: number) => Promise<R>,
): Promise<R[]> {
  if (size < 1 || concurrency < 1) throw new RangeError("batch size and concurrency must be at least 1");
  return mapConcurrent(fixedBatches(items, size), concurrency, fn);
}
