import crypto from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { parseAllowList } from "@/lib/net/address-policy";
import { deliverWebhook as deliver, signPayload } from "@/lib/watches/webhook";

/** The receivers listen on 127.0.0.1, an internal address: these tests are an operator who allows it. */
const deliverWebhook: typeof deliver = (input) =>
  deliver({ outbound: { allow: parseAllowList("127.0.0.1") }, ...input });

/** A receiver answering the given statuses in turn (the last one from then on), recording each call. */
async function receiver(statuses: number[]) {
  const calls: Array<{ headers: Record<string, string | string[] | undefined>; body: string }> = [];
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (d) => (body += d));
    req.on("end", () => {
      calls.push({ headers: req.headers, body });
      res.writeHead(statuses[Math.min(calls.length - 1, statuses.length - 1)]).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, calls };
}

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await new Promise((resolve) => s.close(resolve));
});

const FAST = { minTimeout: 10, maxTimeout: 20 };
const SECRET = "whsec_test";

describe("the signed webhook", () => {
  it("signs `timestamp.body` with HMAC-SHA256 under the secret (checked here with node:crypto)", async () => {
    const r = await receiver([200]);
    const result = await deliverWebhook({
      url: r.url,
      secret: SECRET,
      deliveryId: "d1",
      payload: { hello: "world" },
      now: () => new Date("2026-11-25T10:00:00Z"),
    });
    expect(result).toEqual({ delivered: true, attempts: 1, lastStatus: 200, error: null });
    const [call] = r.calls;
    expect(call.body).toBe('{"hello":"world"}');
    expect(call.headers["x-critica-timestamp"]).toBe("1795600800");
    expect(call.headers["x-critica-delivery"]).toBe("d1");
    expect(call.headers["content-type"]).toBe("application/json");
    expect(call.headers["x-critica-signature"]).toBe(
      `sha256=${crypto.createHmac("sha256", SECRET).update('1795600800.{"hello":"world"}').digest("hex")}`,
    );
    expect(signPayload(SECRET, 1795600800, '{"hello":"world"}')).toBe(call.headers["x-critica-signature"]);
  });

  it("retries 5xx and 429 with backoff until delivered, and records every attempt", async () => {
    const r = await receiver([503, 429, 200]);
    const seen: Array<[boolean, number, number | null]> = [];
    const result = await deliverWebhook({
      url: r.url,
      secret: SECRET,
      deliveryId: "d2",
      payload: {},
      retry: FAST,
      onAttempt: (a) => void seen.push([a.delivered, a.attempts, a.lastStatus]),
    });
    expect(result).toEqual({ delivered: true, attempts: 3, lastStatus: 200, error: null });
    expect(seen).toEqual([
      [false, 1, 503],
      [false, 2, 429],
      [true, 3, 200],
    ]);
    expect(new Set(r.calls.map((c) => c.headers["x-critica-delivery"]))).toEqual(new Set(["d2"]));
  });

  it("gives up after its retries, and at once on a refusal (4xx) or an unreachable receiver", async () => {
    const down = await receiver([500]);
    expect(
      await deliverWebhook({
        url: down.url,
        secret: SECRET,
        deliveryId: "d3",
        payload: {},
        retry: { ...FAST, retries: 2 },
      }),
    ).toEqual({ delivered: false, attempts: 3, lastStatus: 500, error: "HTTP 500" });
    const refusing = await receiver([410]);
    expect(
      await deliverWebhook({ url: refusing.url, secret: SECRET, deliveryId: "d4", payload: {}, retry: FAST }),
    ).toEqual({ delivered: false, attempts: 1, lastStatus: 410, error: "HTTP 410" });
    const closed = await receiver([200]);
    await new Promise((resolve) => servers.pop()!.close(resolve));
    const gone = await deliverWebhook({
      url: closed.url,
      secret: SECRET,
      deliveryId: "d5",
      payload: {},
      retry: { ...FAST, retries: 1 },
    });
    expect([gone.delivered, gone.attempts, gone.lastStatus]).toEqual([false, 2, null]);
    expect(gone.error).toBe(`connect ECONNREFUSED ${new URL(closed.url).host}`);
  });
});
