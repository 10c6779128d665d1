// What the headless commands (research, check) share: argument parsing with a usage line, following a run to its
// end with Ctrl-C cancelling it, printing without losing piped output, and the exit codes
// (0 completed, 1 failed or cancelled, 2 bad usage).
import { parseArgs, type ParseArgsConfig } from "node:util";
import type { z } from "zod";
import { firstIssue } from "@/lib/domain/run-input";
import { applyMigrations } from "@/lib/db/migrate";
import { getRunDetail, type RunDetail } from "@/lib/runs/projections";
import { parseSourceList } from "@/lib/sources/registry";
import type { SourceId } from "@/lib/domain/evidence";
import { requestCancel } from "@/lib/runs/lifecycle";
import { AppError } from "@/lib/domain/errors";
import type { ResearchRunOutcome } from "@/lib/research/state";
import { cliRunOwner } from "@/lib/auth/cli-owner";

/** Bad command-line usage: its message is printed with the usage line, exit code 2. */
export class UsageError extends Error {}

/**
 * Parses arguments, with --help and --sources handled; positionals are joined into one text (the question or claim),
 * required unless the option named `textOptionalWith` is given (e.g. research's --resume).
 */
export function parseCli<O extends NonNullable<ParseArgsConfig["options"]>>(
  options: O,
  what: string,
  textOptionalWith?: keyof O & string,
) {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        ...options,
        sources: { type: "string" },
        as: { type: "string" },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  const text = parsed.positionals.join(" ").trim();
  if (!values.help && !text && !(textOptionalWith && values[textOptionalWith] !== undefined))
    throw new UsageError(`No ${what} given.`);
  let sources: SourceId[] | undefined;
  try {
    sources = typeof values.sources === "string" ? parseSourceList(values.sources) : undefined;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  return { values, text, sources, help: values.help === true };
}

/**
 * The command line's request of a run, parsed with its mode's request schema (lib/domain/run-input.ts), as the forms
 * and the API parse theirs. @throws UsageError with the first problem's message.
 */
export function parseRequest<R>(mode: { request: z.ZodType<R> }, raw: unknown): R {
  const parsed = mode.request.safeParse(raw);
  if (!parsed.success) throw new UsageError(firstIssue(parsed.error));
  return parsed.data;
}

/**
 * The owner of a run started from the command line: the account of `--as <email>`, by default the admin
 * (lib/auth/cli-owner.ts). Call it inside followRun's start, after migrations.
 * @throws UsageError when `--as` names no account.
 */
export async function runOwner(values: Record<string, string | boolean | undefined>): Promise<string | null> {
  try {
    return await cliRunOwner(typeof values.as === "string" ? values.as : undefined);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/**
 * Starts a run (after applying migrations) and follows it: Ctrl-C cancels it, keeping what it found.
 * @returns the outcome and everything the run saved.
 * @throws UsageError for input a Critica server rejected (AppError "invalid-input").
 */
export async function followRun<O extends Pick<ResearchRunOutcome, "status" | "error">>(
  label: string,
  start: () => Promise<{ runId: string; done: Promise<O> }>,
): Promise<{ outcome: O; detail: RunDetail }> {
  await applyMigrations();
  let started;
  try {
    started = await start();
  } catch (error) {
    if (error instanceof AppError && error.code === "invalid-input") throw new UsageError(error.message);
    throw error;
  }
  process.once("SIGINT", () => {
    console.error(`\nCancelling the ${label} (everything found so far is kept)…`);
    void requestCancel(started.runId);
  });
  console.error(`${label} ${started.runId} started.`);
  const outcome = await started.done;
  const detail = await getRunDetail(started.runId);
  if (!detail) throw new Error(`run ${started.runId} vanished from the database`);
  for (const s of detail.shortfalls) console.error(`shortfall: ${s.message}`);
  return { outcome, detail };
}

/** Writes to stdout and waits until it drained: process.exit() would otherwise cut piped output at 64 KiB. */
export function writeStdout(text: string): Promise<void> {
  return new Promise((resolve, reject) => process.stdout.write(text, (error) => (error ? reject(error) : resolve())));
}

/**
 * Runs a command's main function and exits with its code: 2 with the usage line on UsageError, 1 on any other error.
 */
export function runCli(name: string, usage: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error) => {
      if (error instanceof UsageError) {
        console.error(`${error.message}\n${usage}`);
        process.exit(2);
      }
      console.error(`${name} failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
