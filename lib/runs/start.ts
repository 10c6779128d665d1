import crypto from "node:crypto";
import { start } from "workflow/api";
import { getConfig } from "@/lib/config";
import { applyMigrations } from "@/lib/db/migrate";
import { createRun, updateRun } from "@/lib/db/runs";
import { setWorkflowRunId } from "@/lib/db/run-control";
import type { SourceId } from "@/lib/domain/evidence";
import { createDbRecorder } from "./db-recorder";
import { announceRun, beginProgress, executeStages, recordEnd } from "./execute";
import { trackRun } from "./lifecycle";
import type { DurableMode, RunMode, RunOutcome, RunStages, RunWorkflow, StageInput } from "./mode";
import type { RunJob, RunProgress } from "./plan";
import { enqueueOnServer } from "./remote-enqueue";
import { waitForRun } from "./wait";
import { defaultSources } from "@/lib/sources/registry";

/**
 * Who starts a run, and what a caller injects instead of the configured backend (tests); an overridden run executes in
 * this process.
 */
export interface StartOptions<Ov> {
  ownerId?: string | null;
  overrides?: Partial<Ov>;
}

/**
 * Whether runs of `workflow` start on the Workflow SDK here: the code was built with withWorkflow() (the Next.js
 * server; its transform, or the command line's engine host, gives the workflow a `workflowId`) and CRITICA_ENGINE is
 * not "inline". The world (local or Postgres) comes from WORKFLOW_TARGET_WORLD (see next.config.ts).
 */
export function durableEngine(workflow: RunWorkflow<never>): boolean {
  return (
    getConfig().CRITICA_ENGINE !== "inline" && Boolean((workflow as unknown as { workflowId?: string }).workflowId)
  );
}

function overridden(overrides: object | undefined): boolean {
  return Object.values(overrides ?? {}).some((value) => value !== undefined);
}

/**
 * Starts a run of `mode` with a request its caller parsed with `mode.request` (lib/domain/run-input.ts: the form, the
 * API and the command line do, so the input is validated once), apart from any HTTP request: `done`
 * resolves when the run ends and never rejects; closing the browser does not stop it. On the server the run is
 * durable (the mode's Workflow SDK workflow); elsewhere (the command line) it is enqueued on the server at
 * CRITICA_SERVER_URL when set, durably too, and otherwise executes in this process's memory, as an overridden run
 * does. The Run row and the run-started event are saved before this returns, so the run page shows it at once.
 * @throws AppError "invalid-input" when a remote server rejects the request; Error when the run cannot be queued.
 */
export async function startRun<R extends { sources?: SourceId[] }, I extends StageInput, S, O extends RunOutcome, Ov>(
  mode: DurableMode<R, I, S, O, Ov>,
  request: R,
  options: StartOptions<Ov> = {},
): Promise<{ runId: string; done: Promise<O> }> {
  const config = getConfig();
  const overrides = options.overrides ?? {};
  // The command line with a server at hand enqueues there, durably; the server itself never forwards.
  if (config.CRITICA_SERVER_URL && !durableEngine(mode.workflow) && !overridden(overrides)) {
    const runId = await enqueueOnServer(config.CRITICA_SERVER_URL, mode.remotePath, request, {
      apiKey: config.CRITICA_API_KEY,
      ownerId: options.ownerId ?? null,
    });
    return { runId, done: waitForRun(mode, runId) };
  }
  await applyMigrations();
  const { job, progress } = await openRun(mode, request, options);
  const launched = await launchRun(mode, mode.workflow, job, progress, overrides);
  return { runId: job.runId, done: launched?.done ?? waitForRun(mode, job.runId) };
}

/**
 * Opens a new run of `mode`: saves its Run row (status "queued", the settings built from `request`, the request's
 * sources or the defaults) and its run-started event. @returns the job a workflow is started with and the first
 * progress (the mode's initial state, after the run-started event, iterations 1 to the settings' maxIterations).
 */
export async function openRun<R extends { sources?: SourceId[] }, I extends StageInput, S, O extends RunOutcome, Ov>(
  mode: RunMode<R, I, S, O, Ov>,
  request: R,
  options: StartOptions<Ov> = {},
): Promise<{ job: RunJob; progress: RunProgress<S> }> {
  const settings = {
    ...mode.settings(request, request.sources?.length ? request.sources : await defaultSources()),
    // The run reads its owner's uploaded papers ("My papers"); the owner comes from the caller, never the request.
    ...(options.ownerId ? { owner: options.ownerId } : {}),
  };
  const backend = mode.backend(options.overrides ?? {});
  const runId = crypto.randomUUID();
  await createRun({
    id: runId,
    settings,
    backend: backend.kind,
    model: backend.model,
    ownerId: options.ownerId ?? null,
  });
  const recorder = createDbRecorder(runId);
  await announceRun(recorder, settings, backend);
  return {
    job: { runId, settings, plan: mode.plan },
    progress: beginProgress(mode.initialState(), recorder.lastSeq(), { from: 1, to: settings.maxIterations }),
  };
}

/**
 * Executes the prepared run `job` from `progress`: enqueued on the durable engine when it is available here and
 * nothing is overridden, else in this process, registered so a cancel from anywhere reaches it.
 * @returns the in-process run's `done` (resolves with its outcome when it ends, never rejects), or null for a
 *   durable run (follow it with waitForRun).
 * @throws Error when the durable run cannot be queued (its closing event says so).
 */
export async function launchRun<I extends StageInput, S, O extends RunOutcome, Ov>(
  stages: RunStages<I, S, O, Ov>,
  workflow: RunWorkflow<S>,
  job: RunJob,
  progress: RunProgress<S>,
  overrides: Partial<Ov> = {},
): Promise<{ done: Promise<O> } | null> {
  if (!overridden(overrides) && durableEngine(workflow)) {
    await enqueueRun(workflow, job, progress);
    return null;
  }
  return { done: executeInProcess(stages, job, progress, overrides) };
}

/**
 * Enqueues the durable workflow of a run whose row and first events are saved, and saves the workflow run's id on the
 * Run row (the lease sweep re-enqueues it if its executor dies, and a restart leaves it to the world's recovery).
 */
async function enqueueRun<S>(workflow: RunWorkflow<S>, job: RunJob, progress: RunProgress<S>): Promise<void> {
  try {
    const run = await start(workflow, [job, progress]);
    await setWorkflowRunId(job.runId, run.runId);
  } catch (error) {
    await recordEnd(
      createDbRecorder(job.runId, progress.seq),
      { status: "failed", error: "The run could not be queued; please try again." },
      progress.startedAt,
    );
    throw error;
  }
}

/**
 * The run in this process: its input built once from the settings, its plan followed by executeStages. Never rejects.
 */
function executeInProcess<I extends StageInput, S, O extends RunOutcome, Ov>(
  stages: RunStages<I, S, O, Ov>,
  job: RunJob,
  progress: RunProgress<S>,
  overrides: Partial<Ov>,
): Promise<O> {
  const { controller, release } = trackRun(job.runId);
  const recorder = createDbRecorder(job.runId, progress.seq, stages.checkpoint(progress.state).evidence);
  const execute = async () =>
    executeStages(
      stages,
      await stages.input(job.settings, { recorder, signal: controller.signal, overrides }, progress.state),
      progress,
    );
  return execute()
    .catch(async (error: unknown) => {
      console.error(`${stages.label} ${job.runId} could not record its end:`, error);
      await updateRun(job.runId, { status: "failed", error: String(error), finishedAt: new Date() }).catch(
        () => undefined,
      );
      return stages.failed(String(error));
    })
    .finally(release);
}
