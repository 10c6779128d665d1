import { APICallError, RetryError } from "ai";
import { ModelOutputError, type ModelOutputFailureKind } from "./model-output-errors";

/** Kinds of language-model provider failure that end a run (or switch it to the extractive backend). */
export type ProviderFailureKind =
  "auth" | "rate-limit" | "server" | "not-found" | "rejected" | "timeout" | "network" | ModelOutputFailureKind;

/**
 * What servers say when a prompt does not fit the model's context window (matched case-insensitively in the
 * error message and response body):
 * - llama.cpp server: type "exceed_context_size_error", "request (N tokens) exceeds the available context size";
 * - LM Studio: "Trying to keep the first N tokens when context the overflows";
 * - vLLM and OpenAI: "maximum context length is N tokens", code "context_length_exceeded".
 * Ollama's OpenAI endpoint truncates silently instead; see lib/ai/truncation.
 */
const CONTEXT_OVERFLOW = [
  /exceed_context_size_error/i,
  /exceeds the available context size/i,
  /trying to keep the first \d+ tokens/i,
  /maximum context length is \d+ tokens/i,
  /context_length_exceeded/i,
];

/** "Raise the context window" advice naming each local server's setting (docs/local-models.md). */
const CONTEXT_ADVICE =
  "raise the model's context length (Ollama OLLAMA_CONTEXT_LENGTH or num_ctx, vLLM --max-model-len, LM Studio's " +
  "context length, llama.cpp -c; at least 16384 tokens, see docs/local-models.md)";

/** A provider failure, classified: its kind, HTTP status (null when none) and a message a user can act on. */
export interface ProviderFailure {
  kind: ProviderFailureKind;
  statusCode: number | null;
  message: string;
}

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  402: "Payment Required",
  403: "Forbidden",
  404: "Not Found",
  408: "Request Timeout",
  409: "Conflict",
  413: "Payload Too Large",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

/** The APICallError behind an error: itself, a RetryError's last error, or one in its cause chain. */
function apiCallError(error: unknown): APICallError | null {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (APICallError.isInstance(e)) return e;
    if (RetryError.isInstance(e)) e = e.lastError;
    else e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** The ModelOutputError behind an error: itself or one in its cause chain. */
function modelOutputError(error: unknown): ModelOutputError | null {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if (e instanceof ModelOutputError) return e;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

function isTimeout(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if ((e as { name?: string }).name === "TimeoutError") return true;
    e = RetryError.isInstance(e) ? e.lastError : (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Classifies an error thrown by an agent call as a provider failure, or null when it is something else (an
 * invalid answer, a bug, or the run's own cancellation — pass `signal` so an abort is not read as a timeout).
 * - 401/403 → "auth": "The language model provider returned 401 Unauthorized: check OPENAI_API_KEY."
 * - 404 → "not-found": check OPENAI_MODEL and OPENAI_BASE_URL;
 * - 429 → "rate-limit" (after the SDK's retries); 5xx → "server"; any other 4xx → "rejected" (e.g. a server
 *   without json_schema structured output);
 * - a 400/413 whose message or body says the prompt does not fit (llama.cpp, LM Studio, vLLM, OpenAI; see
 *   CONTEXT_OVERFLOW) → "context-overflow", naming the setting that raises the context window;
 * - TimeoutError (AI SDK `timeout`, OPENAI_TIMEOUT_MS) → "timeout"; no HTTP answer at all → "network";
 * - a ModelOutputError (lib/ai/structured: answer cut twice, refusal, empty answer) → its kind, its message.
 * `step` (e.g. "judge") is named in the message.
 */
export function classifyProviderError(
  error: unknown,
  options: { step: string; signal?: AbortSignal; timeoutMs?: number } = { step: "model" },
): ProviderFailure | null {
  if (options.signal?.aborted) return null;
  const during = ` during the ${options.step} step`;
  const output = modelOutputError(error);
  if (output) {
    const fix = output.kind === "context-overflow" ? `: ${CONTEXT_ADVICE}` : "";
    return {
      kind: output.kind,
      statusCode: null,
      message: `The language model gave no usable answer${during}: ${output.message}${fix}.`,
    };
  }
  if (isTimeout(error)) {
    const ms = options.timeoutMs;
    const limit = ms ? ` within ${ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`}` : "";
    return {
      kind: "timeout",
      statusCode: null,
      message: `The language model provider did not answer${limit}${during} (timeout; see OPENAI_TIMEOUT_MS).`,
    };
  }
  const api = apiCallError(error);
  if (!api) return null;
  const status = api.statusCode ?? null;
  const detail = api.message ? ` (${api.message.slice(0, 200)})` : "";
  if (status === null) {
    return {
      kind: "network",
      statusCode: null,
      message: `Could not reach the language model provider at ${api.url}${during}${detail}: check OPENAI_BASE_URL.`,
    };
  }
  const returned = `The language model provider returned ${status} ${STATUS_TEXT[status] ?? "error"}${during}`;
  if (status === 401 || status === 403)
    return { kind: "auth", statusCode: status, message: `${returned}: check OPENAI_API_KEY${detail}.` };
  if (status === 404)
    return {
      kind: "not-found",
      statusCode: status,
      message: `${returned}: check OPENAI_MODEL and OPENAI_BASE_URL${detail}.`,
    };
  if (status === 429)
    return {
      kind: "rate-limit",
      statusCode: status,
      message:
        `${returned} (rate limit or quota exceeded, after retries): try again later or check the account's ` +
        `quota${detail}.`,
    };
  if (status >= 500)
    return {
      kind: "server",
      statusCode: status,
      message: `${returned} (a provider-side failure, after retries): try again later${detail}.`,
    };
  const said = `${api.message ?? ""} ${api.responseBody ?? ""}`;
  if ((status === 400 || status === 413) && CONTEXT_OVERFLOW.some((p) => p.test(said))) {
    return {
      kind: "context-overflow",
      statusCode: status,
      message: `${returned}: the prompt is longer than the model's context window; ${CONTEXT_ADVICE}${detail}.`,
    };
  }
  if (status >= 400) {
    return {
      kind: "rejected",
      statusCode: status,
      message:
        `${returned}: the server rejected the request; check that OPENAI_MODEL supports structured output ` +
        `(json_schema), or set OPENAI_STRUCTURED_OUTPUT=json_object${detail}.`,
    };
  }
  return null;
}
