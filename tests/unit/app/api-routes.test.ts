import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

// The route handlers read the browser session from its cookie; here the cookie is whatever `session.id` says, and
// a cookie the handler sets is recorded in `session.set`.
const session = vi.hoisted(() => ({ id: null as string | null, set: [] as string[] }));
vi.mock("server-only", () => ({}));
vi.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) => (name === "critica_session" && session.id ? { value: session.id } : undefined),
    set: (name: string, value: string) => {
      if (name === "critica_session") session.set.push(value);
    },
  }),
}));
vi.mock("next/server", () => ({ connection: async () => undefined }));

const runs = await import("@/app/api/runs/route");
const checks = await import("@/app/api/checks/route");
const byMode = await import("@/app/api/modes/[mode]/route");
const runById = await import("@/app/api/runs/[id]/route");
const cancel = await import("@/app/api/runs/[id]/cancel/route");
const share = await import("@/app/api/runs/[id]/share/route");
const openapi = await import("@/app/api/openapi.json/route");
const health = await import("@/app/api/health/route");
const { getDb } = await import("@/lib/db/client");
const { createRun } = await import("@/lib/db/runs");
const { getSharedSnapshot } = await import("@/lib/db/share-links");
const { getRunDetail } = await import("@/lib/runs/projections");
const { runToJson } = await import("@/lib/research/run-json");
const { claimCheckToJson } = await import("@/lib/claims/json");
const { claimCheckJsonSchema } = await import("@/app/api/_contract/schemas");
const { importFile } = await import("@/lib/library/import");
const { startFixtureServer } = await import("@/tests/support/fixture-server");
const { CORPUS, useTempDatabase } = await import("@/tests/support/temp-database");

const ALICE = "alice-session-aaaaaaaaaaaaaaaa";
const BOB = "bob-session-bbbbbbbbbbbbbbbbbbbb";
const ORIGIN = "http://critica.test";

const post = (url: string, body?: unknown) =>
  new Request(`${ORIGIN}${url}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
const params = (id: string) => ({ params: Promise.resolve({ id }) });
const readRun = async (id: string) => (await runById.GET(new Request(`${ORIGIN}/api/runs/${id}`), params(id))).json();
const untilEnded = (id: string) =>
  expect
    .poll(async () => (await getDb().run.findUniqueOrThrow({ where: { id } })).status, {
      timeout: 25_000,
      interval: 100,
    })
    .not.toMatch(/^(queued|running)$/);

async function seed(ownerId: string | null, createdAt: Date, status = "completed"): Promise<string> {
  const id = crypto.randomUUID();
  await createRun({
    id,
    settings: {
      mode: "research",
      question: `Is lithium nephrotoxic? ${createdAt.toISOString()}`,
      sources: ["local"],
      maxIterations: 1,
    },
    backend: "extractive",
    model: null,
    ownerId,
  });
  await getDb().run.update({ where: { id }, data: { status, createdAt } });
  return id;
}

describe("the HTTP API: the UI's operations on real route handlers and a temp database", () => {
  let cleanup: () => void;
  beforeAll(async () => {
    ({ cleanup } = await useTempDatabase("api-routes"));
    await importFile(path.join(CORPUS, "bc5cdr_pubtator/CDR_TestSet.PubTator.txt"));
  });
  afterAll(() => cleanup());
  beforeEach(() => {
    session.id = null;
    session.set = [];
  });

  it("rejects bad input with 400 and the reason, and starts nothing", async () => {
    const before = await getDb().run.count();
    const cases: Array<[unknown, string]> = [
      [{ question: "   " }, "question: Please enter a question."],
      [{ question: "x".repeat(2001) }, "question: The question is longer than 2,000 characters."],
      [
        { question: "Is lithium nephrotoxic?", maxIterations: 11 },
        "maxIterations: The number of iterations must be a whole number from 1 to 10.",
      ],
      [
        { question: "Is lithium nephrotoxic?", sources: ["scopus"] },
        'sources.0: Invalid option: expected one of "pubmed"|"europepmc"|"ctgov"|"local"|"papers"',
      ],
      [{ question: "Is lithium nephrotoxic?", sources: [] }, "sources: Choose at least one source."],
      [{ question: "Is lithium nephrotoxic?", extra: 1 }, 'Unrecognized key: "extra"'],
      ["{not json", "The request body is not valid JSON."],
    ];
    for (const [body, error] of cases) {
      const res = await runs.POST(post("/api/runs", body));
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe(error);
    }
    const res = await checks.POST(post("/api/checks", { text: "" }));
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe("text: Please paste a claim or an abstract.");
    const long = await checks.POST(
      post("/api/checks", { text: "Lithium causes nephrogenic diabetes insipidus. ".repeat(426) }),
    );
    expect(long.status).toBe(400);
    expect((await long.json()).error).toBe("text: The text is longer than 20,000 characters.");
    // Any mode by its name: the same schema and answers; an unknown name is 404.
    const modeParams = (mode: string) => ({ params: Promise.resolve({ mode }) });
    const byName = await byMode.POST(post("/api/modes/claim-check", { text: "" }), modeParams("claim-check"));
    expect([byName.status, (await byName.json()).error]).toEqual([400, "text: Please paste a claim or an abstract."]);
    const unknown = await byMode.POST(post("/api/modes/poll", { question: "x" }), modeParams("poll"));
    expect([unknown.status, await unknown.json()]).toEqual([404, { error: "Unknown mode." }]);
    expect(await getDb().run.count()).toBe(before);
    expect(session.set).toEqual([]);
  });

  it("starts a research run owned by a new session and returns the CLI's --json contract", async () => {
    const res = await runs.POST(
      post("/api/runs", {
        question: "Does lithium cause nephrogenic diabetes insipidus?",
        sources: ["local"],
        maxIterations: 1,
      }),
    );
    expect(res.status).toBe(202);
    const { runId } = await res.json();
    expect(res.headers.get("location")).toBe(`/api/runs/${runId}`);
    expect(session.set).toHaveLength(1);
    const row = await getDb().run.findUniqueOrThrow({ where: { id: runId } });
    expect(row.ownerId).toBe(session.set[0]);
    await untilEnded(runId);
    const body = await readRun(runId);
    expect(body.status).toBe("completed");
    expect(body.question).toBe("Does lithium cause nephrogenic diabetes insipidus?");
    expect(body.evidence.length).toBeGreaterThan(0);
    expect(body.report).not.toBeNull();
    expect(body).toEqual(JSON.parse(JSON.stringify(runToJson((await getRunDetail(runId))!))));
  });

  it("starts a claim check and returns the check's --json contract", async () => {
    session.id = ALICE;
    const res = await checks.POST(
      post("/api/checks", { text: "Lithium causes nephrogenic diabetes insipidus.", sources: ["local"] }),
    );
    expect(res.status).toBe(202);
    const { runId } = await res.json();
    expect(session.set).toEqual([]);
    expect((await getDb().run.findUniqueOrThrow({ where: { id: runId } })).ownerId).toBe(ALICE);
    await untilEnded(runId);
    const body = await readRun(runId);
    expect(body.status).toBe("completed");
    expect(body.text).toBe("Lithium causes nephrogenic diabetes insipidus.");
    expect(body.claims.length).toBeGreaterThan(0);
    expect(body).toEqual(JSON.parse(JSON.stringify(claimCheckToJson((await getRunDetail(runId))!))));
    // The published contract (ClaimCheckJson, built on the domain's claim-verdict schema) describes every field of each
    // claim.
    const parsed = claimCheckJsonSchema.safeParse(body);
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
    expect(parsed.data!.claims).toEqual(body.claims);
    expect((await runById.GET(new Request(`${ORIGIN}/api/runs/x`), params("not-a-uuid"))).status).toBe(404);
    expect((await runById.GET(new Request(`${ORIGIN}/api/runs/x`), params(crypto.randomUUID()))).status).toBe(404);
  });

  it("lists the session's history newest first, a page at a time, without other sessions' runs", async () => {
    await getDb().run.deleteMany();
    const t = Date.UTC(2026, 0, 1);
    const mine = [];
    for (let i = 0; i < 5; i++) mine.push(await seed(ALICE, new Date(t + i * 60_000)));
    const cli = await seed(null, new Date(t + 10 * 60_000));
    await seed(BOB, new Date(t + 20 * 60_000));
    session.id = ALICE;
    const seen: string[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const res = await runs.GET(new Request(`${ORIGIN}/api/runs?limit=2${cursor ? `&cursor=${cursor}` : ""}`));
      expect(res.status).toBe(200);
      const page: { runs: Array<{ id: string; createdAt: string; ownerId?: string }>; nextCursor: string | null } =
        await res.json();
      expect(page.runs.length).toBeLessThanOrEqual(2);
      expect(page.runs.every((r) => r.ownerId === undefined)).toBe(true);
      seen.push(...page.runs.map((r) => r.id));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual([cli, ...mine.reverse()]);
    const filtered = await (await runs.GET(new Request(`${ORIGIN}/api/runs?status=running`))).json();
    expect(filtered).toEqual({ runs: [], nextCursor: null });
    const bad = await runs.GET(new Request(`${ORIGIN}/api/runs?limit=0`));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe("limit: Too small: expected number to be >=1");
  });

  it("shares a finished run for its owner only, with an absolute link to a frozen copy", async () => {
    const id = await seed(ALICE, new Date());
    session.id = BOB;
    const refused = await share.POST(post(`/api/runs/${id}/share`), params(id));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: "Only the browser that started this run can share it." });
    session.id = ALICE;
    const res = await share.POST(post(`/api/runs/${id}/share`), params(id));
    expect(res.status).toBe(201);
    const { url, token } = await res.json();
    expect(url).toBe(`${ORIGIN}/share/${token}`);
    expect((await getSharedSnapshot(token))?.run.id).toBe(id);
    const running = await seed(ALICE, new Date(), "running");
    expect((await share.POST(post(`/api/runs/${running}/share`), params(running))).status).toBe(409);
    expect((await share.POST(post(`/api/runs/x/share`), params(crypto.randomUUID()))).status).toBe(404);
  });

  it("cancels a running run of its owner: the run ends cancelled and keeps what it found", async () => {
    const server = await startFixtureServer();
    const saved = process.env.EUROPEPMC_BASE_URL;
    process.env.EUROPEPMC_BASE_URL = server.urls.europepmc;
    server.inject("europepmc", { kind: "timeout" });
    try {
      session.id = ALICE;
      const { runId } = await (
        await runs.POST(
          post("/api/runs", { question: "Is lithium nephrotoxic?", sources: ["local", "europepmc"], maxIterations: 1 }),
        )
      ).json();
      await expect
        .poll(() => server.requests.filter((r) => r.route === "europepmc").length, { timeout: 10_000 })
        .toBe(1);
      session.id = BOB;
      expect((await cancel.POST(post(`/api/runs/${runId}/cancel`), params(runId))).status).toBe(403);
      session.id = ALICE;
      const asked = performance.now();
      const res = await cancel.POST(post(`/api/runs/${runId}/cancel`), params(runId));
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ ok: true, message: "Cancelling… everything found so far is kept." });
      await untilEnded(runId);
      expect(performance.now() - asked).toBeLessThan(5_000);
      const body = await readRun(runId);
      expect(body.status).toBe("cancelled");
      expect(body.error).toBe("Run cancelled; everything found so far is kept.");
      expect((await cancel.POST(post(`/api/runs/${runId}/cancel`), params(runId))).status).toBe(409);
    } finally {
      if (saved === undefined) delete process.env.EUROPEPMC_BASE_URL;
      else process.env.EUROPEPMC_BASE_URL = saved;
      await server.close();
    }
  });

  it("publishes an OpenAPI document generated from the request schemas, and a health check", async () => {
    const doc = await (await openapi.GET()).json();
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths).sort()).toEqual([
      "/api/checks",
      "/api/feeds/{token}",
      "/api/health",
      "/api/modes/{mode}",
      "/api/notifications",
      "/api/runs",
      "/api/runs/{id}",
      "/api/runs/{id}/cancel",
      "/api/runs/{id}/messages",
      "/api/runs/{id}/share",
      "/api/runs/{id}/stream",
      "/api/watches",
      "/api/watches/{id}",
      "/api/watches/{id}/check",
      "/api/webhook",
    ]);
    const start = doc.components.schemas.StartResearchRequest;
    expect(start.required).toEqual(["question"]);
    expect(start.properties.question).toMatchObject({ type: "string", minLength: 1, maxLength: 2000 });
    expect(start.properties.maxIterations).toMatchObject({ type: "integer", minimum: 1, maximum: 10 });
    expect(doc.components.schemas.StartCheckRequest.properties.text.maxLength).toBe(20000);
    expect(doc.paths["/api/runs"].post.responses["202"].content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/StartedRun",
    });
    // The document names the credentials and the refusals a client must handle.
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.paths["/api/runs"].post.security).toEqual([{ apiKey: ["research"] }, { session: [] }]);
    // A key's one scope, and what it cannot do, are stated where a client reads the credentials.
    expect(doc.components.securitySchemes.apiKey.description).toMatch(
      /Its one scope, `research`, covers every operation of this document\. A key cannot manage the account/,
    );
    expect(Object.keys(doc.paths["/api/runs"].post.responses).sort()).toEqual(["202", "400", "401", "429"]);
    expect(doc.paths["/api/checks"].post.responses["429"].headers["Retry-After"].schema).toEqual({ type: "integer" });
    expect(Object.keys(doc.paths["/api/runs/{id}/messages"].post.responses).sort()).toEqual([
      "200",
      "400",
      "403",
      "404",
      "409",
      "429",
    ]);
    expect(doc.paths["/api/modes/{mode}"].post.parameters).toEqual([
      {
        in: "path",
        name: "mode",
        required: true,
        description: "The mode (Run.mode).",
        schema: { type: "string", enum: ["research", "claim-check"], description: "The mode (Run.mode)." },
      },
    ]);
    // One of the modes' requests, as each mode's own path takes it.
    const anyMode = doc.paths["/api/modes/{mode}"].post.requestBody.content["application/json"].schema;
    expect(anyMode.anyOf.map((r: { required: string[] }) => r.required)).toEqual([["question"], ["text"]]);
    expect(doc.paths["/api/health"].get.security).toBeUndefined();
    expect(doc.components.schemas.ClaimCheckJson.properties.claims.items).toEqual({
      $ref: "#/components/schemas/ClaimCheckResult",
    });
    expect(doc.components.schemas.ClaimCheckResult.properties.verdict.enum).toEqual([
      "supports",
      "contradicts",
      "undecided",
    ]);
    // The local world keeps its files beside the database (next.config.ts); here in the temp database's folder.
    const dataDir = `${process.env.DATABASE_URL!.replace(/^file:/, "")}.workflow`;
    process.env.WORKFLOW_LOCAL_DATA_DIR = dataDir;
    try {
      const res = await health.GET();
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        ok: true,
        database: { ok: true, kind: "sqlite" },
        world: { ok: true, kind: "local" },
      });
      // A world whose data directory cannot be written is down, and so is the instance: 503 with the SDK's message.
      fs.rmSync(dataDir, { recursive: true });
      fs.writeFileSync(dataDir, "not a directory");
      const down = await health.GET();
      expect(down.status).toBe(503);
      const body = await down.json();
      expect(body).toEqual({
        ok: false,
        database: { ok: true, kind: "sqlite" },
        world: { ok: false, kind: "local", error: expect.any(String) },
      });
      expect(body.world.error).toMatch(
        new RegExp(
          `^Data directory ".*\\.workflow" is not writable: ENOTDIR: not a directory, open ` +
            `'.*\\.workflow/\\.workflow-write-test-\\d+'$`,
        ),
      );
    } finally {
      fs.rmSync(dataDir, { force: true });
      delete process.env.WORKFLOW_LOCAL_DATA_DIR;
    }
  });
});
