import pRetry, { AbortError } from "p-retry";
import { SOURCE_LABELS, type SourceId } from "@/lib/domain/evidence";

/**
 * A live source failed: HTTP error status, network failure, timeout or a response that could not be parsed.
 * The message starts with the source's label, e.g. "PubMed: HTTP 500 after 3 retries".
 * `status` is the last HTTP status when there was one.
 */
export class SourceError extends Error {
  override name = "SourceError";
  constructor(
    readonly source: SourceId,
    message: string,
    options?: { cause?: unknown; status?: number },
  ) {
    super(`${SOURCE_LABELS[source]}: ${message}`, options?.cause === undefined ? undefined : { cause: options.cause });
    this.status = options?.status ?? null;
  }
  readonly status: number | null;
}

/**
 * A response read with its format's parser: the parser's format error becomes the source's SourceError ("<what>:
 * <reason>", the format error as `cause`); any other error passes through.
 */
export function parseResponse<T>(
  source: SourceId,
  what: string,
  formatError: abstract new (...args: never[]) => Error,
  parse: () => T,
): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof formatError) throw new SourceError(source, `${what}: ${error.message}`, { cause: error });
    throw error;
  }
}

/** How one request is retried and bounded. Defaults: 3 retries, 500 ms first backoff, 30 s per attempt. */
export interface RetryPolicy {
  /** Retries after the first attempt (p-retry `retries`). */
  retries?: number;
  /** First backoff in ms; doubles per retry (p-retry `minTimeout`, factor 2). */
  minDelayMs?: number;
  /** Abort one attempt after this many ms (counts as a retryable failure). */
  timeoutMs?: number;
  /** Give up instead of waiting when a Retry-After asks for longer than this many ms. */
  maxRetryAfterMs?: number;
}

/** Just the {@link RetryPolicy} fields of a larger options object (so source options can be passed through). */
export function retryPolicy(options: RetryPolicy): RetryPolicy {
  const { retries, minDelayMs, timeoutMs, maxRetryAfterMs } = options;
  return { retries, minDelayMs, timeoutMs, maxRetryAfterMs };
}

/** Options of {@link fetchText}. */
export interface FetchTextOptions extends RetryPolicy {
  /** Source named in errors. */
  source: SourceId;
  /** Caller's cancellation: stops the current attempt and any retry wait; the promise rejects with its reason. */
  signal?: AbortSignal;
  /** fetch implementation (tests); defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Runs each attempt, e.g. through a rate limiter; defaults to calling it directly. */
  schedule?: <T>(attempt: () => Promise<T>) => Promise<T>;
  /** Extra request headers. */
  headers?: Record<string, string>;
}

export const DEFAULT_RETRIES = 3;
export const DEFAULT_MIN_DELAY_MS = 500;
export const DEFAULT_TIMEOUT_MS = 30_000;
/** NCBI and Europe PMC ask for waits of seconds; anything past a minute is treated as "not today". */
export const DEFAULT_MAX_RETRY_AFTER_MS = 60_000;

/** A failure worth another attempt: 429, 5xx, network error or per-attempt timeout. */
class RetryableError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly retryAfterMs: number | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * GETs `url` and returns the body text of a 2xx response. Status 429 and 5xx, network errors and per-attempt
 * timeouts are retried with exponential backoff (p-retry), waiting at least as long as a Retry-After header asks
 * (seconds or HTTP date); other statuses fail at once. Every attempt goes through `options.schedule`.
 * @throws SourceError when the request cannot succeed: "HTTP <status> after <n> retries", "HTTP <status> <text>: <body
 *   excerpt>" (non-retryable status, no retry), "request timed out after <ms> ms; gave up after <n> retries",
 *   "network error: …; gave up after <n> retries", or "HTTP 429 (Retry-After <s> s is too long to wait)".
 * @throws the signal's reason (an AbortError DOMException by default) when `options.signal` aborts.
 */
export async function fetchText(url: string, options: FetchTextOptions): Promise<string> {
  const retries = options.retries ?? DEFAULT_RETRIES;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS;
  const doFetch = options.fetch ?? globalThis.fetch;
  const schedule = options.schedule ?? (<T>(attempt: () => Promise<T>) => attempt());
  const { signal } = options;

  const attempt = async (): Promise<string> => {
    signal?.throwIfAborted();
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
    let response: Response;
    let body: string;
    try {
      response = await doFetch(url, { signal: combined, headers: options.headers });
      body = await response.text();
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (timeout.aborted)
        throw new RetryableError(`request timed out after ${timeoutMs} ms`, null, null, { cause: error });
      throw new RetryableError(`network error: ${describe(error)}`, null, null, { cause: error });
    }
    if (response.ok) return body;
    if (response.status === 429 || response.status >= 500) {
      throw new RetryableError(
        `HTTP ${response.status}`,
        response.status,
        parseRetryAfter(response.headers.get("retry-after")),
      );
    }
    throw new AbortError(
      new SourceError(options.source, `HTTP ${response.status} ${response.statusText}`.trim() + excerpt(body), {
        status: response.status,
      }),
    );
  };

  try {
    return await pRetry(() => schedule(attempt), {
      retries,
      minTimeout: options.minDelayMs ?? DEFAULT_MIN_DELAY_MS,
      factor: 2,
      signal,
      unref: true,
      shouldRetry: ({ error }) =>
        error instanceof RetryableError && (error.retryAfterMs === null || error.retryAfterMs <= maxRetryAfterMs),
      onFailedAttempt: async ({ error, retriesLeft, retryDelay }) => {
        // p-retry waits `retryDelay` next; top it up so the total wait honours Retry-After.
        if (
          error instanceof RetryableError &&
          error.retryAfterMs !== null &&
          retriesLeft > 0 &&
          error.retryAfterMs <= maxRetryAfterMs
        ) {
          await sleep(Math.max(0, error.retryAfterMs - retryDelay), signal);
        }
      },
    });
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if (error instanceof SourceError) throw error;
    if (error instanceof RetryableError) {
      const tooLong = error.retryAfterMs !== null && error.retryAfterMs > maxRetryAfterMs;
      const tried = `${retries} ${retries === 1 ? "retry" : "retries"}`;
      const suffix = tooLong
        ? ` (Retry-After ${Math.ceil(error.retryAfterMs! / 1000)} s is too long to wait)`
        : error.status !== null
          ? ` after ${tried}`
          : `; gave up after ${tried}`;
      throw new SourceError(options.source, error.message + suffix, {
        cause: error.cause ?? error,
        status: error.status ?? undefined,
      });
    }
    throw new SourceError(options.source, `request failed: ${describe(error)}`, { cause: error });
  }
}

/**
 * GETs `url` like {@link fetchText} and parses the body as JSON.
 * @throws SourceError "invalid JSON response: …" when the body is not JSON, plus the errors of fetchText.
 */
export async function fetchJson(url: string, options: FetchTextOptions): Promise<unknown> {
  const body = await fetchText(url, options);
  try {
    return JSON.parse(body);
  } catch (error) {
    throw new SourceError(options.source, `invalid JSON response: ${describe(error)}${excerpt(body)}`, {
      cause: error,
    });
  }
}

/**
 * Milliseconds to wait from a Retry-After header value: delay-seconds ("1", "120") or an HTTP date
 * ("Wed, 21 Oct 2015 07:28:00 GMT", clamped at 0 when past).
 * @returns null when the header is absent or unreadable.
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : "";
    return `${error.message}${cause}`;
  }
  return String(error);
}

/** A short quote of a response body for error messages. */
function excerpt(body: string): string {
  const text = body.replace(/\s+/g, " ").trim();
  return text ? `: ${text.slice(0, 200)}` : "";
}
