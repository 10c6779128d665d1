import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import { startFixtureServer, type FixtureServer } from "@/tests/support/fixture-server";
import { dayOf, NEW_TRIAL, newTrialArticle } from "@/tests/support/watch-scenario";
import { startAppServer, type AppServer } from "@/tests/integration/support/app-server";
import { apiClient, DAY_MS, testClock, type TestClock } from "@/tests/integration/support/watch-harness";

// A watched claim check on the production build (SQLite, local world): its re-check, when PubMed has a new trial, is
// a new claim check of the same text (the watch's version 2), whose change summary gives each claim's verdict before
// and after and names the new record with its stance; a day later, with nothing new since, a quiet check.
const CLAIM = "Ketamine reduces pain in cancer patients on morphine.";

describe("a watched claim check re-checks as a new claim check (SQLite, local world)", () => {
  let dir: string;
  let fixtures: FixtureServer;
  let server: AppServer | null = null;
  let clock: TestClock;
  const api = apiClient(() => server!.origin);

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "critica-watch-claim-"));
    fixtures = await startFixtureServer();
    clock = testClock(path.join(dir, "clock.json"));
    const env = {
      DATABASE_URL: `file:${path.join(dir, "critica.db")}`,
      CRITICA_ENGINE: "workflow",
      CRITICA_AUTH: "off",
      OPENAI_API_KEY: "",
      CRITICA_SOURCE_CACHE_TTL_HOURS: "0",
      CRITICA_TEST_CLOCK_FILE: clock.file,
      PUBMED_BASE_URL: fixtures.urls.pubmed,
      EUROPEPMC_BASE_URL: fixtures.urls.europepmc,
      CTGOV_BASE_URL: fixtures.urls.ctgov,
    };
    process.env.DATABASE_URL = env.DATABASE_URL;
    server = await startAppServer(env);
  });
  afterAll(async () => {
    await server?.kill9();
    await fixtures.close();
    const { getDb } = await import("@/lib/db/client");
    await getDb().$disconnect();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    "a new trial makes a new claim check (v2) with each claim's verdict before and after; nothing new is a quiet " +
      "check",
    async () => {
      onTestFailed(() =>
        console.log(
          server
            ?.output()
            .split("\n")
            .filter((l) => !l.startsWith("{"))
            .slice(-60)
            .join("\n"),
        ),
      );
      const { getDb } = await import("@/lib/db/client");
      const db = getDb();
      const started = await api.call("POST", "/api/checks", { text: CLAIM, sources: ["pubmed"] });
      expect(started.status).toBe(202);
      const { runId } = started.body as { runId: string };
      await expect
        .poll(async () => (await db.run.findUniqueOrThrow({ where: { id: runId } })).status, {
          timeout: 120_000,
          interval: 250,
        })
        .toBe("completed");
      const created = await api.call("POST", "/api/watches", { runId, cadence: "daily" });
      expect(created.status).toBe(201);
      const watchId = (created.body as { id: string }).id;
      await expect
        .poll(async () => (await db.watch.findUniqueOrThrow({ where: { id: watchId } })).plannedVersion, {
          timeout: 30_000,
        })
        .toBe(0);

      fixtures.change({ op: "add-pubmed", xml: newTrialArticle(), modified: dayOf(clock.now()) });
      clock.advance(DAY_MS + 60_000);
      await expect
        .poll(async () => (await db.watchCheck.findFirst({ where: { watchId } }))?.status, {
          timeout: 180_000,
          interval: 250,
        })
        .toBe("changed");
      const check = await db.watchCheck.findFirstOrThrow({ where: { watchId } });
      const rerun = await db.run.findUniqueOrThrow({ where: { id: check.versionRunId! } });
      expect([rerun.mode, rerun.question, rerun.status, check.reportVersion]).toEqual([
        "claim-check",
        CLAIM,
        "completed",
        2,
      ]);
      expect((await db.run.findUniqueOrThrow({ where: { id: runId } })).status).toBe("completed");
      const summary = check.summary as {
        headline: string;
        runId: string;
        claims: Array<{ claim: string; before: string | null; after: string | null }>;
        newRecords: Array<{ pmid: string; stance: string }>;
      };
      expect(summary.runId).toBe(rerun.id);
      // The extracted claim, as the claim check wrote it (without the text's full stop).
      expect(summary.claims.map((c) => c.claim)).toEqual([CLAIM.replace(/\.$/, "")]);
      expect(summary.newRecords.map((r) => [r.pmid, r.stance])).toEqual([[NEW_TRIAL.pmid, "yes"]]);
      expect(summary.headline).toMatch(/: 1 new randomized trial$/);
      await expect
        .poll(async () => (await api.call("GET", "/api/notifications")).body, { timeout: 30_000 })
        .toMatchObject({ unread: 1, notifications: [{ body: summary.headline, url: `/reports/${runId}/versions/2` }] });
      const page = await fetch(`${server!.origin}/reports/${runId}/versions/2`, { headers: { cookie: api.cookie() } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(`/reports/${rerun.id}`);

      // The next day: the new version has the trial; nothing changed since. A quiet check, no third run.
      clock.advance(DAY_MS);
      await expect
        .poll(async () => db.watchCheck.count({ where: { watchId, status: { not: "running" } } }), {
          timeout: 120_000,
          interval: 250,
        })
        .toBe(2);
      expect(
        (await db.watchCheck.findMany({ where: { watchId }, orderBy: { dueAt: "asc" } })).map((c) => c.status),
      ).toEqual(["changed", "quiet"]);
      expect(await db.run.count({ where: { mode: "claim-check" } })).toBe(2);
    },
    400_000,
  );
});
