import type { z } from "zod";
import type { RunSettings } from "@/lib/db/runs";
import type { AgentName } from "@/lib/domain/agent";
import type { RunEvent } from "@/lib/domain/events";
import type { SourceId } from "@/lib/domain/evidence";
import type { ExportFile, ExportFormat } from "@/lib/domain/export";
import type { BackendKind, RunStatus } from "@/lib/domain/run";
import type { RunFailure } from "./durable-step";
import type { RunJob, RunProgress, StagePlan } from "./plan";
import type { RunDetail } from "./projections";
import type { RunRecorder } from "./recorder";

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

/**
 * Where the stage input is built: the step's recorder and cancel signal, and the caller's overrides (in process only).
 */
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
 * What code serving every mode needs to know of one, in the browser too (so pure data, and functions of the run's
 * saved events): a mode's folder exports it on its own (its `description.ts`, which imports nothing of the server)
 * for components/modes, and its RunMode spreads it.
 */
export interface ModeDescription {
  /** Run.mode of its runs. */
  name: string;
  /** What a user calls one of its runs ("claim check"; research: "run"); logs name a run so too. */
  label: string;
  /**
   * The progress line of the run page ("Researching… iteration 2 of 3", "1 of 1 claim checked"), from the run's
   * events so far; `running` while it executes; `maxIterations` is the run's iteration cap.
   */
  progress(events: RunEvent[], running: boolean, maxIterations: number): string;
}

/** One agent of a mode: a model call it makes (its name is the `agent` of the call's usage event). */
export interface ModeAgent {
  name: AgentName;
}

/** A run's downloads (lib/export/report.ts adds the run's follow-ups where `followUps` says so). */
export interface ModeExport {
  /** The formats it offers, in the export menu's order. */
  formats: readonly ExportFormat[];
  /** What its files are named after (a report's title, "claim check <text>"), before exportBaseName. */
  title(detail: RunDetail): string;
  /** Whether the run has its results (a report, a verdict): until then only JSON is offered. */
  ready(events: RunEvent[]): boolean;
  /**
   * The file of one of its formats but JSON (lib/export/report.ts writes that from `json`); null when the run has
   * nothing to put in it yet.
   */
  file(format: Exclude<ExportFormat, "json">, detail: RunDetail): ExportFile | null;
  /** Its `--json` contract: what the command line prints, GET /api/runs/<id> answers and the JSON download holds. */
  json(detail: RunDetail): Record<string, unknown>;
  /** Whether its Markdown ends with the run's follow-ups and its JSON carries them (`followUps`). */
  followUps: boolean;
}

/**
 * How a watch re-checks a run of this mode when its searches find new or changed records (lib/watches):
 * "iteration", one more iteration of the watched run, which writes the next report version; "new-run", a new run of
 * the same request, compared with the version before.
 */
export type WatchRecheck = "iteration" | "new-run";

/**
 * What a follow-up that asks for more research does in a mode's runs: "research", one more iteration of the run (the
 * research mode's continuation, lib/chat/follow-up-mode.ts); "evidence", an answer from the evidence the run found.
 */
export type FollowUps = "research" | "evidence";

/**
 * A mode a user starts (from the form, the API or the command line): its stages, plus its request (the caller's
 * input, one zod schema: the form, the API and the CLI validate with it, then start the run with the parsed value),
 * the saved settings built from a request, the request a saved run is started again with, the state of a new run
 * and its iterations, and how its outcome is read back from the database; and everything else code that serves every
 * mode asks of it (the history's verdict, the downloads, watches, interrupted runs, follow-ups, its agents), so that
 * nothing outside its folder compares a run's mode with a name.
 */
export interface RunMode<R, I extends StageInput, S, O extends RunOutcome, Ov = object>
  extends RunStages<I, S, O, Ov>, ModeDescription {
  request: z.ZodType<R>;
  /**
   * The request its form's fields make (each field's values as submitted, in order); the form's action then
   * validates it with `request`.
   */
  formRequest(fields: Readonly<Record<string, string[]>>): unknown;
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
  /**
   * The short verdict the history lists for a finished run ("probably yes", "contradicts"), from what it saved;
   * null when it has none (no report, no verdict).
   */
  verdict(run: { id: string; question: string }): Promise<string | null>;
  /** Its downloads and its JSON. */
  export: ModeExport;
  /** How a watch re-checks its runs; absent when they cannot be watched. */
  watch?: WatchRecheck;
  /**
   * What a starting server does with an unfinished run of this mode that was never enqueued durably (no Workflow
   * SDK run id): "fail" it, as nobody executes it any more, or "keep" it, as the command line may be executing it in
   * its own process (lib/runs/interrupted.ts).
   */
  interrupted: "fail" | "keep";
  /** What a follow-up that asks for more research does. */
  followUps: FollowUps;
  /** The agents its runs call (a scripted or extractive backend calls none of them). */
  agents: readonly ModeAgent[];
}

/**
 * A mode's durable workflow: the "use workflow" function of its workflow.ts, started with the job and first progress.
 */
export type RunWorkflow<S> = (job: RunJob, progress: RunProgress<S>) => Promise<void>;

/**
 * A mode with its durable workflow (lib/modes.ts pairs them: a mode file cannot import the workflow that imports it).
 */
export type DurableMode<R, I extends StageInput, S, O extends RunOutcome, Ov = object> = RunMode<R, I, S, O, Ov> & {
  workflow: RunWorkflow<S>;
};
