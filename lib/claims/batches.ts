/**
 * Maps `fn` over `items` in batches of `size`, running at most `concurrency` batches at once, and returns the
 * results in batch order. Batches start in order (batch i before batch i + 1); the first failure rejects after
 * the batches already running have settled.
 * @throws RangeError when size or concurrency is below 1.
 */
export async function mapBatches<T, R>(items: T[], size: number, concurrency: number, fn: (batch: T[], index: number) => Promise<R>): Promise<R[]> {
  if (size < 1 || concurrency < 1) throw new RangeError("batch size and concurrency must be at least 1");
  const batches: T[][] = [];
  for (let i = 0; i < items.length; i += size) batches.push(items.slice(i, i + size));
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
