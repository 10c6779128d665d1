import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeOpenAIServer, type FakeOpenAIServer } from "@/tests/support/fake-openai-server";
import { startFixtureServer, type FixtureServer } from "@/tests/support/fixture-server";
import { HOSTILE_INVENTIONS, hostileReply } from "@/tests/support/model-personas";
import { startAppServer, type AppServer } from "@/tests/integration/support/app-server";

// A fabricating model behind the production build, over HTTP: an OpenAI-compatible loopback server that fills every
// field with inventions (an invented finding cited [42], an invented PMID, quotation, URL and DOI) answers every
// agent of a research run, its chat follow-up and a claim check. Nothing it invented may be stored or shown; the
// follow-up's removed statements are counted and shown in the run's export.
const QUESTION = "Does doxorubicin cause cardiotoxicity, and through which mechanism?";
const CLAIM = "Doxorubicin has no effect on the heart";
const FINDING = "Metformin reverses renal injury";
const SOURCES = ["pubmed", "europepmc"];

/** The hostile persona's inventions found in a text (none may be); `finding` also looks for its invented finding. */
function inventionsIn(text: string, finding = true): string[] {
  return [...HOSTILE_INVENTIONS, ...(finding ? [FINDING] : [])].filter((fake) => text.includes(fake));
}

describe("a fabricating model behind the production build (SQLite, local world)", () => {
  let dir: string;
  let fixtures: FixtureServer;
  let model: FakeOpenAIServer;
  let server: AppServer;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "critica-hostile-"));
    fixtures = await startFixtureServer();
    model = await startFakeOpenAIServer([], { otherwise: hostileReply });
    const env = {
      DATABASE_URL: `file:${path.join(dir, "critica.db")}`,
      CRITICA_ENGINE: "workflow",
      OPENAI_API_KEY: "loopback",
      OPENAI_BASE_URL: model.baseURL,
      OPENAI_MODEL: "qwen2.5:7b-instruct",
      CRITICA_SOURCES: SOURCES.join(","),
      PUBMED_BASE_URL: fixtures.urls.pubmed,
      EUROPEPMC_BASE_URL: fixtures.urls.europepmc,
      CTGOV_BASE_URL: fixtures.urls.ctgov,
    };
    process.env.DATABASE_URL = env.DATABASE_URL;
    server = await startAppServer(env);
  });
  afterAll(async () => {
    await server?.stop();
    await model?.close();
    await fixtures?.close();
    const { getDb } = await import("@/lib/db/client");
    await getDb().$disconnect();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function post(url: string, body: unknown, cookie = ""): Promise<Response> {
    return fetch(`${server.origin}${url}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.origin, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  }
  async function ended(runId: string): Promise<string> {
    const { getDb } = await import("@/lib/db/client");
    await expect
      .poll(async () => (await getDb().run.findUniqueOrThrow({ where: { id: runId } })).status, {
        timeout: 180_000,
        interval: 250,
      })
      .not.toMatch(/^(queued|running)$/);
    return (await getDb().run.findUniqueOrThrow({ where: { id: runId } })).status;
  }

  it("stores and shows none of its statements in the run, the follow-up's answer or the exports", async () => {
    const started = await post("/api/runs", { question: QUESTION, maxIterations: 1 });
    expect(started.status).toBe(202);
    const { runId } = (await started.json()) as { runId: string };
    const cookie = started.headers.get("set-cookie")!.split(";")[0];
    expect(await ended(runId)).toBe("completed");
    const { getDb } = await import("@/lib/db/client");
    expect((await getDb().run.findUniqueOrThrow({ where: { id: runId } })).backend).toBe("llm");

    // The follow-up's answer streams over HTTP; what the reader is left with (the checked text) and what is stored.
    const asked = await post(`/api/runs/${runId}/messages`, { text: "What doses were used?" }, cookie);
    expect(asked.status).toBe(200);
    const sse = await asked.text();
    const final = sse
      .split("\n")
      .filter((line) => line.startsWith("data: {"))
      .map((line) => JSON.parse(line.slice(6)) as { type: string; data?: Record<string, unknown> })
      .findLast((c) => c.type === "data-chat-answer");
    expect(final?.data).toMatchObject({ answered: false, checks: { removedMarkers: 2, removedStatements: 2 } });
    const thread = await fetch(`${server.origin}/api/runs/${runId}/messages`, { headers: { cookie } });
    expect(thread.status).toBe(200);
    const stored = await thread.text();
    expect(stored).toContain("What doses were used?");
    expect(inventionsIn(stored)).toEqual([]);
    expect(inventionsIn(JSON.stringify(await getDb().message.findMany({ where: { runId } })))).toEqual([]);

    // The run page, its saved events and every export: no invention; the removal is told in the Markdown export.
    const page = await fetch(`${server.origin}/reports/${runId}`, { headers: { cookie } });
    expect(page.status).toBe(200);
    // The run's own hypotheses, judge's reasoning and the model's failed draft (collapsed, marked unverified) are the
    // model's words shown as its own, scrubbed of identifiers, markers and quotations: no invented identifier anywhere.
    expect(inventionsIn(await page.text(), false)).toEqual([]);
    expect(inventionsIn(JSON.stringify(await getDb().runEvent.findMany({ where: { runId } })), false)).toEqual([]);
    for (const format of ["markdown", "json", "bibtex", "ris"]) {
      const file = await fetch(`${server.origin}/reports/${runId}/export/${format}`, { headers: { cookie } });
      expect([format, file.status]).toEqual([format, 200]);
      const body = await file.text();
      expect([format, inventionsIn(body, false)]).toEqual([format, []]);
      if (format === "markdown") expect(body).toContain("*2 statements removed: not supported by the cited records.*");
    }
    // Every agent asked the model: the research agents, the critic and the chat answer.
    expect(model.requests.length).toBeGreaterThan(5);
  }, 300_000);

  it("a claim check stores none of its inventions; its counter-report states nothing the records do not", async () => {
    const started = await post("/api/checks", { text: CLAIM, sources: SOURCES });
    expect(started.status).toBe(202);
    const { runId } = (await started.json()) as { runId: string };
    const cookie = started.headers.get("set-cookie")?.split(";")[0] ?? "";
    expect(await ended(runId)).toBe("completed");
    const { getDb } = await import("@/lib/db/client");
    const events = await getDb().runEvent.findMany({ where: { runId }, orderBy: { seq: "asc" } });
    const verdicts = events.filter((e) => e.type === "claim-verdict");
    expect(verdicts).toHaveLength(1);
    // The counter-statement (the claim's opposite, as the model words it) is no cited statement: it may keep the
    // model's words, scrubbed of every identifier, marker and quotation; the counter-report's prose may not.
    expect(inventionsIn(JSON.stringify(events), false)).toEqual([]);
    const counterReport = (verdicts[0].payload as { result?: { counterReport?: unknown } }).result?.counterReport;
    expect(inventionsIn(JSON.stringify(counterReport ?? null))).toEqual([]);
    const page = await fetch(`${server.origin}/reports/${runId}`, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(inventionsIn(await page.text(), false)).toEqual([]);
  }, 300_000);
});
