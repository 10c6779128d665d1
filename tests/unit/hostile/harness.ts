import { isRedirectError } from "next/dist/client/components/redirect-error";
import type { DB } from "@/lib/db/client";
import { changedRows, databaseDigest } from "@/tests/support/db-digest";

/*
 * How the hostile-input suite judges one answer. A route answer must be a 4xx with a JSON message (`error`, or
 * better-auth's `message`) or a 2xx the OpenAPI document lists for that operation; never a 5xx (what Next.js sends
 * when a handler throws) and never a stack trace. A server action must return `{ error }` or its success value, or
 * redirect; any other throw is the 500 Next.js would send. After a refused request the database must be as before.
 */

/** What the suite found, across every route and action. */
export interface Tally {
  tried: number;
  serverErrors: string[];
  /** Rows added, removed or changed by refused requests, summed. */
  rowsChangedByRefused: number;
  changedByRefused: string[];
  problems: string[];
}

export function newTally(): Tally {
  return { tried: 0, serverErrors: [], rowsChangedByRefused: 0, changedByRefused: [], problems: [] };
}

const STACK = /\bat\s+\S*\s*\(?(?:\/|file:|node:|webpack|[A-Za-z]:\\)[^\n)]*:\d+:\d+\)?/;

/** A response's status and body (a streamed 2xx body is read for at most `streamMs`, then the request is aborted). */
export interface Answer {
  status: number;
  contentType: string;
  body: string;
}

async function readBody(response: Response, abort: AbortController, streamMs: number): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const timer = setTimeout(() => {
    abort.abort();
    void reader.cancel().catch(() => undefined);
  }, streamMs);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      if (text.length > 5_000_000) break;
    }
  } catch {
    // Aborted after streamMs: what arrived is enough to judge.
  } finally {
    clearTimeout(timer);
  }
  return text;
}

/**
 * Calls a route handler the way Next.js would and reads its answer; a handler that throws is answered 500, as
 * Next.js answers it. `call` gets an AbortSignal to put on its Request (aborted after `streamMs` of streaming).
 */
export async function answerOf(
  call: (signal: AbortSignal) => Promise<Response>,
  streamMs = 3_000,
): Promise<Answer & { thrown?: unknown }> {
  const abort = new AbortController();
  let response: Response;
  try {
    response = await call(abort.signal);
  } catch (thrown) {
    return { status: 500, contentType: "", body: String(thrown), thrown };
  }
  return {
    status: response.status,
    contentType: response.headers.get("content-type") ?? "",
    body: await readBody(response, abort, streamMs),
  };
}

/** What is wrong with a route's answer, or null. `documented` are the operation's statuses in /api/openapi.json. */
export function routeProblem(answer: Answer, documented: ReadonlySet<number>): string | null {
  if (answer.status >= 500) return `answered ${answer.status}: ${answer.body.slice(0, 300)}`;
  if (STACK.test(answer.body)) return `answer ${answer.status} carries a stack trace: ${answer.body.slice(0, 300)}`;
  if (answer.status >= 400) {
    if (!answer.contentType.includes("application/json"))
      return `answered ${answer.status} as ${answer.contentType || "no content type"}: ${answer.body.slice(0, 120)}`;
    let message: unknown;
    try {
      const parsed = JSON.parse(answer.body) as { error?: unknown; message?: unknown };
      message = parsed.error ?? parsed.message;
    } catch {
      return `answered ${answer.status} with invalid JSON`;
    }
    return typeof message === "string" && message.trim()
      ? null
      : `answered ${answer.status} without a message: ${answer.body.slice(0, 120)}`;
  }
  return documented.has(answer.status)
    ? null
    : `answered ${answer.status}, which /api/openapi.json does not list for it`;
}

/** What a server action did: returned a value, redirected (Next.js answers 303), or threw (Next.js answers 500). */
export type ActionOutcome =
  { kind: "returned"; value: unknown } | { kind: "redirected"; to: string } | { kind: "threw"; error: unknown };

/** Runs a server action and classifies its outcome. */
export async function outcomeOf(call: () => Promise<unknown>): Promise<ActionOutcome> {
  try {
    return { kind: "returned", value: await call() };
  } catch (error) {
    if (isRedirectError(error))
      return { kind: "redirected", to: String((error as { digest: string }).digest.split(";")[2]) };
    return { kind: "threw", error };
  }
}

/** Whether an action's outcome is a refusal (`{ error: "…" }`), after which nothing may have changed. */
export function refusedAction(outcome: ActionOutcome): boolean {
  return outcome.kind === "returned" && typeof (outcome.value as { error?: unknown } | undefined)?.error === "string";
}

/** What is wrong with an action's outcome, or null. */
export function actionProblem(outcome: ActionOutcome): string | null {
  if (outcome.kind === "threw")
    return (
      `threw (Next.js would answer 500): ` +
      `${outcome.error instanceof Error ? `${outcome.error.name}: ${outcome.error.message}` : String(outcome.error)}`
    ).slice(0, 300);
  if (outcome.kind === "returned" && refusedAction(outcome)) {
    const message = (outcome.value as { error: string }).error;
    if (!message.trim() || STACK.test(message)) return `refused without a usable message: ${message.slice(0, 200)}`;
  }
  return null;
}

/**
 * Tries one input: waits until no run started by an earlier accepted input is still executing, snapshots the
 * database, sends the input, judges the outcome and, when it was refused, compares the database.
 * @returns the problem found, or null.
 */
export async function tryOne(
  db: DB,
  tally: Tally,
  label: string,
  send: () => Promise<{ problem: string | null; refused: boolean; serverError: boolean }>,
  settle: () => Promise<void>,
): Promise<string | null> {
  await settle();
  const before = await databaseDigest(db);
  tally.tried += 1;
  const { problem, refused, serverError } = await send();
  if (serverError) tally.serverErrors.push(`${label}: ${problem}`);
  else if (problem) tally.problems.push(`${label}: ${problem}`);
  if (refused) {
    const changed = Object.entries(changedRows(before, await databaseDigest(db)));
    if (changed.length) {
      const what = changed.map(([table, rows]) => `${rows} ${table} row(s)`).join(", ");
      tally.rowsChangedByRefused += changed.reduce((sum, [, rows]) => sum + rows, 0);
      tally.changedByRefused.push(`${label}: refused, but changed ${what}`);
      return `refused, but changed ${what}`;
    }
  }
  return problem;
}
