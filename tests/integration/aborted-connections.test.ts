import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDurableApp, postJson, type DurableApp } from "@/tests/integration/support/durable-app";

// Clients that vanish mid-connection (a webhook receiver or a browser closing its socket with a TCP reset): the
// production server must log no uncaught exception (no ECONNRESET) and go on answering.
const QUESTION = "Does doxorubicin cause cardiotoxicity, and through which mechanism?";

/**
 * Opens a raw connection to `port`, writes `request`, waits for `waitFor` bytes of the answer (0: none) and resets the
 * connection (RST, as a crashed peer does).
 */
function resetMidway(port: number, request: string, waitFor: number): Promise<number> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(request));
    let received = 0;
    const reset = () => {
      socket.resetAndDestroy();
      resolve(received);
    };
    socket.on("data", (chunk) => {
      received += chunk.length;
      if (received >= waitFor) reset();
    });
    socket.on("error", () => resolve(received));
    if (waitFor === 0) setTimeout(reset, 200);
  });
}

describe("aborted connections to the production server", () => {
  let app: DurableApp;
  beforeAll(async () => {
    app = await openDurableApp("aborted", { delayMs: 200 });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("logs no uncaught exception when requests and streams are reset mid-connection", async () => {
    const server = await app.start();
    const res = await postJson(`${server.origin}/api/runs`, { question: QUESTION, maxIterations: 1 });
    expect(res.status).toBe(202);
    const { runId } = (await res.json()) as { runId: string };
    const host = `Host: 127.0.0.1:${server.port}\r\n`;
    // A JSON body cut off after 20 of its announced 5,000 bytes.
    const partialPost =
      `POST /api/runs HTTP/1.1\r\n${host}Content-Type: application/json\r\nContent-Length: 5000\r\n\r\n` +
      `{"question":"Does d`;
    // The run's event stream, reset once its first bytes arrived; a page, reset mid-answer.
    const stream = `GET /api/runs/${runId}/stream HTTP/1.1\r\n${host}Accept: text/event-stream\r\n\r\n`;
    const page = `GET /reports/${runId} HTTP/1.1\r\n${host}\r\n`;
    for (let i = 0; i < 3; i++) {
      await resetMidway(server.port, partialPost, 0);
      expect(await resetMidway(server.port, stream, 1)).toBeGreaterThan(0);
      expect(await resetMidway(server.port, page, 1)).toBeGreaterThan(0);
    }
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await fetch(`${server.origin}/api/health`)).status).toBe(200);
    expect(server.output()).not.toMatch(/uncaught|unhandled|ECONNRESET|EPIPE|ERR_STREAM/i);
  });
});
