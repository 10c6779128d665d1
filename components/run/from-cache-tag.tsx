/**
 * The "from cache" tag of a timeline search entry (research and claim-check searches alike): the source cache
 * (lib/sources/cache.ts) answered, so the search cost no network request.
 */
export function FromCacheTag() {
  return (
    <span data-testid="from-cache" className="rounded border px-1.5 text-xs text-muted-foreground">
      from cache
    </span>
  );
}
