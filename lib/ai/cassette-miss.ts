/** A request as a cassette keys and stores it: method, path below the base URL, and the parsed JSON body. */
export interface CassetteRequest {
  method: string;
  path: string;
  body: unknown;
}

/** Characters of context shown on each side of the first difference between two prompt texts. */
const CONTEXT_CHARS = 40;
/** Longest value shown for a differing field other than the messages (characters of its JSON). */
const VALUE_CHARS = 80;

/**
 * The agent that sent a request, from what the request itself says (never from its prompt wording): the name of
 * the structured output's JSON schema ("judge_output" → "judge", set by lib/ai/structured-attempt.ts), "embedding"
 * for the embeddings route, else "model" (e.g. a json_object request, which carries no schema name).
 */
export function requestAgent(request: CassetteRequest): string {
  if (request.path.endsWith("/embeddings")) return "embedding";
  const name = (request.body as { response_format?: { json_schema?: { name?: unknown } } } | null)?.response_format
    ?.json_schema?.name;
  return typeof name === "string" ? name.replace(/_output$/, "") : "model";
}

const json = (value: unknown) => JSON.stringify(value) ?? "undefined";
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** The text around the first character where two strings differ ("…before|after…"), for both strings. */
function firstDifference(recorded: string, now: string): string {
  const i = commonPrefix(recorded, now);
  const around = (s: string) => {
    const before = i > CONTEXT_CHARS ? "…" : "";
    const after = i + CONTEXT_CHARS < s.length ? "…" : "";
    return `“${before}${s.slice(Math.max(0, i - CONTEXT_CHARS), i + CONTEXT_CHARS)}${after}”`;
  };
  return `at character ${i}: recorded ${around(recorded)}, now ${around(now)}`;
}

/** How two message lists differ: their lengths, or the first message whose role or content differs. */
function messagesDifference(recorded: unknown, now: unknown): string {
  const a = Array.isArray(recorded) ? (recorded as Array<{ role?: unknown; content?: unknown }>) : [];
  const b = Array.isArray(now) ? (now as Array<{ role?: unknown; content?: unknown }>) : [];
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (json(a[i]) === json(b[i])) continue;
    const text = (m: { content?: unknown }) => (typeof m.content === "string" ? m.content : json(m.content));
    return `messages[${i}] (${String(b[i].role)}) ${firstDifference(text(a[i]), text(b[i]))}`;
  }
  return `messages: ${a.length} recorded, ${b.length} now`;
}

/**
 * The top-level fields of two request bodies that differ (a body that is not an object counts as one field, "body").
 */
function differingFields(recorded: unknown, now: unknown): string[] {
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === "object" && v !== null && !Array.isArray(v);
  if (!isObject(recorded) || !isObject(now)) return json(recorded) === json(now) ? [] : ["body"];
  const keys = [...new Set([...Object.keys(recorded), ...Object.keys(now)])].sort();
  return keys.filter((k) => json(recorded[k]) !== json(now[k]));
}

/** Length of the common prefix of two strings (ranks recorded requests that share a field count). */
function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/**
 * A short description of how `now` differs from the nearest recorded request of the same method and path: the
 * recorded request with the fewest differing top-level body fields (ties: the longest common prefix of the JSON),
 * e.g. `nearest recorded request (judge) differs in messages: messages[1] (user) at character 532: recorded “…”,
 * now “…”`.
 * For the messages it names the first differing message and character; other fields show both values (clipped).
 * @returns null when nothing with the same method and path was recorded.
 */
export function nearestDifference(now: CassetteRequest, recorded: CassetteRequest[]): string | null {
  const candidates = recorded.filter((r) => r.method === now.method && r.path === now.path);
  if (candidates.length === 0) return null;
  const nowJson = json(now.body);
  const ranked = candidates
    .map((r) => ({ r, fields: differingFields(r.body, now.body), prefix: commonPrefix(json(r.body), nowJson) }))
    .sort((x, y) => x.fields.length - y.fields.length || y.prefix - x.prefix);
  const { r, fields } = ranked[0];
  const detail = fields.map((field) => {
    if (field === "messages")
      return messagesDifference(
        (r.body as Record<string, unknown>).messages,
        (now.body as Record<string, unknown>).messages,
      );
    if (field === "body") return `body: recorded ${clip(json(r.body), VALUE_CHARS)}, now ${clip(nowJson, VALUE_CHARS)}`;
    const value = (b: unknown) => clip(json((b as Record<string, unknown>)[field]), VALUE_CHARS);
    return `${field}: recorded ${value(r.body)}, now ${value(now.body)}`;
  });
  return `nearest recorded request (${requestAgent(r)}) differs in ${fields.join(", ")}: ${detail.join("; ")}`;
}
