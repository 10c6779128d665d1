import crypto from "node:crypto";
import fs from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** The test clock of the watches (CRITICA_TEST_CLOCK_FILE): its offset from the system time, moved forward by tests. */
export interface TestClock {
  file: string;
  offsetMs(): number;
  /** The watch clock's time now. */
  now(): Date;
  /** Moves the clock forward by `ms`; the servers notice the file's change and their watches plan again. */
  advance(ms: number): void;
}

/** A test clock at offset 0 in `file`. */
export function testClock(file: string): TestClock {
  let offset = 0;
  const write = () => fs.writeFileSync(file, JSON.stringify({ offsetMs: offset }));
  write();
  return {
    file,
    offsetMs: () => offset,
    now: () => new Date(Date.now() + offset),
    advance(ms) {
      offset += ms;
      write();
    },
  };
}

/** One webhook call as the receiver saw it, with the verdict of its own signature check. */
export interface ReceivedCall {
  headers: Record<string, string>;
  body: string;
  json: Record<string, unknown>;
  /** Whether x-critica-signature is sha256= HMAC-SHA256 of `${x-critica-timestamp}.${body}` under the secret. */
  signatureValid: boolean;
  status: number;
}

/**
 * A webhook receiver on 127.0.0.1 that verifies each call's HMAC signature itself (node:crypto, not Critica's code)
 * with the secret set by `useSecret`, and answers 500 to the first `failFirst` attempts of each delivery (to see the
 * retries), 200 after.
 */
export async function startReceiver(options: { failFirst?: number } = {}) {
  let secret = "";
  const calls: ReceivedCall[] = [];
  const attempts = new Map<string, number>();
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const signed = `${headers["x-critica-timestamp"]}.${body}`;
      const expected = `sha256=${crypto.createHmac("sha256", secret).update(signed).digest("hex")}`;
      const signatureValid = headers["x-critica-signature"] === expected;
      const delivery = headers["x-critica-delivery"] ?? "";
      const n = (attempts.get(delivery) ?? 0) + 1;
      attempts.set(delivery, n);
      const status = n <= (options.failFirst ?? 0) ? 500 : 200;
      calls.push({ headers, body, json: JSON.parse(body) as Record<string, unknown>, signatureValid, status });
      res.writeHead(status, { "content-type": "text/plain" }).end(status === 200 ? "ok" : "try again");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    calls,
    useSecret: (s: string) => (secret = s),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A client of one server origin that keeps the browser session cookie the first answer sets (CRITICA_AUTH=off) and
 * sends the origin's Origin header, as a page of the app does.
 */
export function apiClient(origin: () => string) {
  let cookie = "";
  const request = (method: string, path: string, body?: unknown) =>
    fetch(`${origin()}${path}`, {
      method,
      // The web app's own requests carry its Origin (a cookie without it is refused: lib/auth/csrf.ts).
      headers: { "content-type": "application/json", origin: origin(), ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const call = async (method: string, path: string, body?: unknown) => {
    // A pooled connection the server closed as idle (Node's 5 s keep-alive) fails before the request reaches it:
    // sent again once on a new connection.
    const res = await request(method, path, body).catch((error: unknown) => {
      if ((error as { cause?: { code?: string } }).cause?.code !== "UND_ERR_SOCKET") throw error;
      return request(method, path, body);
    });
    const set = res.headers.get("set-cookie");
    if (set) cookie = set.split(";")[0];
    const text = await res.text();
    return {
      status: res.status,
      body: text ? (res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text) : null,
    };
  };
  return { call, cookie: () => cookie };
}

export const DAY_MS = 86_400_000;
