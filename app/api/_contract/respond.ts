import type { z } from "zod";
import { toAppError } from "@/lib/domain/errors";

/** A JSON answer with the given status (no caching: every API answer reflects the database at that moment). */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { "cache-control": "no-store", ...headers } });
}

/** A JSON error answer `{ error }` (see apiErrorSchema). */
export function apiError(status: number, error: string): Response {
  return json({ error }, status);
}

/**
 * The answer to an error thrown while serving a request, mapped as the server actions map theirs
 * (lib/domain/errors.ts toAppError): an AppError's status and message (and Retry-After when it says when to retry),
 * else 500 with `fallback` (logged under `label`).
 */
export function errorResponse(error: unknown, label: string, fallback: string): Response {
  const { status, message, retryAfterSeconds } = toAppError(error, label, fallback);
  return retryAfterSeconds ? refuse({ error: message, status, retryAfterSeconds }) : apiError(status, message);
}

/**
 * Validates a value with a zod schema. @returns the parsed value, or a 400 answer whose `error` is the first
 * issue's message and whose `issues` list every problem with its path.
 */
export function validate<S extends z.ZodType>(
  schema: S,
  value: unknown,
): { data: z.output<S> } | { response: Response } {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { data: parsed.data };
  const issues = parsed.error.issues.map((i) => ({
    path: i.path.map((p) => (typeof p === "symbol" ? String(p) : p)),
    message: i.message,
  }));
  const first = issues[0];
  const error = first
    ? first.path.length
      ? `${first.path.join(".")}: ${first.message}`
      : first.message
    : "Invalid input.";
  return { response: json({ error, issues }, 400) };
}

/**
 * How deeply a request body's arrays and objects may nest. No request of the API nests beyond 3; thousands of levels
 * would overflow the stack of the recursive schema validation (a 500 instead of a 400).
 */
const MAX_JSON_DEPTH = 32;

/** Whether a parsed JSON value nests arrays and objects deeper than `limit` (checked without recursion). */
function nestedDeeperThan(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== "object") continue;
    if (depth > limit) return true;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * The request's JSON body, or a 400 answer when it is not JSON, nests too deeply or was cut off by the client (an
 * empty body reads as `{}`).
 */
export async function readJson(request: Request): Promise<{ data: unknown } | { response: Response }> {
  let text: string;
  try {
    text = await request.text();
  } catch {
    // The client closed the connection mid-body (ECONNRESET, "aborted"): nobody reads the answer, but an uncaught
    // rejection here would be logged as a server error for every aborted upload.
    return { response: apiError(400, "The request body was not received in full.") };
  }
  if (!text.trim()) return { data: {} };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { response: apiError(400, "The request body is not valid JSON.") };
  }
  if (nestedDeeperThan(data, MAX_JSON_DEPTH))
    return { response: apiError(400, `The request body nests more than ${MAX_JSON_DEPTH} levels deep.`) };
  return { data };
}

/**
 * The answer to a refused start of a run: 401 (not signed in) or 429 with Retry-After in seconds (a limit was reached).
 */
export function refuse(refusal: { error: string; status: number; retryAfterSeconds?: number }): Response {
  return json(
    { error: refusal.error },
    refusal.status,
    refusal.retryAfterSeconds ? { "retry-after": String(refusal.retryAfterSeconds) } : {},
  );
}
