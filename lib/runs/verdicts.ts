import { getReport, getRunEvidence } from "@/lib/db/runs";
import { reportAnswer } from "@/lib/report/appraise/answer";

/** Verdicts kept in memory (a history page's worth many times over); the oldest is dropped first. Source: our choice. */
const MAX_CACHED = 500;

/** Verdicts by run id and when the run finished (a later follow-up's version gives a new key). */
const cache = new Map<string, string | null>();

/** A run as the history lists it: what its verdict is computed from. */
export interface VerdictRun {
  id: string;
  question: string;
  mode: string;
  status: string;
  finishedAt: Date | null;
}

/**
 * The bottom line of each finished research run's latest report, as the history shows it instead of the judge's
 * confidence: "probably yes", "unclear", or "top candidates: A, B" for an open question (lib/report/appraise/answer, the same
 * figures as the report page). Runs that are not research runs, have not finished, or have no report are absent.
 * Computed from the run's saved evidence and report once per run version and kept in memory.
 */
export async function runVerdicts(runs: VerdictRun[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  await Promise.all(
    runs.map(async (run) => {
      if (run.mode !== "research" || !run.finishedAt) return;
      const key = `${run.id}:${run.finishedAt.getTime()}`;
      let verdict = cache.get(key);
      if (verdict === undefined) {
        const [saved, evidence] = await Promise.all([getReport(run.id), getRunEvidence(run.id)]);
        const answer = saved ? reportAnswer(run.question, evidence, saved.report)?.answer : null;
        verdict = answer
          ? answer.kind === "candidates"
            ? `top candidates: ${answer.candidates.join(", ")}`
            : answer.kind === "open"
              ? "open question"
              : answer.verdict
          : null;
        cache.set(key, verdict);
        if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value!);
      }
      if (verdict) out.set(run.id, verdict);
    }),
  );
  return out;
}
