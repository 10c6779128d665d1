import { getRunSettings } from "@/lib/db/history";
import { runDurableStage, type DurableResearch } from "@/lib/research/durable-stage";
import { researchStages, type ResearchRunInput, type ResearchState } from "@/lib/research/run";
import { followUpQuestion, followUpReportInput } from "./follow-up-report";
import { restoreResearchState } from "./restore-state";

/**
 * A research follow-up's iteration as a Workflow SDK workflow (issue 14: "uses the same durable machinery as the
 * first turn"): one `"use step"` per stage, each run through the idempotent runDurableStage (lib/research/durable-stage.ts) the first turn uses (rollback
 * of an interrupted attempt, the run's cancel signal, failures recorded), so after a crash the iteration resumes after
 * its last completed stage. `followUp` is the run's question, the follow-up and its focus: the iteration's agents
 * answer both (lib/chat/research-follow-up followUpQuestion) and its report adds the follow-up's findings
 * (followUpReportInput); `startedAt` (ms since the epoch) times the closing run-finished event.
 */
export async function followUpWorkflow(runId: string, queries: string[], followUp: FollowUpRequest, startedAt: number): Promise<void> {
  "use workflow";
  let run = await restoreStep(runId, followUp);
  const iteration = run.state.iterations + 1;
  run = await followUpSearchStep(runId, run, iteration, queries);
  run = await followUpHypothesizeStep(runId, run, iteration);
  run = await followUpTargetedSearchStep(runId, run, iteration);
  run = await followUpJudgeStep(runId, run, iteration);
  run = await followUpReportStep(runId, run);
  await followUpFinishStep(runId, run, startedAt);
}

/** What a research follow-up asks: the run's own question, the follow-up as typed, and its search focus. */
export interface FollowUpRequest {
  question: string;
  followUp: string;
  focus: string;
}

/** Rebuilds the finished run's state from what it saved (the durable twin of a fresh run's start step). */
async function restoreStep(runId: string, request: FollowUpRequest): Promise<FollowUpRun> {
  "use step";
  const settings = await getRunSettings(runId);
  if (!settings) throw new Error(`run ${runId} has no settings`);
  const { state, seq } = await restoreResearchState(runId);
  return {
    state,
    seq,
    maxIterations: settings.maxIterations,
    failure: null,
    question: followUpQuestion(request.question, request.followUp),
    request,
    priorEvidence: state.evidence.length,
  };
}

/**
 * A follow-up iteration between its durable steps: the first turn's DurableResearch, the question its agents answer,
 * the follow-up, and how many records the run had before the iteration (the run's evidence only grows, so the
 * records after them are the iteration's new ones).
 */
type FollowUpRun = DurableResearch & { question: string; request: FollowUpRequest; priorEvidence: number };

async function followUpSearchStep(runId: string, run: FollowUpRun, iteration: number, queries: string[]): Promise<FollowUpRun> {
  "use step";
  return stage(runId, `follow-up search ${iteration}`, run, (input, state) => researchStages.followUpSearch(input, state, iteration, queries));
}

async function followUpHypothesizeStep(runId: string, run: FollowUpRun, iteration: number): Promise<FollowUpRun> {
  "use step";
  return stage(runId, `hypothesize ${iteration}`, run, (input, state) => researchStages.hypothesize(input, state, iteration));
}

async function followUpTargetedSearchStep(runId: string, run: FollowUpRun, iteration: number): Promise<FollowUpRun> {
  "use step";
  return stage(runId, `targeted search ${iteration}`, run, (input, state) => researchStages.targetedSearch(input, state, iteration));
}

async function followUpJudgeStep(runId: string, run: FollowUpRun, iteration: number): Promise<FollowUpRun> {
  "use step";
  return stage(runId, `judge ${iteration}`, run, (input, state) => researchStages.judge(input, state, iteration));
}

async function followUpReportStep(runId: string, run: FollowUpRun): Promise<FollowUpRun> {
  "use step";
  const priorEvidenceIds = new Set(run.state.evidence.slice(0, run.priorEvidence).map((e) => e.id));
  return stage(runId, "report", run, (input, state) => researchStages.report(followUpReportInput(input, { ...run.request, priorEvidenceIds }), state));
}

/** Saves the iteration's closing run-finished event (its status, message and duration since `startedAt`). */
async function followUpFinishStep(runId: string, run: FollowUpRun, startedAt: number): Promise<void> {
  "use step";
  await stage(
    runId,
    "finish",
    run,
    async (input) => {
      const status = run.failure?.status ?? "completed";
      await input.recorder.emit("run-finished", { status, message: run.failure?.message ?? null, durationMs: Date.now() - startedAt });
    },
    { always: true },
  );
}

/** One stage of the iteration through the first turn's runDurableStage, its agents answering the follow-up's question. */
function stage(
  runId: string,
  name: string,
  run: FollowUpRun,
  body: (input: ResearchRunInput, state: ResearchState) => Promise<unknown>,
  options: { always?: boolean } = {},
): Promise<FollowUpRun> {
  return runDurableStage(runId, name, run, body, { ...options, question: run.question });
}
