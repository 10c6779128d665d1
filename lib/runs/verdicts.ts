import type { ModeRegistry } from "./registry";

/**
 * Verdicts kept in memory (a history page's worth many times over); the oldest is dropped first. Source: our choice.
 */
const MAX_CACHED = 500;

/** Verdicts by run id and when the run finished (a later follow-up's version gives a new key). */
const cache = new Map<string, string | null>();

/** A run as the history lists it: what its verdict is computed from. */
export interface VerdictRun {
  id: string;
  question: string;
  mode: string;
  finishedAt: Date | null;
}

/**
 * The short verdict of each finished run, as the history shows it beside the run: its mode's (RunMode.verdict: a
 * research run's bottom line, "probably yes"; a claim check's verdicts, "contradicts"). Runs that have not finished,
 * have none, or whose mode the registry does not know are absent. Each is computed once per run version and kept in
 * memory.
 */
export async function runVerdicts(runs: VerdictRun[], registry: ModeRegistry): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  await Promise.all(
    runs.map(async (run) => {
      const mode = registry.named(run.mode);
      if (!mode || !run.finishedAt) return;
      const key = `${run.id}:${run.finishedAt.getTime()}`;
      let verdict = cache.get(key);
      if (verdict === undefined) {
        verdict = await mode.verdict(run);
        cache.set(key, verdict);
        if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
      }
      if (verdict) out.set(run.id, verdict);
    }),
  );
  return out;
}
