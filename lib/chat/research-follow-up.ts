import { getRunSettings } from "@/lib/db/history";
import { listRunEvents, updateRun, type RunSummary } from "@/lib/db/runs";
import type { FollowUpClassification } from "@/lib/domain/chat";
import type { RunEvent } from "@/lib/domain/events";
import type { ReasoningBackend } from "@/lib/research/backend";
import { beginProgress } from "@/lib/runs/execute";
import { launchRun } from "@/lib/runs/start";
import { followUpStages } from "./follow-up-mode";
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

/** Where a follow-up iteration starts: its iteration number, the seq after which its events follow, its queries. */
export interface StartedIteration {
  iteration: number;
  fromSeq: number;
  queries: string[];
}

/**
 * Starts a new iteration of a finished research run for a research follow-up: marks the run running (the run page,
 * the history and cancel see it as such), restores its state from what it saved and executes the iteration apart from
 * the request (lib/chat/follow-up-mode.ts), on the Workflow SDK when the durable engine is available
 * (lib/chat/follow-up-workflow.ts, the same durable steps as the first turn), else in this process; either way it is
 * cancellable like a run. `backend` overrides the configured reasoning backend (tests inject a scripted model; the
 * iteration then runs in this process). `done` resolves when an in-process iteration ends (at once for a durable one).
 * @throws Error when the run has no saved settings.
 */
export async function startFollowUpIteration(
  run: RunSummary,
  followUp: string,
  classification: FollowUpClassification,
  backend?: ReasoningBackend,
): Promise<StartedIteration & { done: Promise<void> }> {
  const queries = followUpQueries(classification, await listRunEvents(run.id));
  // Running again; a cancel of an earlier turn (its database flag) must not stop this iteration.
  await updateRun(run.id, { status: "running", error: null, cancelRequestedAt: null });
  const [settings, { state, seq }] = await Promise.all([getRunSettings(run.id), restoreResearchState(run.id)]);
  if (!settings) throw new Error(`run ${run.id} has no settings`);
  const iteration = state.iterations + 1;
  const followUpState = {
    ...state,
    followUp: {
      question: run.question,
      followUp,
      focus: classification.focus,
      queries,
      priorEvidence: state.evidence.length,
    },
  };
  const job = { runId: run.id, settings, plan: followUpStages.plan };
  const launched = await launchRun(
    followUpStages,
    followUpWorkflow,
    job,
    beginProgress(followUpState, seq, { from: iteration, to: iteration }),
    { backend },
  );
  return { iteration, fromSeq: seq, queries, done: launched ? launched.done.then(() => undefined) : Promise.resolve() };
}
