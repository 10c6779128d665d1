import type { RunPartial } from "@/lib/domain/partial";

/** The latest partial answer of a run and its version (1, 2, … per run, so a reader sends each one once). */
export interface LatestPartial {
  version: number;
  partial: RunPartial;
}

interface PartialStore {
  latest: Map<string, LatestPartial>;
  versions: Map<string, number>;
}

// One store per server process, on globalThis: Next.js may load this module more than once (route handlers and
// workflow steps are bundled apart), and they must see the same partials.
const KEY = Symbol.for("critica.run-partials");
function store(): PartialStore {
  const g = globalThis as { [KEY]?: PartialStore };
  g[KEY] ??= { latest: new Map(), versions: new Map() };
  return g[KEY];
}

/**
 * Publishes a run's partial answer to the live viewers of this process (the stream route reads it with
 * {@link latestRunPartial}). Only the latest one is kept, and nothing is saved: the final answer is saved as its
 * event, so the event log does not grow with partials. A run executing in another process (the CLI) has no live
 * viewers here; its viewers see the final events only.
 */
export function publishRunPartial(runId: string, partial: RunPartial): void {
  const s = store();
  const version = (s.versions.get(runId) ?? 0) + 1;
  s.versions.set(runId, version);
  s.latest.set(runId, { version, partial });
}

/** The latest partial answer of a run in this process, or null (none yet, or cleared by its final event). */
export function latestRunPartial(runId: string): LatestPartial | null {
  return store().latest.get(runId) ?? null;
}

/** Forgets a run's partial answer (its final answer was saved); `ended` also forgets its version counter. */
export function clearRunPartial(runId: string, ended = false): void {
  const s = store();
  s.latest.delete(runId);
  if (ended) s.versions.delete(runId);
}
