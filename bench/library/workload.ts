import { createExtractiveClaimBackend } from "@/lib/claims/agents/extractive";
import { createExtractiveBackend } from "@/lib/research/agents/extractive";
import { claimCheck, research } from "@/lib/modes";
import { startRun } from "@/lib/runs/start";
import { getRunDetail } from "@/lib/runs/projections";
import type { RunEvent } from "@/lib/domain/events";
import { FOLLOW_UP_SEARCH_LIMIT, QUESTION_SEARCH_LIMIT } from "@/lib/research/search-step";
import { KEYWORD_LIMIT, POOL_LOCAL_LIMIT } from "@/lib/claims/strategies";

/**
 * The research questions and claims of the library bench: those the test suite and the demo ask of the corpus
 * (tests/unit/research/run.test.ts, tests/unit/claims/corpus.test.ts, e2e/api.spec.ts).
 */
export const WORKLOAD = {
  questions: [
    "Is lithium nephrotoxic, and by what mechanism?",
    "Does doxorubicin cause cardiotoxicity, and through which mechanism?",
    "Does cisplatin cause nephrotoxicity, and how can it be prevented?",
    "Can haloperidol cause tardive dyskinesia?",
  ],
  claims: ["Doxorubicin has no effect on the heart", "Lithium causes nephrogenic diabetes insipidus"],
};

/** One search an agent sent to the local library, with the number of records it asked for. */
export interface AgentQuery {
  query: string;
  limit: number;
  origin: "research" | "claim-check";
}

/** One run of the workload: what it was, how long it took (ms), how it ended, and its local searches. */
export interface WorkloadRun {
  kind: "research" | "claim-check";
  text: string;
  ms: number;
  status: string;
  evidence: number;
  queries: AgentQuery[];
}

/** Times each run of the workload is repeated; its time is the median (one run of a few hundred ms is noisy). */
const REPEATS = 3;

/** Runs `once` REPEATS times: the last run's result with the median time. */
async function median<T extends { ms: number }>(once: () => Promise<T>): Promise<T> {
  const results: T[] = [];
  for (let i = 0; i < REPEATS; i++) results.push(await once());
  const times = results.map((r) => r.ms).sort((a, b) => a - b);
  return { ...results[results.length - 1], ms: times[Math.floor(times.length / 2)] };
}

/**
 * Runs the workload on the library at DATABASE_URL with the extractive backend, in this process (CRITICA_ENGINE
 * inline), sources = the local library only, and reads back from each run's events the searches its agents sent
 * (the research run's question and follow-up searches; the claim check's keyword and similarity-pool searches).
 * Each run is repeated REPEATS times and timed by the median.
 */
export async function runWorkload(): Promise<WorkloadRun[]> {
  process.env.CRITICA_ENGINE = "inline";
  // One unmeasured run loads the vocabularies, the relation model and the module code, as a running server has.
  await (
    await startRun(
      research,
      { question: WORKLOAD.questions[0], sources: ["local"], maxIterations: 1 },
      { overrides: { backend: createExtractiveBackend() } },
    )
  ).done;
  const runs: WorkloadRun[] = [];
  for (const question of WORKLOAD.questions) runs.push(await median(() => researchRun(question)));
  for (const claim of WORKLOAD.claims) runs.push(await median(() => claimRun(claim)));
  return runs;
}

async function researchRun(question: string): Promise<WorkloadRun> {
  return timedRun(
    "research",
    question,
    () =>
      startRun(
        research,
        { question, sources: ["local"], maxIterations: 2 },
        { overrides: { backend: createExtractiveBackend() } },
      ),
    (e) =>
      e.type === "search" && e.data.source === "local"
        ? [
            {
              query: e.data.query,
              limit: e.data.phase === "question" ? QUESTION_SEARCH_LIMIT : FOLLOW_UP_SEARCH_LIMIT,
              origin: "research" as const,
            },
          ]
        : [],
  );
}

async function claimRun(claim: string): Promise<WorkloadRun> {
  return timedRun(
    "claim-check",
    claim,
    () =>
      startRun(
        claimCheck,
        { text: claim, sources: ["local"] },
        { overrides: { backend: createExtractiveClaimBackend() } },
      ),
    (e) =>
      e.type === "claim-search" && e.data.source === "local"
        ? [
            {
              query: e.data.query,
              limit: e.data.strategy === "keyword" ? KEYWORD_LIMIT : POOL_LOCAL_LIMIT,
              origin: "claim-check" as const,
            },
          ]
        : [],
  );
}

/**
 * One run of either kind, timed from its start to its end, with the records it kept and the local searches its events
 * name.
 */
async function timedRun(
  kind: WorkloadRun["kind"],
  text: string,
  start: () => Promise<{ runId: string; done: Promise<{ status: string }> }>,
  queriesOf: (event: RunEvent) => WorkloadRun["queries"],
): Promise<WorkloadRun> {
  const started = performance.now();
  const { runId, done } = await start();
  const outcome = await done;
  const ms = performance.now() - started;
  const detail = (await getRunDetail(runId))!;
  return {
    kind,
    text,
    ms,
    status: outcome.status,
    evidence: detail.evidence.length,
    queries: detail.events.flatMap(queriesOf),
  };
}
