/**
 * The kinds of failure a user is told about, each with its HTTP status: input to fix (400), not signed in (401), not
 * allowed (403), not there (404), not now (409: a run still researching, an answer still streaming), over a limit
 * (429),
 * and anything else (500, whose message is a generic one).
 */
export const APP_ERROR_STATUS = {
  "invalid-input": 400,
  unauthorized: 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  "rate-limited": 429,
  internal: 500,
} as const;

export type AppErrorCode = keyof typeof APP_ERROR_STATUS;

/**
 * An error whose message is safe to show to the user (what to fix, or why it was refused), with its kind and HTTP
 * status. The server actions (app/_server/action-result.ts) and the API routes (app/api/_contract/respond.ts) both map
 * errors through {@link toAppError}.
 */
export class AppError extends Error {
  readonly status: (typeof APP_ERROR_STATUS)[AppErrorCode];
  /** For "rate-limited": the seconds until the request may be made again (the answer's Retry-After). */
  readonly retryAfterSeconds?: number;

  constructor(
    readonly code: AppErrorCode,
    message: string,
    options?: ErrorOptions & { retryAfterSeconds?: number },
  ) {
    super(message, options);
    this.name = "AppError";
    this.status = APP_ERROR_STATUS[code];
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }
}

/**
 * The user-facing form of an error: an AppError as it is; anything else (its message may hold internals: a database
 * error, a stack) logged under `label` and replaced by an internal error saying `fallback`.
 */
export function toAppError(error: unknown, label: string, fallback: string): AppError {
  if (error instanceof AppError) return error;
  console.error(`${label} failed`, error);
  return new AppError("internal", fallback, { cause: error });
}
