import { expect, test } from "@playwright/test";

// The HTTP API on the production build (`next start`), through a real HTTP client with its own cookie jar: the
// e2e server runs the extractive backend on the real BC5CDR + MEDLINE library (local source only).
const QUESTION = "Does lithium cause nephrogenic diabetes insipidus?";

test(
  "an API client starts a run, follows it to its --json contract, lists, shares it, and reads the OpenAPI " +
    "document",
  async ({ playwright, baseURL }) => {
    // A client that keeps the session cookie states its origin, as a browser does (lib/auth/csrf.ts).
    const client = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
    const stranger = await playwright.request.newContext({ baseURL });
    try {
      const bad = await client.post("/api/runs", { data: { question: "" } });
      expect(bad.status()).toBe(400);
      expect(await bad.json()).toMatchObject({ error: "question: Please enter a question." });

      const started = await client.post("/api/runs", {
        data: { question: QUESTION, sources: ["local"], maxIterations: 1 },
      });
      expect(started.status()).toBe(202);
      const { runId } = await started.json();
      expect(started.headers()["set-cookie"]).toMatch(/^critica_session=[A-Za-z0-9_-]{32}; Path=\/; .*HttpOnly/);

      await expect
        .poll(async () => (await (await client.get(`/api/runs/${runId}`)).json()).status, { timeout: 60_000 })
        .toBe("completed");
      const run = await (await client.get(`/api/runs/${runId}`)).json();
      expect(run.runId).toBe(runId);
      expect(run.question).toBe(QUESTION);
      expect(run.backend).toBe("extractive");
      expect(run.sources).toEqual(["local"]);
      expect(run.evidence.length).toBeGreaterThan(0);
      expect(run.report.references.length).toBeGreaterThan(0);

      const list = await (await client.get("/api/runs?limit=1")).json();
      expect(list.runs.map((r: { id: string }) => r.id)).toEqual([runId]);
      expect(
        (await (await stranger.get("/api/runs?limit=100")).json()).runs.map((r: { id: string }) => r.id),
      ).not.toContain(runId);

      expect((await stranger.post(`/api/runs/${runId}/share`)).status()).toBe(403);
      const shared = await client.post(`/api/runs/${runId}/share`);
      expect(shared.status()).toBe(201);
      const { url } = await shared.json();
      expect(url).toMatch(new RegExp(`^${baseURL}/share/[A-Za-z0-9_-]{43}$`));
      const page = await client.get(url);
      expect(page.status()).toBe(200);
      expect(await page.text()).toContain(QUESTION);

      const doc = await (await client.get("/api/openapi.json")).json();
      expect(doc.components.schemas.StartResearchRequest.properties.question.maxLength).toBe(2000);
      expect(await (await client.get("/api/health")).json()).toEqual({
        ok: true,
        database: { ok: true, kind: "sqlite" },
        world: { ok: true, kind: "local" },
      });
    } finally {
      await client.dispose();
      await stranger.dispose();
    }
  },
);
