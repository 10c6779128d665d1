import { lookup } from "node:dns/promises";
import { getConfig } from "@/lib/config";
import type { SourceId } from "@/lib/domain/evidence";
import { DEFAULT_CTGOV_BASE_URL } from "./ctgov";
import { DEFAULT_EUROPEPMC_BASE_URL } from "./europepmc";
import { DEFAULT_PUBMED_BASE_URL } from "./pubmed";
import { isDnsFailure, markUnreachable, UNREACHABLE_MS, unreachableMark } from "./reachability";

/**
 * Longest a page waits for the live sources' DNS lookups (ms): an offline resolver usually fails at once; a slower
 * answer is still recorded when it comes, for the next page. Source: our choice (the home page stays fast).
 */
export const PROBE_WAIT_MS = 800;

/**
 * When each source's host last answered its lookup (epoch ms): a source that resolved is not asked again for a while.
 */
const resolved = new Map<SourceId, number>();
const pending = new Map<SourceId, Promise<void>>();

/** The host a live source's requests go to (its configured base URL, else its public API's). */
export function sourceHost(source: Exclude<SourceId, "local" | "papers">): string {
  const config = getConfig();
  const url = {
    pubmed: config.PUBMED_BASE_URL ?? DEFAULT_PUBMED_BASE_URL,
    europepmc: config.EUROPEPMC_BASE_URL ?? DEFAULT_EUROPEPMC_BASE_URL,
    ctgov: config.CTGOV_BASE_URL ?? DEFAULT_CTGOV_BASE_URL,
  }[source];
  return new URL(url).hostname;
}

/**
 * Looks up the hosts of the given live sources (the home page, before it ticks them), so an offline machine's form
 * names them unreachable and leaves them unticked before any run has tried them: a failed lookup marks the source
 * (lib/sources/reachability, as a run's failed search does). Waits at most {@link PROBE_WAIT_MS}; a source that
 * resolved, or is already marked, within {@link UNREACHABLE_MS} is not asked again. Never throws.
 */
export async function probeLiveSources(sources: SourceId[], now = Date.now()): Promise<void> {
  const asks = sources.flatMap((source) => {
    if (source === "local" || source === "papers" || unreachableMark(source, now)) return [];
    if ((resolved.get(source) ?? -Infinity) > now - UNREACHABLE_MS) return [];
    let ask = pending.get(source);
    if (!ask) {
      ask = lookup(sourceHost(source))
        .then(() => void resolved.set(source, Date.now()))
        .catch((error: unknown) => {
          if (isDnsFailure(error)) markUnreachable(source);
        })
        .finally(() => pending.delete(source));
      pending.set(source, ask);
    }
    return [ask];
  });
  if (asks.length === 0) return;
  await Promise.race([Promise.all(asks), new Promise((resolve) => setTimeout(resolve, PROBE_WAIT_MS))]);
}
