import { APICallError, NoObjectGeneratedError, RetryError } from "ai";
import { describe, expect, it } from "vitest";
import { classifyProviderError } from "@/lib/ai/provider-errors";

const apiError = (statusCode: number | undefined, message = "boom") =>
  new APICallError({
    message,
    url: "http://127.0.0.1:9/v1/chat/completions",
    requestBodyValues: {},
    statusCode,
    isRetryable: statusCode === 429,
  });

describe("provider error classification", () => {
  it("names the status, the step and what to check", () => {
    expect(classifyProviderError(apiError(401, "Incorrect API key provided"), { step: "judge" })).toEqual({
      kind: "auth",
      statusCode: 401,
      message:
        "The language model provider returned 401 Unauthorized during the judge step: check OPENAI_API_KEY " +
        "(Incorrect API key provided).",
    });
    expect(classifyProviderError(apiError(404), { step: "report" })?.message).toBe(
      "The language model provider returned 404 Not Found during the report step: check OPENAI_MODEL and " +
        "OPENAI_BASE_URL (boom).",
    );
    expect(classifyProviderError(apiError(503), { step: "critic" })).toMatchObject({ kind: "server", statusCode: 503 });
  });

  it("unwraps the SDK's RetryError (429 after retries)", () => {
    const retry = new RetryError({
      message: "Failed after 3 attempts",
      reason: "maxRetriesExceeded",
      errors: [apiError(429), apiError(429)],
    });
    expect(classifyProviderError(retry, { step: "hypothesis" })).toEqual({
      kind: "rate-limit",
      statusCode: 429,
      message:
        "The language model provider returned 429 Too Many Requests during the hypothesis step (rate limit or " +
        "quota exceeded, after retries): try again later or check the account's quota (boom).",
    });
  });

  it("recognises timeouts and unreachable servers, but not the run's own cancellation or an invalid answer", () => {
    const timeout = new DOMException("The operation was aborted due to timeout", "TimeoutError");
    expect(classifyProviderError(timeout, { step: "judge", timeoutMs: 120_000 })?.message).toBe(
      "The language model provider did not answer within 120 s during the judge step (timeout; see OPENAI_TIMEOUT_MS).",
    );
    expect(
      classifyProviderError(apiError(undefined, "Cannot connect to API: connect ECONNREFUSED"), { step: "judge" })
        ?.kind,
    ).toBe("network");
    const cancelled = new AbortController();
    cancelled.abort(new Error("cancelled by the user"));
    expect(classifyProviderError(timeout, { step: "judge", signal: cancelled.signal })).toBeNull();
    expect(
      classifyProviderError(
        new NoObjectGeneratedError({
          message: "no object",
          text: "{",
          response: undefined as never,
          usage: undefined as never,
          finishReason: "stop",
        }),
        { step: "judge" },
      ),
    ).toBeNull();
    expect(classifyProviderError(apiError(400), { step: "judge" })).toMatchObject({
      kind: "rejected",
      statusCode: 400,
    });
  });
});
