/** Terms kept at most before the cache starts again (a bound on its memory, not on any result). Our choice. */
const MAX_TERMS = 50_000;

/**
 * Document frequencies of full-text search terms, counted once per index size: `size` is a key the caller derives
 * from the index's row count, coarse enough (to 1%, a log bucket) that a sync in progress does not empty the cache at
 * every batch, and a new size starts it again. The count is the caller's (exact, or bounded by a scoring budget).
 */
export class FrequencyCache {
  private size = -1;
  private readonly df = new Map<string, number>();

  /** The frequency of `term` at index size `size`: the cached one, else `count()`'s, then cached. */
  async get(size: number, term: string, count: () => Promise<number>): Promise<number> {
    if (this.size !== size) {
      this.size = size;
      this.df.clear();
    }
    const cached = this.df.get(term);
    if (cached !== undefined) return cached;
    const df = await count();
    if (this.df.size > MAX_TERMS) this.df.clear();
    this.df.set(term, df);
    return df;
  }
}
