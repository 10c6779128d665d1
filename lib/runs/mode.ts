import type { z } from "zod";
import type { RunSettings } from "@/lib/db/runs";
import type { SourceId } from "@/lib/domain/evidence";
import type { BackendKind, RunStatus } from "@/lib/domain/run";
import type { RunFailure } from "@/lib/runs/durable-step";
import type { RunJob, RunProgress, StagePlan } from "@/lib/runs/plan";
import type { RunDetail } from "@/lib/runs/projections";
import type { RunRecorder } from "@/lib/runs/recorder";

// What a run mode (research, claim check, a research follow-up) supplies to the engine. Everything about running it
// (in process or durably, steps with rollback and lease, cancel, waiting) is lib/runs'; the mode says what to run.

/** What every stage input carries: where the run saves what it finds, and its cancel signal. */
export interface StageInput {
  recorder: RunRecorder;
  signal?: AbortSignal;
}

/** What every outcome carries: how the run ended and its message (null when it completed). */
export interface RunOutcome {
  status: Exclude<RunStatus, "queued" | "running">;
  error: string | null;
}

/** Everything an ended run saved (its status one of an outcome's). */
export type EndedRunDetail = RunDetail & { run: RunDetail["run"] & { status: RunOutcome["status"] } };

/**
 * One stage: does its work on `state` (mutating it) and saves its events through `input.recorder`; throws on
 * failure or cancellation, which ends the run. `iteration` is the 1-based iteration of a stage of the plan's `each`
 * list, 0 for the others.
 */
export type Stage<I, S> = (input: I, state: S, iteration: number) => Promise<unknown>;

/** Where the stage input is built: the step's recorder and cancel signal, and the caller's overrides (in process only). */
export interface StageContext<Ov> {
  recorder: RunRecorder;
  signal: AbortSignal;
  overrides: Partial<Ov>;
}

/**
 * The stages of a mode and everything that runs inside a step: the same for the in-process loop and the durable
 * workflow (whose steps may each execute in another process, so the input is built again from the saved settings).
 * `Ov` are the overrides a caller may inject (a scripted backend in tests); an overridden run executes in process.
 */
export interface RunStages<I extends StageInput, S, O extends RunOutcome, Ov = object> {
  /** Names the run in logs ("run", "claim check"). */
  label: string;
  /** The ordered stages (lib/runs/plan.ts), followed by both loops. */
  plan: StagePlan;
  /** The stage of each name of the plan. */
  stages: Record<string, Stage<I, S>>;
  /** The stage input from the run's saved settings and its state (built once in process, once per durable step). */
  input(settings: RunSettings, context: StageContext<Ov>, state: S): Promise<I>;
  /** Whether the state ends the plan's iterations early (default never). */
  enough?(state: S): boolean;
  /** What a step's rollback keeps: the evidence records linked so far, and whether the saved report stays. */
  checkpoint(state: S): { evidence: number; report: boolean };
  /** The outcome from the final state and how the run failed (null: it went to the end). */
  outcome(state: S, failure: RunFailure | null): O;
  /** The outcome of a run that could not be executed or followed to its end, with the reason. */
  failed(message: string): O;
}

/**
 * A mode a user starts (from the form, the API or the command line): its stages, plus its request (the caller's
 * input, one zod schema: the form, the API and the CLI validate with it, then start the run with the parsed value),
 * the saved settings built from a request, the request a saved run is started again with, the state of a new run
 * and its iterations, and how its outcome is read back from the database.
 */
export interface RunMode<R, I extends StageInput, S, O extends RunOutcome, Ov = object> extends RunStages<I, S, O, Ov> {
  /** Run.mode of its runs. */
  name: RunSettings["mode"];
  request: z.ZodType<R>;
  /** The path of a Critica server's HTTP API that starts it there (the command line with CRITICA_SERVER_URL). */
  remotePath: string;
  /** The settings saved on the Run row; `sources` are the request's, or the defaults when it names none. */
  settings(request: R, sources: SourceId[]): RunSettings;
  /** The request that starts a saved run again (re-run). */
  requestOf(settings: RunSettings): R;
  /** The backend a new run uses (its kind and model are saved on the Run row and in the run-started event). */
  backend(overrides: Partial<Ov>): { kind: BackendKind; model: string | null };
  /** The state of a run that has not started (its plan's iterations run from 1 to the settings' maxIterations). */
  initialState(): S;
  /** The outcome of an ended run, read back from what it saved. */
  outcomeOf(detail: EndedRunDetail): O;
}

/** A mode's durable workflow: the "use workflow" function of its workflow.ts, started with the job and first progress. */
export type RunWorkflow<S> = (job: RunJob, progress: RunProgress<S>) => Promise<void>;

/** A mode with its durable workflow (lib/modes.ts pairs them: a mode file cannot import the workflow that imports it). */
export type DurableMode<R, I extends StageInput, S, O extends RunOutcome, Ov = object> = RunMode<R, I, S, O, Ov> & {
  workflow: RunWorkflow<S>;
};
