import type { z } from "zod";
import type { RunSettings } from "@/lib/db/runs";
import { AppError } from "@/lib/domain/errors";
import type { SourceId } from "@/lib/domain/evidence";
import { firstIssue } from "@/lib/domain/run-input";
import type { DurableMode, RunMode, RunOutcome, StageInput } from "./mode";
import { startRun, type StartOptions } from "./start";
import { waitForRun } from "./wait";

/** What a registered mode tells code that serves every mode (RunMode's fields of the same names). */
type ModeFacts = Pick<
  RunMode<unknown, StageInput, unknown, RunOutcome>,
  | "name"
  | "label"
  | "progress"
  | "remotePath"
  | "formRequest"
  | "verdict"
  | "export"
  | "watch"
  | "interrupted"
  | "followUps"
  | "agents"
>;

/**
 * A mode as a registry holds it (lib/modes.ts): its facts, and the ways code that serves any mode by name starts and
 * follows its runs, bound to the mode's own request, state and outcome types.
 */
export interface RegisteredMode extends ModeFacts {
  /** Its request schema (RunMode.request): a caller validates its input with it, then starts the run. */
  request: z.ZodType<unknown>;
  /**
   * Starts a run of this mode owned by `ownerId` (lib/runs/start.ts startRun) with a request its caller validated
   * with `request`. @throws AppError "invalid-input" with the first problem when it does not pass; what startRun
   * throws.
   */
  start(request: unknown, options: { ownerId?: string | null }): Promise<{ runId: string }>;
  /** Starts a saved run's settings again (its request: RunMode.requestOf), owned by `ownerId`. */
  rerun(settings: RunSettings, options: { ownerId?: string | null }): Promise<{ runId: string }>;
  /** Resolves, never rejecting, with how one of its runs ended (lib/runs/wait.ts). */
  wait(runId: string): Promise<RunOutcome>;
}

/** A mode ready for a registry. */
export function registerMode<R extends { sources?: SourceId[] }, I extends StageInput, S, O extends RunOutcome, Ov>(
  mode: DurableMode<R, I, S, O, Ov>,
): RegisteredMode {
  const start = (request: R, options: StartOptions<Ov>) => startRun(mode, request, options);
  return {
    name: mode.name,
    label: mode.label,
    progress: mode.progress,
    remotePath: mode.remotePath,
    formRequest: mode.formRequest,
    verdict: mode.verdict,
    export: mode.export,
    watch: mode.watch,
    interrupted: mode.interrupted,
    followUps: mode.followUps,
    agents: mode.agents,
    request: mode.request,
    async start(request, options) {
      const parsed = mode.request.safeParse(request);
      if (!parsed.success) throw new AppError("invalid-input", firstIssue(parsed.error));
      const { runId } = await start(parsed.data, options);
      return { runId };
    },
    async rerun(settings, options) {
      const { runId } = await start(mode.requestOf(settings), options);
      return { runId };
    },
    wait: (runId) => waitForRun(mode, runId),
  };
}

/** The modes a user starts by name, in the order the home page offers them. */
export interface ModeRegistry {
  modes: readonly [RegisteredMode, ...RegisteredMode[]];
  /** Their names, in the same order. */
  names: readonly [string, ...string[]];
  /** The mode of this name; undefined for a name no mode has (a run saved by another version of Critica). */
  named(name: string): RegisteredMode | undefined;
}

/** A registry of `modes`; @throws Error when two have the same name. */
export function modeRegistry(modes: readonly [RegisteredMode, ...RegisteredMode[]]): ModeRegistry {
  const byName = new Map(modes.map((mode) => [mode.name, mode]));
  if (byName.size !== modes.length) throw new Error("two run modes have the same name");
  const [first, ...rest] = modes;
  return { modes, names: [first.name, ...rest.map((m) => m.name)], named: (name) => byName.get(name) };
}
