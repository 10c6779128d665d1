import type { z } from "zod";

/** A JSON answer with the given status (no caching: every API answer reflects the database at that moment). */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { "cache-control": "no-store", ...headers } });
}

/** A JSON error answer `{ error }` (see apiErrorSchema). */
export function apiError(status: number, error: string): Response {
  return json({ error }, status);
}

/**
 * Validates a value with a zod schema. @returns the parsed value, or a 400 answer whose `error` is the first
 * issue's message and whose `issues` list every problem with its path.
 */
export function validate<S extends z.ZodType>(schema: S, value: unknown): { data: z.output<S> } | { response: Response } {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { data: parsed.data };
  const issues = parsed.error.issues.map((i) => ({ path: i.path.map((p) => (typeof p === "symbol" ? String(p) : p)), message: i.message }));
  const first = issues[0];
  const error = first ? (first.path.length ? `${first.path.join(".")}: ${first.message}` : first.message) : "Invalid input.";
  return { response: json({ error, issues }, 400) };
}

/** The request's JSON body, or a 400 answer when it is not JSON (an empty body reads as `{}`). */
export async function readJson(request: Request): Promise<{ data: unknown } | { response: Response }> {
  const text = await request.text();
  if (!text.trim()) return { data: {} };
  try {
    return { data: JSON.parse(text) };
  } catch {
    return { response: apiError(400, "The request body is not valid JSON.") };
  }
}

/** The answer to a refused start of a run: 401 (not signed in) or 429 with Retry-After in seconds (a limit was reached). */
export function refuse(refusal: { error: string; status: number; retryAfterSeconds?: number }): Response {
  return json({ error: refusal.error }, refusal.status, refusal.retryAfterSeconds ? { "retry-after": String(refusal.retryAfterSeconds) } : {});
}
