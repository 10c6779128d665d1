import { getRunSettings } from "@/lib/db/history";
import { runDurableStep, type DurableRun, type RunFailure } from "@/lib/runs/durable-step";
import type { ResearchRunInput, ResearchState } from "@/lib/research/run";
import { researchRunInput } from "@/lib/research/start";

/**
 * A research run between durable steps, passed by value through the Workflow SDK's event log: the stage state,
 * the seq of the last saved event, the iteration cap, and how the run failed (null while it goes on).
 */
export interface DurableResearch extends DurableRun {
  state: ResearchState;
  maxIterations: number;
  failure: RunFailure | null;
}

/**
 * Runs one research stage as an idempotent step (the first turn's lib/research/workflow.ts and a chat follow-up's
 * lib/chat/follow-up-workflow.ts) through runDurableStep (lib/runs/durable-step.ts: skip after a failure unless
 * `always`, rollback of an interrupted attempt to the state's evidence count and report, the run's cancel signal and
 * lease heartbeat, the step log). The stage gets the run's input rebuilt from its stored settings with the step's
 * recorder and signal, with `question` replacing the run's question when given (what a follow-up's agents answer).
 * Errors become the run's failure; the step itself only throws when the database is unreachable (then the SDK
 * retries it). A plain module, not a workflow file, so both workflows can import it.
 * @throws Error when the run has no stored settings.
 */
export async function runDurableStage<R extends DurableResearch>(
  runId: string,
  name: string,
  run: R,
  body: (input: ResearchRunInput, state: ResearchState) => Promise<unknown>,
  options: { always?: boolean; question?: string } = {},
): Promise<R> {
  if (run.failure && !options.always) return run;
  const { state } = run;
  const settings = await getRunSettings(runId);
  if (!settings) throw new Error(`run ${runId} has no settings`);
  const checkpoint = { evidence: state.evidence.length, report: state.report !== null };
  return runDurableStep(runId, name, run, checkpoint, async ({ recorder, signal }) => {
    const input = await researchRunInput(settings, { recorder, signal });
    await body(options.question === undefined ? input : { ...input, question: options.question }, state);
  }, { always: options.always });
}
