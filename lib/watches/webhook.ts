import crypto from "node:crypto";
import pRetry, { AbortError } from "p-retry";
import { OutboundRefused, outboundRequest, REFUSED_INTERNAL, type OutboundOptions } from "@/lib/net/outbound";

/** The header carrying the signature: `sha256=<hex HMAC-SHA256 of "<timestamp>.<body>" under the webhook's secret>`. */
const SIGNATURE_HEADER = "x-critica-signature";
/** The header carrying the signing time (seconds since the epoch), signed with the body so a replay can be refused. */
const TIMESTAMP_HEADER = "x-critica-timestamp";
/** The header carrying the delivery's id: the same on every retry of one delivery, so a receiver can drop repeats. */
const DELIVERY_HEADER = "x-critica-delivery";

/**
 * Retries of one delivery: 5 attempts, 2 s after the first failure, then 4, 8, 16 s (p-retry's exponential backoff,
 * factor 2), so a receiver that is down for half a minute still gets the call. Failed answers 408, 429 and 5xx and
 * network errors are retried; other 4xx are final (the receiver refuses the call).
 */
export const DELIVERY_RETRIES = { retries: 4, minTimeout: 2_000, factor: 2, maxTimeout: 16_000 };
/** Time limit of one attempt (ms). */
export const ATTEMPT_TIMEOUT_MS = 10_000;

/** A new webhook signing secret: 32 random bytes, hex ("whsec_…"). */
export function newWebhookSecret(): string {
  return `whsec_${crypto.randomBytes(32).toString("hex")}`;
}

/**
 * The signature header's value for a body sent at `timestamp` (seconds): `sha256=` + hex HMAC-SHA256 of
 * `${timestamp}.${body}`.
 */
export function signPayload(secret: string, timestamp: number, body: string): string {
  return `sha256=${crypto.createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;
}

/**
 * How one delivery went: delivered or not, after how many attempts, the last HTTP status (null: no answer) and error.
 */
export interface DeliveryResult {
  delivered: boolean;
  attempts: number;
  lastStatus: number | null;
  error: string | null;
}

class HttpFailure extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

/**
 * POSTs `payload` as JSON to `url` through the guarded client (lib/net/outbound.ts: public addresses only, unless the
 * operator allows the host; the connection pinned to the checked address; no redirects), signed (SIGNATURE_HEADER over
 * TIMESTAMP_HEADER and the body; DELIVERY_HEADER names the delivery), retried with backoff by p-retry
 * (DELIVERY_RETRIES, overridable for tests) until a 2xx answer. A URL the guard refuses is final at once and its error
 * is "refused: internal address" (or the guard's message), never the connection error of an internal host.
 * `onAttempt` is told of every attempt's outcome (to record it as it happens). `outbound` stands in the resolver and
 * allow-list (tests). Never throws.
 */
export async function deliverWebhook(input: {
  url: string;
  secret: string;
  deliveryId: string;
  payload: unknown;
  retry?: Partial<typeof DELIVERY_RETRIES>;
  onAttempt?: (result: DeliveryResult) => Promise<void> | void;
  now?: () => Date;
  outbound?: OutboundOptions;
}): Promise<DeliveryResult> {
  const body = JSON.stringify(input.payload);
  let attempts = 0;
  let lastStatus: number | null = null;
  const attempt = async () => {
    attempts += 1;
    const timestamp = Math.floor((input.now?.() ?? new Date()).getTime() / 1000);
    try {
      const res = await outboundRequest(
        input.url,
        {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "user-agent": "Critica-Webhook/1",
            [SIGNATURE_HEADER]: signPayload(input.secret, timestamp, body),
            [TIMESTAMP_HEADER]: String(timestamp),
            [DELIVERY_HEADER]: input.deliveryId,
          },
          body,
          timeoutMs: ATTEMPT_TIMEOUT_MS,
        },
        input.outbound,
      );
      lastStatus = res.status;
      if (res.status >= 200 && res.status < 300) return;
      const failure = new HttpFailure(res.status);
      throw res.status === 408 || res.status === 429 || res.status >= 500 ? failure : new AbortError(failure);
    } catch (error) {
      if (error instanceof AbortError || error instanceof HttpFailure) throw error;
      lastStatus = null;
      // A host that resolves to nothing may be a passing DNS failure: retried like a network error.
      if (error instanceof OutboundRefused && error.reason !== "unresolved")
        throw new AbortError(error.reason === "internal" ? REFUSED_INTERNAL : `refused: ${error.message}`);
      const code = (error as { code?: unknown }).code;
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(typeof code === "string" && !message.includes(code) ? `${message} (${code})` : message);
    }
  };
  try {
    await pRetry(attempt, {
      ...DELIVERY_RETRIES,
      ...input.retry,
      onFailedAttempt: async ({ error }) => {
        await input.onAttempt?.({ delivered: false, attempts, lastStatus, error: error.message });
      },
    });
    const result = { delivered: true, attempts, lastStatus, error: null };
    await input.onAttempt?.(result);
    return result;
  } catch (error) {
    return { delivered: false, attempts, lastStatus, error: error instanceof Error ? error.message : String(error) };
  }
}
