import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { createRun } from "@/lib/db/runs";
import { AppError } from "@/lib/domain/errors";
import { enqueueOnServer } from "@/lib/runs/remote-enqueue";
import { useTempDatabase } from "@/tests/support/temp-database";

/** What the loopback "server" received: the path and Authorization header of each POST. */
interface Received {
  path: string;
  authorization: string | undefined;
  body: unknown;
}

/**
 * A loopback stand-in for a Critica server's POST /api/runs: with the key "crt_good" (or no key while `open`) it
 * creates the run in the shared database owned as the real route would (the key's account, or a browser session)
 * and answers 202; a wrong or missing key gets the route's 401; an empty question its 400.
 */
async function startServer(
  open: { value: boolean },
  received: Received[],
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    let text = "";
    req.on("data", (chunk) => (text += chunk));
    req.on("end", async () => {
      const body = JSON.parse(text) as { question: string };
      received.push({ path: req.url ?? "", authorization: req.headers.authorization, body });
      const reply = (status: number, payload: unknown) =>
        res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(payload));
      if (!body.question) return reply(400, { error: "question: Too small: expected string to have >=1 characters" });
      const key = req.headers.authorization?.replace(/^Bearer /, "");
      if (key ? key !== "crt_good" : !open.value)
        return reply(401, { error: "Sign in, or send an API key as Authorization: Bearer <key>." });
      const runId = crypto.randomUUID();
      const ownerId = key ? "user-of-the-key" : "throwaway-browser-session";
      await createRun({
        id: runId,
        settings: { mode: "research", question: body.question, sources: ["local"], maxIterations: 1 },
        backend: "extractive",
        model: null,
        ownerId,
      });
      reply(202, { runId });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const ownerOf = async (runId: string) => (await getDb().run.findUniqueOrThrow({ where: { id: runId } })).ownerId;

describe("the CLI enqueuing on a server (CRITICA_SERVER_URL)", () => {
  let cleanup: () => void;
  let server: { url: string; close: () => Promise<void> };
  const open = { value: false };
  const received: Received[] = [];
  beforeAll(async () => {
    ({ cleanup } = await useTempDatabase("remote-enqueue"));
    server = await startServer(open, received);
  });
  afterAll(async () => {
    await server.close();
    cleanup();
  });

  it("sends CRITICA_API_KEY as a Bearer token, and the run stays the key's account's", async () => {
    const runId = await enqueueOnServer(
      server.url,
      "/api/runs",
      { question: "Is lithium nephrotoxic?" },
      { apiKey: "crt_good", ownerId: "admin-id" },
    );
    expect(received.at(-1)).toEqual({
      path: "/api/runs",
      authorization: "Bearer crt_good",
      body: { question: "Is lithium nephrotoxic?" },
    });
    expect(await ownerOf(runId)).toBe("user-of-the-key");
  });

  it("without a key, names CRITICA_API_KEY when the server has accounts on, and enqueues nothing", async () => {
    const before = await getDb().run.count();
    await expect(
      enqueueOnServer(server.url, "/api/runs", { question: "Is lithium nephrotoxic?" }, { ownerId: null }),
    ).rejects.toThrow(
      `the Critica server at ${server.url} has accounts on: create an API key at ` +
        `${server.url}/settings/api-keys and set CRITICA_API_KEY`,
    );
    await expect(
      enqueueOnServer(
        server.url,
        "/api/runs",
        { question: "Is lithium nephrotoxic?" },
        { apiKey: "crt_revoked", ownerId: null },
      ),
    ).rejects.toThrow(
      `the Critica server at ${server.url} refused CRITICA_API_KEY (revoked or unknown): create a new key at ` +
        `${server.url}/settings/api-keys`,
    );
    expect(received.at(-2)?.authorization).toBeUndefined();
    expect(await getDb().run.count()).toBe(before);
  });

  it("without a key on an open server, gives the run the command line's owner, not the throwaway session", async () => {
    open.value = true;
    const mine = await enqueueOnServer(
      server.url,
      "/api/runs",
      { question: "Is lithium nephrotoxic?" },
      { ownerId: "admin-id" },
    );
    expect(await ownerOf(mine)).toBe("admin-id");
    const ownerless = await enqueueOnServer(
      server.url,
      "/api/runs",
      { question: "Is lithium nephrotoxic?" },
      { ownerId: null },
    );
    expect(await ownerOf(ownerless)).toBeNull();
  });

  it("passes on the server's reason for bad input as an invalid-input AppError", async () => {
    const failure = enqueueOnServer(server.url, "/api/runs", { question: "" }, { ownerId: null });
    await expect(failure).rejects.toBeInstanceOf(AppError);
    await expect(failure).rejects.toMatchObject({ code: "invalid-input", status: 400 });
    await expect(failure).rejects.toThrow("question: Too small: expected string to have >=1 characters");
  });
});
