import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { nearestDifference, requestAgent, type CassetteRequest } from "./cassette-miss";

// Record/replay of the model's HTTP traffic, at the fetch of the AI SDK providers (lib/ai/providers.ts), so that
// structured answers and streamed ones (server-sent events) are stored and served the same way, byte for byte.
// A run recorded once against a real model replays offline, with no server and no key: a CI test.

/** What a cassette does: nothing, store every request and its response, or serve stored responses (no network). */
export type CassetteMode = "off" | "record" | "replay";

const recordedWithSchema = z.object({
  /** OPENAI_BASE_URL of the recording; null for OpenAI's own API. */
  baseURL: z.string().nullable(),
  model: z.string(),
  /** OPENAI_STRUCTURED_OUTPUT of the recording (null: unset). */
  structuredOutput: z.enum(["json_schema", "json_object"]).nullable(),
  embeddingModel: z.string().nullable(),
});
/** The model settings a cassette was recorded with (no key): replay uses them for any OPENAI_* variable left unset. */
export type CassetteRecordedWith = z.infer<typeof recordedWithSchema>;

const responseSchema = z.object({
  status: z.number().int(),
  contentType: z.string().nullable(),
  /** The body as received: UTF-8 text (JSON, or server-sent events for a stream), or base64 when not UTF-8. */
  body: z.string(),
  encoding: z.enum(["utf8", "base64"]),
});
type RecordedResponse = z.infer<typeof responseSchema>;

const interactionSchema = z.object({
  /** SHA-256 (hex) of the request's canonical form, see {@link requestKey}. */
  key: z.string(),
  agent: z.string(),
  request: z.object({ method: z.string(), path: z.string(), body: z.unknown() }),
  /** Every response this request got while recording, in order (e.g. a 500, then the SDK's retry's 200). */
  responses: z.array(responseSchema).min(1),
});
type Interaction = z.infer<typeof interactionSchema>;

const cassetteFileSchema = z.object({
  format: z.literal("critica-llm-cassette"),
  version: z.literal(1),
  recordedWith: recordedWithSchema,
  interactions: z.array(interactionSchema),
});
type CassetteFile = z.infer<typeof cassetteFileSchema>;

/**
 * Thrown in replay for a request the cassette does not hold; its message names the agent, the key and the nearest
 * difference.
 */
export class CassetteMissError extends Error {
  override name = "CassetteMissError";
  constructor(
    message: string,
    readonly agent: string,
    readonly key: string,
  ) {
    super(message);
  }
}

/** JSON with every object's keys sorted, so the same request always has the same text (and key). */
export function canonicalJson(value: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (v && typeof v === "object")
      return Object.fromEntries(
        Object.keys(v)
          .sort()
          .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
      );
    return v;
  };
  return JSON.stringify(sort(value));
}

/**
 * A request's cassette key: SHA-256 (hex) of the canonical JSON of its method, its path below the base URL and its
 * body. Headers (and so the API key) and the server's address are left out: the same run keys the same against any
 * server location, and a changed prompt, model, sampling setting or schema is a different key.
 */
export function requestKey(request: CassetteRequest): string {
  return createHash("sha256").update(canonicalJson(request)).digest("hex");
}

/**
 * Reads a cassette file. @throws Error naming the file when it is missing ("record one first") or not a cassette.
 */
export function readCassette(file: string): CassetteFile {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    throw new Error(
      `CRITICA_LLM_CASSETTE=replay: no cassette at ${file}; record one first with CRITICA_LLM_CASSETTE=record ` +
        `(see docs/local-models.md).`,
    );
  }
  const notCassette = (why: string) =>
    new Error(`${file} is not a Critica LLM cassette (format critica-llm-cassette, version 1): ${why}`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw notCassette((error as Error).message);
  }
  const parsed = cassetteFileSchema.safeParse(json);
  if (!parsed.success) throw notCassette(`${parsed.error.issues[0].path.join(".")}: ${parsed.error.issues[0].message}`);
  return parsed.data;
}

function writeCassette(file: string, cassette: CassetteFile): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Written whole, then renamed: a reader never sees half a file.
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify(cassette, null, 2)}\n`);
  fs.renameSync(temp, file);
}

function encodeBody(bytes: Uint8Array): Pick<RecordedResponse, "body" | "encoding"> {
  try {
    return { body: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf8" };
  } catch {
    return { body: Buffer.from(bytes).toString("base64"), encoding: "base64" };
  }
}

const decodeBody = (r: RecordedResponse): Uint8Array =>
  r.encoding === "utf8" ? new TextEncoder().encode(r.body) : Buffer.from(r.body, "base64");

/** One cassette file as this process records or replays it. */
interface Session {
  cassette: CassetteFile;
  byKey: Map<string, Interaction>;
  /** Responses served per key so far (replay). */
  served: Map<string, number>;
  mtimeMs: number;
}

const sessions = globalThis as unknown as { __criticaCassettes?: Map<string, Session> };
const openSessions = () => (sessions.__criticaCassettes ??= new Map());

function sessionOf(cassette: CassetteFile, mtimeMs: number): Session {
  return { cassette, byKey: new Map(cassette.interactions.map((i) => [i.key, i])), served: new Map(), mtimeMs };
}

/** The recording of `file` in this process: a new, empty cassette on first use (recording replaces the file). */
function recordingSession(file: string, recordedWith: CassetteRecordedWith): Session {
  const id = `record:${file}`;
  let session = openSessions().get(id);
  if (!session) {
    session = sessionOf({ format: "critica-llm-cassette", version: 1, recordedWith, interactions: [] }, 0);
    openSessions().set(id, session);
  }
  return session;
}

/** The replay of `file` in this process, read again when the file changed. */
function replaySession(file: string): Session {
  const id = `replay:${file}`;
  const mtimeMs = fs.existsSync(file) ? fs.statSync(file).mtimeMs : -1;
  let session = openSessions().get(id);
  if (!session || session.mtimeMs !== mtimeMs) {
    session = sessionOf(readCassette(file), mtimeMs);
    openSessions().set(id, session);
  }
  return session;
}

/**
 * The settings a cassette was recorded with, read once per version of the file (a model is built for every run
 * and claim check, and a cassette of a long benchmark runs to megabytes).
 * @throws Error naming the file when it is missing or not a cassette.
 */
export function recordedSettings(file: string): CassetteRecordedWith {
  return replaySession(path.resolve(file)).cassette.recordedWith;
}

function describeRequest(
  input: Parameters<typeof fetch>[0],
  init: RequestInit | undefined,
  baseURL: string,
): CassetteRequest {
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
  const base = baseURL.replace(/\/+$/, "");
  const where = url.startsWith(base) ? url.slice(base.length) : new URL(url).pathname + new URL(url).search;
  const raw = init?.body;
  if (raw !== undefined && raw !== null && typeof raw !== "string")
    throw new Error(`LLM cassette: cannot key a request body that is not text (${url})`);
  let body: unknown = raw ?? null;
  if (typeof raw === "string") {
    try {
      body = JSON.parse(raw);
    } catch {
      body = raw;
    }
  }
  return { method: (init?.method ?? "GET").toUpperCase(), path: where, body };
}

/**
 * The miss's message: agent, key, file, the nearest recorded difference and, when they differ, the recorded settings.
 */
function missMessage(
  file: string,
  request: CassetteRequest,
  key: string,
  session: Session,
  current: CassetteRecordedWith,
): string {
  const agent = requestAgent(request);
  const recorded = session.cassette.recordedWith;
  const settings =
    canonicalJson(recorded) === canonicalJson(current)
      ? ""
      : ` The cassette was recorded with model ${recorded.model} at ${recorded.baseURL ?? "OpenAI"}; this run ` +
        `uses model ${current.model} at ${current.baseURL ?? "OpenAI"}.`;
  const nearest = nearestDifference(
    request,
    session.cassette.interactions.map((i) => i.request),
  );
  return (
    `cassette miss: ${agent} request ${key.slice(0, 12)} not recorded in ${file} — the prompt changed? ` +
    `${nearest ?? `no ${request.method} ${request.path} request was recorded`}.${settings} Record the cassette ` +
    `again with CRITICA_LLM_CASSETTE=record.`
  );
}

/**
 * Serves a recorded response: the i-th response of the key on its i-th request (the last one again after that).
 * @throws CassetteMissError for a request the cassette does not hold.
 */
function replay(
  file: string,
  request: CassetteRequest,
  key: string,
  current: CassetteRecordedWith,
  signal: AbortSignal | null | undefined,
): Response {
  signal?.throwIfAborted();
  const session = replaySession(file);
  const interaction = session.byKey.get(key);
  if (!interaction)
    throw new CassetteMissError(missMessage(file, request, key, session, current), requestAgent(request), key);
  const n = session.served.get(key) ?? 0;
  session.served.set(key, n + 1);
  const recorded = interaction.responses[Math.min(n, interaction.responses.length - 1)];
  return new Response(decodeBody(recorded) as BodyInit, {
    status: recorded.status,
    headers: recorded.contentType ? { "content-type": recorded.contentType } : {},
  });
}

/**
 * Passes the response on unchanged while keeping a copy of its bytes; when the body has arrived whole (before the
 * caller reads its end) the interaction is added to the cassette and the file rewritten. A body the caller cancels
 * is not recorded.
 */
function capture(file: string, session: Session, request: CassetteRequest, key: string, response: Response): Response {
  const status = response.status;
  const contentType = response.headers.get("content-type");
  const save = (bytes: Uint8Array) => {
    const recorded: RecordedResponse = { status, contentType, ...encodeBody(bytes) };
    const known = session.byKey.get(key);
    if (known) known.responses.push(recorded);
    else {
      const interaction: Interaction = { key, agent: requestAgent(request), request, responses: [recorded] };
      session.byKey.set(key, interaction);
      session.cassette.interactions.push(interaction);
    }
    writeCassette(file, session.cassette);
  };
  if (!response.body) {
    save(new Uint8Array());
    return response;
  }
  const chunks: Uint8Array[] = [];
  const copy = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      chunks.push(chunk);
      controller.enqueue(chunk);
    },
    flush() {
      save(Buffer.concat(chunks));
    },
  });
  return new Response(response.body.pipeThrough(copy), {
    status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/** Options of {@link cassetteFetch}. */
export interface CassetteFetchOptions {
  /** Whether the cassette is recorded or replayed (CRITICA_LLM_CASSETTE). */
  cassette: Exclude<CassetteMode, "off">;
  /** The cassette file (absolute, or relative to the working directory). */
  file: string;
  /** The provider's base URL: requests are keyed by their path below it. */
  baseURL: string;
  /** The settings of the model being built (stored when recording; named in a miss when they differ). */
  recordedWith: CassetteRecordedWith;
  /** The fetch that reaches the server when recording (default the global fetch). */
  fetch?: typeof fetch;
}

/**
 * A fetch for the AI SDK providers that records to, or replays from, a cassette file (one JSON file: the recorded
 * settings and, per request key, the request and its responses; never a header, so never the API key).
 * - record: every request goes to the server; its response (status, content type, body byte for byte, whether
 *   JSON or a server-sent event stream) is stored under the request's key ({@link requestKey}) as soon as it has
 *   arrived whole. The first recording of a process starts the file afresh. 401/403 answers are not stored (OpenAI's
 *   names part of the key).
 * - replay: nothing is sent; the stored response is served. A request the cassette does not hold throws
 *   {@link CassetteMissError} ("cassette miss: <agent> request <key> not recorded — the prompt changed?", with the
 *   nearest recorded request's differing fields).
 * @throws Error when replaying from a missing or invalid file.
 */
export function cassetteFetch(options: CassetteFetchOptions): typeof fetch {
  const file = path.resolve(options.file);
  const send = options.fetch ?? globalThis.fetch;
  return async (input, init) => {
    const request = describeRequest(input, init, options.baseURL);
    const key = requestKey(request);
    if (options.cassette === "replay") return replay(file, request, key, options.recordedWith, init?.signal);
    const response = await send(input, init);
    if (response.status === 401 || response.status === 403) return response;
    return capture(file, recordingSession(file, options.recordedWith), request, key, response);
  };
}
