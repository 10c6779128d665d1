import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));
vi.mock("next/headers", () => ({ cookies: async () => ({ get: () => undefined, set: () => undefined }) }));
vi.mock("next/server", () => ({ connection: async () => undefined }));

const route = await import("@/app/api/runs/[id]/messages/route");
const { getDb } = await import("@/lib/db/client");
const { createRun } = await import("@/lib/db/runs");
const { useTempDatabase } = await import("@/tests/support/temp-database");

const ORIGIN = "http://critica.test";
const params = (id: string) => ({ params: Promise.resolve({ id }) });
const post = (id: string, body: string) =>
  route.POST(
    new Request(`${ORIGIN}/api/runs/${id}/messages`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    }),
    params(id),
  );

describe("POST and GET /api/runs/<id>/messages on the route handlers", () => {
  let cleanup: () => void;
  let runId: string;
  beforeAll(async () => {
    ({ cleanup } = await useTempDatabase("chat-route"));
    process.env.OPENAI_API_KEY = "";
    runId = crypto.randomUUID();
    await createRun({
      id: runId,
      settings: { mode: "research", question: "Is lithium nephrotoxic?", sources: ["local"], maxIterations: 1 },
      backend: "extractive",
      model: null,
      ownerId: null,
    });
    await getDb().run.update({ where: { id: runId }, data: { status: "completed" } });
  });
  afterAll(() => cleanup());

  it("answers bad requests with a clear { error } and saves nothing", async () => {
    const bad = await post(runId, "{not json");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "The request body is not valid JSON." });
    const empty = await post(runId, JSON.stringify({ text: "" }));
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ error: "Write a follow-up question." });
    const unknown = await post(crypto.randomUUID(), JSON.stringify({ text: "Which of these studies were in humans?" }));
    expect(unknown.status).toBe(404);
    const list = await route.GET(new Request(`${ORIGIN}/api/runs/${runId}/messages`), params(runId));
    expect(await list.json()).toEqual({ messages: [] });
  });

  it("streams the answer as server-sent UI message chunks and returns the saved thread", async () => {
    const response = await post(runId, JSON.stringify({ text: "What doses were used?" }));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const chunks = (await response.text())
      .split("\n\n")
      .filter((line) => line.startsWith("data: {"))
      .map((line) => JSON.parse(line.slice(6)) as { type: string; delta?: string; data?: unknown });
    expect(chunks.map((c) => c.type)).toEqual([
      "start",
      "data-follow-up-kind",
      "text-start",
      ...chunks.filter((c) => c.type === "text-delta").map(() => "text-delta"),
      "text-end",
      "data-chat-answer",
      "finish",
    ]);
    const text = chunks.flatMap((c) => (c.type === "text-delta" ? [c.delta] : [])).join("");
    expect(text).toBe(
      "None of the run's 0 records mentions doses, so its evidence does not answer this. To search the sources " +
        "for it, ask for more research, e.g. *look deeper into doses*.",
    );

    const { messages } = await (
      await route.GET(new Request(`${ORIGIN}/api/runs/${runId}/messages`), params(runId))
    ).json();
    expect(messages.map((m: { role: string; metadata: { status: string } }) => [m.role, m.metadata.status])).toEqual([
      ["user", "complete"],
      ["assistant", "complete"],
    ]);
    expect(messages[1].parts[1]).toEqual({ type: "text", text, state: "done" });
  });
});
