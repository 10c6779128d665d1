import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// A research follow-up runs a research iteration: with a model configured, as costly as a run. It counts against the
// same limits as starting a run (per minute, per day, at once) and is refused with the same 429 and Retry-After,
// saving nothing; an evidence follow-up, answered from what the run found, is not a run and is not counted.
const req = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock("server-only", () => ({}));
vi.mock("next/headers", () => ({
  headers: async () => req.headers,
  cookies: async () => ({ get: () => undefined, set: () => undefined }),
}));
vi.mock("next/server", () => ({ connection: async () => undefined }));

const { getDb } = await import("@/lib/db/client");
const { createRun } = await import("@/lib/db/runs");
const runs = await import("@/app/api/runs/route");
const messages = await import("@/app/api/runs/[id]/messages/route");
const { useTempDatabase } = await import("@/tests/support/temp-database");
const { ORIGIN, signUp } = await import("@/tests/unit/auth/support");

const json = (path: string, body: unknown) =>
  new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

/** Posts a follow-up and reads its whole answer (an in-process research iteration ends with its stream). */
async function followUp(runId: string, text: string) {
  const res = await messages.POST(json(`/api/runs/${runId}/messages`, { text }), {
    params: Promise.resolve({ id: runId }),
  } as never);
  const body = await res.text();
  return { status: res.status, retryAfter: res.headers.get("retry-after"), body };
}

describe("research follow-ups count as runs for the limits (CRITICA_AUTH=on)", () => {
  const saved = { ...process.env };
  let cleanup: () => void;
  let owner: { cookie: string; userId: string };
  let runId: string;
  beforeAll(async () => {
    Object.assign(process.env, {
      CRITICA_AUTH: "on",
      BETTER_AUTH_SECRET: "unit-test-secret-0123456789abcdef0123456789",
      CRITICA_ENGINE: "inline",
      CRITICA_SOURCES: "local",
      OPENAI_API_KEY: "",
      CRITICA_RUNS_PER_MINUTE: "3",
      CRITICA_RUNS_PER_DAY: "100",
      CRITICA_MAX_CONCURRENT_RUNS: "2",
    });
    ({ cleanup } = await useTempDatabase("hostile-follow-up-limits"));
    owner = await signUp("owner@lab.org");
    req.headers = new Headers({ cookie: owner.cookie });
    const started = await runs.POST(json("/api/runs", { question: "Is lithium nephrotoxic?", maxIterations: 1 }));
    expect(started.status).toBe(202);
    runId = ((await started.json()) as { runId: string }).runId;
    for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
      if ((await getDb().run.findUniqueOrThrow({ where: { id: runId } })).status === "completed") break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 60_000);
  afterAll(async () => {
    await getDb().$disconnect();
    process.env = saved;
    cleanup();
  });

  const messageCount = () => getDb().message.count({ where: { runId } });
  const newMinute = () =>
    getDb().rateLimiterFlexible.updateMany({
      where: { key: { startsWith: "runs-minute" } },
      data: { expire: new Date(Date.now() - 1000) },
    });

  it("refuses the research follow-up past the per-minute limit with 429 and Retry-After, saving nothing", async () => {
    // The run itself was the first start of the minute; two research follow-ups make three.
    expect((await followUp(runId, "What about children?")).status).toBe(200);
    expect((await followUp(runId, "What about the elderly?")).status).toBe(200);
    const before = await messageCount();
    const refused = await followUp(runId, "What about pregnancy?");
    expect([refused.status, JSON.parse(refused.body)]).toEqual([
      429,
      { error: expect.stringMatching(/^You have started 3 runs in the last minute, the most allowed\. Try again in/) },
    ]);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(60);
    expect(await messageCount()).toBe(before);
    expect((await getDb().run.findUniqueOrThrow({ where: { id: runId } })).status).toBe("completed");
    // A new run is refused by the same count.
    expect((await runs.POST(json("/api/runs", { question: "Is amiodarone toxic to the lung?" }))).status).toBe(429);
    // A follow-up answered from the evidence is not a run: it is answered.
    const evidence = await followUp(runId, "Which of these studies were in humans?");
    expect(evidence.status).toBe(200);
    expect(evidence.body).toContain('"type":"data-follow-up-kind"');
    expect(evidence.body).toContain('"kind":"evidence"');
  });

  it("refuses the research follow-up when the runs in progress are at the concurrency limit", async () => {
    await newMinute();
    for (let i = 0; i < 2; i++) {
      const id = crypto.randomUUID();
      await createRun({
        id,
        settings: { mode: "research", question: `q${i}`, sources: ["local"], maxIterations: 1 },
        backend: "extractive",
        model: null,
        ownerId: owner.userId,
      });
      await getDb().run.update({ where: { id }, data: { status: "running" } });
    }
    const before = await messageCount();
    const refused = await followUp(runId, "What about children under five?");
    expect([refused.status, refused.retryAfter, JSON.parse(refused.body)]).toEqual([
      429,
      "30",
      {
        error:
          "You already have 2 runs in progress (at most 2 at once). Wait for one to finish, or cancel one, then " +
          "start again.",
      },
    ]);
    expect(await messageCount()).toBe(before);
  });
});
