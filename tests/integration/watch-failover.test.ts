import path from "node:path";
import fs from "node:fs";
import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FixtureServer } from "@/tests/support/fixture-server";
import { dayOf, NEW_TRIAL, newTrialArticle, WATCH_QUESTION } from "@/tests/support/watch-scenario";
import type { AppServer } from "@/tests/integration/support/app-server";
import {
  executing,
  postgresWithFixtures,
  startTwoInstances,
  stepLines,
  stopAll,
} from "@/tests/integration/support/postgres-instances";
import { apiClient, DAY_MS, testClock, type TestClock } from "@/tests/integration/support/watch-harness";

// Two instances of the production build on one Postgres database (the Postgres world on the same database) and one
// watch: the instance executing a check is killed with kill -9 in the middle of the check's re-run; the survivor's
// lease sweep re-enqueues the watch's workflow once the run's lease lapses and the check finishes there, once; the
// next week's check falls due and runs on the survivor alone. Skipped without TEST_POSTGRES_URL.
const ADMIN_URL = process.env.TEST_POSTGRES_URL;
const DATABASE = `critica_watch_failover_test${process.env.TEST_POSTGRES_DB_SUFFIX ?? ""}`;

describe.skipIf(!ADMIN_URL)("a watch across the failover of its instance (Postgres, two instances)", () => {
  let fixtures: FixtureServer;
  let a: AppServer | null = null;
  let b: AppServer | null = null;
  let env: Record<string, string>;
  let clock: TestClock;
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "critica-watch-pg-"));
    clock = testClock(path.join(dir, "clock.json"));
    ({ fixtures, env } = await postgresWithFixtures(ADMIN_URL!, DATABASE, {
      sources: "pubmed,europepmc,ctgov",
      pubmedDelayMs: 1_000,
    }));
    env = { ...env, CRITICA_AUTH: "off", CRITICA_SOURCE_CACHE_TTL_HOURS: "0", CRITICA_TEST_CLOCK_FILE: clock.file };
    [a, b] = await startTwoInstances(env);
  });
  afterAll(async () => {
    await stopAll([a, b], fixtures);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    "the survivor finishes the check its instance was executing at kill -9, once, and checks the next week on " +
      "schedule",
    async () => {
      const { getDb } = await import("@/lib/db/client");
      const db = getDb();
      const api = apiClient(() => a!.origin);
      const started = await api.call("POST", "/api/runs", { question: WATCH_QUESTION, maxIterations: 1 });
      const { runId } = started.body as { runId: string };
      await expect
        .poll(async () => (await db.run.findUniqueOrThrow({ where: { id: runId } })).status, {
          timeout: 120_000,
          interval: 250,
        })
        .toBe("completed");
      const created = await api.call("POST", "/api/watches", { runId, cadence: "weekly" });
      expect(created.status).toBe(201);
      const watch = created.body as { id: string; nextDueAt: string };
      const firstDue = new Date(watch.nextDueAt).getTime();
      await expect
        .poll(async () => (await db.watch.findUniqueOrThrow({ where: { id: watch.id } })).plannedVersion, {
          timeout: 30_000,
        })
        .toBe(0);

      // A new trial, then the due time: kill the instance executing the check once its re-run has begun.
      fixtures.change({ op: "add-pubmed", xml: newTrialArticle(), modified: dayOf(clock.now()) });
      clock.advance(7 * DAY_MS + 60_000);
      await expect
        .poll(
          async () => {
            const check = await db.watchCheck.findFirst({ where: { watchId: watch.id } });
            return Boolean(check?.fromSeq) && (executing(a!, runId) || executing(b!, runId));
          },
          { timeout: 120_000, interval: 100 },
        )
        .toBe(true);
      const [victim, survivor] = executing(a!, runId) ? [a!, b!] : [b!, a!];
      await victim.kill9();
      const killed = performance.now();
      const killedAt = Date.now();
      if (victim === a) a = null;
      else b = null;

      await expect
        .poll(async () => (await db.watchCheck.findFirstOrThrow({ where: { watchId: watch.id } })).status, {
          timeout: 120_000,
          interval: 250,
        })
        .toBe("changed");
      const failoverMs = performance.now() - killed;
      expect(survivor.output()).toContain(`lease sweep re-enqueued 1 run(s) whose executor stopped: ${runId}`);
      const first = await db.watchCheck.findFirstOrThrow({ where: { watchId: watch.id } });
      expect([first.dueAt.getTime(), first.reportVersion]).toEqual([firstDue, 2]);
      expect(
        (first.summary as { newRecords: Array<{ pmid: string; stance: string }> }).newRecords.map((r) => [
          r.pmid,
          r.stance,
        ]),
      ).toEqual([[NEW_TRIAL.pmid, "yes"]]);

      // The next week, on the survivor alone: nothing new, a quiet check.
      clock.advance(7 * DAY_MS);
      await expect
        .poll(async () => db.watchCheck.count({ where: { watchId: watch.id, status: { not: "running" } } }), {
          timeout: 120_000,
          interval: 250,
        })
        .toBe(2);
      const checks = await db.watchCheck.findMany({ where: { watchId: watch.id }, orderBy: { dueAt: "asc" } });
      expect(checks.map((c) => [c.dueAt.getTime() - firstDue, c.status])).toEqual([
        [0, "changed"],
        [7 * DAY_MS, "quiet"],
      ]);
      const events = await db.runEvent.findMany({ where: { runId }, orderBy: { seq: "asc" } });
      expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
      const count = (type: string) => events.filter((e) => e.type === type).length;
      expect([count("report"), count("run-finished"), count("iteration-started")]).toEqual([2, 2, 2]);
      expect(await db.notification.count()).toBe(1);
      const resumed = stepLines(survivor, runId).find((l) => l.msg === "step start" && l.time > killedAt);
      console.log(
        `watch failover (Postgres, 2 instances): check finished ${Math.round(failoverMs)} ms after kill -9 of ` +
          `its instance ("${resumed?.step}" started again on the survivor ` +
          `${resumed ? ((resumed.time - killedAt) / 1000).toFixed(1) : "?"} s after the kill)`,
      );
    },
    300_000,
  );
});
