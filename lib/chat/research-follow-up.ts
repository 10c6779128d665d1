import { start } from "workflow/api";
import { getRunSettings } from "@/lib/db/history";
import { listRunEvents, updateRun, type RunSummary } from "@/lib/db/runs";
import type { FollowUpClassification } from "@/lib/domain/chat";
import type { RunEvent } from "@/lib/domain/events";
import { durableEngineAvailable } from "@/lib/research/durable-start";
import { researchStages } from "@/lib/research/run";
import { runFailure, type RunFailure } from "@/lib/runs/durable-step";
import { researchRunInput } from "@/lib/research/start";
import type { ReasoningBackend } from "@/lib/research/backend";
import { createDbRecorder } from "@/lib/runs/db-recorder";
import { trackRun } from "@/lib/runs/lifecycle";
import { followUpQuestion, followUpReportInput } from "./follow-up-report";
import { followUpWorkflow } from "./follow-up-workflow";
import { restoreResearchState } from "./restore-state";

/**
 * The searches of a research follow-up. On a run about one drug, one search: the focus with the drug ("look deeper
 * into hERG" on a lithium run → "lithium hERG"), so the iteration adds no records about other drugs to a question
 * about one; on a run naming no drug, the focus alone. The drug comes from the run's question-classified event.
 */
export function followUpQueries(classification: FollowUpClassification, events: RunEvent[]): string[] {
  const focus = classification.focus.trim();
  const drug = events.find((e) => e.type === "question-classified")?.data.drugs[0] ?? null;
  if (!drug) return focus ? [focus] : [];
  return [focus.toLowerCase().includes(drug.toLowerCase()) ? focus : `${drug} ${focus}`.trim()];
}

/**
 * One follow-up iteration in this process (CRITICA_ENGINE=inline, tests, the CLI): the same stages as a run's
 * iterations (lib/research/run.ts researchStages: search the follow-up's queries, hypotheses, targeted search, judge,
 * then the report under the critic, with the follow-up's findings: followUpReportInput), continuing the run's seq
 * and evidence ordinals, then a closing run-finished event. `focus` is the follow-up's search focus
 * (FollowUpClassification.focus). Never throws: a failure or cancellation ends the iteration with that status,
 * keeping what it found.
 */
export async function runFollowUpIteration(
  runId: string,
  queries: string[],
  followUp: string,
  focus: string,
  signal?: AbortSignal,
  backend?: ReasoningBackend,
): Promise<void> {
  const startedAt = Date.now();
  const settings = await getRunSettings(runId);
  if (!settings) throw new Error(`run ${runId} has no settings`);
  const { state, seq } = await restoreResearchState(runId);
  const recorder = createDbRecorder(runId, seq, state.evidence.length);
  const priorEvidenceIds = new Set(state.evidence.map((e) => e.id));
  let failure: RunFailure | null = null;
  try {
    const input = { ...(await researchRunInput(settings, { recorder, signal, backend })), question: followUpQuestion(settings.question, followUp) };
    const iteration = state.iterations + 1;
    await researchStages.followUpSearch(input, state, iteration, queries);
    await researchStages.hypothesize(input, state, iteration);
    await researchStages.targetedSearch(input, state, iteration);
    await researchStages.judge(input, state, iteration);
    await researchStages.report(followUpReportInput(input, { question: settings.question, followUp, focus, priorEvidenceIds }), state);
  } catch (error) {
    failure = runFailure(error, signal);
  }
  await recorder.emit("run-finished", { status: failure?.status ?? "completed", message: failure?.message ?? null, durationMs: Date.now() - startedAt });
}

/** Where a follow-up iteration starts: its iteration number, the seq after which its events follow, its queries. */
export interface StartedIteration {
  iteration: number;
  fromSeq: number;
  queries: string[];
}

/**
 * Starts a new iteration of a finished research run for a research follow-up (issue 14): marks the run running
 * (the run page, the history and cancel see it as such) and executes the iteration apart from the request, on the
 * Workflow SDK when the durable engine is available (lib/chat/follow-up-workflow.ts, the same durable steps as the
 * first turn), else in this process; either way it is cancellable like a run (cancelRun). `backend` overrides the
 * configured reasoning backend (tests inject a scripted model; the iteration then runs in this process). `done`
 * resolves when an in-process iteration ends (at once for a durable one).
 */
export async function startFollowUpIteration(
  run: RunSummary,
  followUp: string,
  classification: FollowUpClassification,
  backend?: ReasoningBackend,
): Promise<StartedIteration & { done: Promise<void> }> {
  const events = await listRunEvents(run.id);
  const fromSeq = events.at(-1)?.seq ?? 0;
  const iteration = (events.findLast((e) => e.type === "iteration-started")?.data.iteration ?? 0) + 1;
  const queries = followUpQueries(classification, events);
  // Running again; a cancel of an earlier turn (its database flag, issue 10) must not stop this iteration.
  await updateRun(run.id, { status: "running", error: null, cancelRequestedAt: null });
  if (durableEngineAvailable() && !backend) {
    await start(followUpWorkflow, [run.id, queries, { question: run.question, followUp, focus: classification.focus }, Date.now()]);
    return { iteration, fromSeq, queries, done: Promise.resolve() };
  }
  const { controller, release } = trackRun(run.id);
  const done = runFollowUpIteration(run.id, queries, followUp, classification.focus, controller.signal, backend)
    .catch(async (error: unknown) => {
      console.error(`follow-up iteration of run ${run.id} could not record its end:`, error);
      await updateRun(run.id, { status: "failed", error: String(error) }).catch(() => undefined);
    })
    .finally(release);
  return { iteration, fromSeq, queries, done };
}
