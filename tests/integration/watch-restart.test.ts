import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import { RECORDED_MODIFIED, startFixtureServer, type FixtureServer } from "@/tests/support/fixture-server";
import { CHANGED_STUDY, dayOf, NEW_TRIAL, newTrialArticle, WATCH_QUESTION } from "@/tests/support/watch-scenario";
import { startAppServer, type AppServer } from "@/tests/integration/support/app-server";
import { apiClient, DAY_MS, startReceiver, testClock, type TestClock } from "@/tests/integration/support/watch-harness";

// A watched research run on the production build (SQLite, the Workflow SDK's local world), its watch clock moved a
// week at a time through CRITICA_TEST_CLOCK_FILE while the loopback sources change between checks: a new randomized
// trial (checked after a kill -9 and a restart of the server), nothing (a quiet check), then a retraction of a record
// the report cites and a trial status change (the server killed again in the middle of that check's re-run). Each
// changed
// check makes one report version, one notification, one Atom entry and one signed webhook delivery; no due time is
// checked twice or skipped.
const RETRACTION_NOTICE = "39990012";
const TRIAL_TITLE =
  "Analgesic effect of intravenous ketamine in cancer patients on morphine therapy: a randomized, controlled, " +
  "double-blind, crossover, double-dose study.";

describe("a watched run re-checks on schedule across restarts (SQLite, local world)", () => {
  let dir: string;
  let fixtures: FixtureServer;
  let server: AppServer | null = null;
  let env: Record<string, string>;
  let clock: TestClock;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const api = apiClient(() => server!.origin);

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "critica-watch-"));
    // Each efetch waits 1.5 s, so a re-run's targeted searches are in flight long enough to kill the server there.
    fixtures = await startFixtureServer({ delayMs: { efetch: 1_500 } });
    fixtures.change({
      op: "ctgov-study",
      nctId: CHANGED_STUDY.nctId,
      overallStatus: CHANGED_STUDY.before,
      hasResults: false,
      modified: RECORDED_MODIFIED,
    });
    clock = testClock(path.join(dir, "clock.json"));
    receiver = await startReceiver({ failFirst: 1 });
    env = {
      DATABASE_URL: `file:${path.join(dir, "critica.db")}`,
      CRITICA_ENGINE: "workflow",
      CRITICA_AUTH: "off",
      OPENAI_API_KEY: "",
      CRITICA_SOURCES: "pubmed,europepmc,ctgov",
      CRITICA_SOURCE_CACHE_TTL_HOURS: "0",
      CRITICA_TEST_CLOCK_FILE: clock.file,
      // The webhook receiver listens on 127.0.0.1, an internal address: this deployment's operator allows it.
      CRITICA_OUTBOUND_ALLOW: "127.0.0.1",
      PUBMED_BASE_URL: fixtures.urls.pubmed,
      EUROPEPMC_BASE_URL: fixtures.urls.europepmc,
      CTGOV_BASE_URL: fixtures.urls.ctgov,
    };
    process.env.DATABASE_URL = env.DATABASE_URL;
  });
  afterAll(async () => {
    await server?.kill9();
    await fixtures.close();
    await receiver.close();
    const { getDb } = await import("@/lib/db/client");
    await getDb().$disconnect();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    "checks each due time once: a new trial after a restart, a quiet week, a retraction and a trial change across " +
      "a kill -9 mid-check",
    async () => {
      onTestFailed(() => console.log(server?.output().split("\n").slice(-80).join("\n")));
      const { getDb } = await import("@/lib/db/client");
      const db = getDb();
      const checks = async () => db.watchCheck.findMany({ orderBy: { dueAt: "asc" } });
      const finished = async (n: number, timeout = 120_000) => {
        await expect
          .poll(async () => (await checks()).filter((c) => c.status !== "running").length, { timeout, interval: 250 })
          .toBeGreaterThanOrEqual(n);
        return (await checks())[n - 1];
      };

      server = await startAppServer(env);
      const started = await api.call("POST", "/api/runs", { question: WATCH_QUESTION, maxIterations: 1 });
      expect(started.status).toBe(202);
      const { runId } = started.body as { runId: string };
      await expect
        .poll(async () => (await db.run.findUniqueOrThrow({ where: { id: runId } })).status, {
          timeout: 120_000,
          interval: 250,
        })
        .toBe("completed");

      const hook = await api.call("PUT", "/api/webhook", { url: receiver.url });
      expect(hook.status).toBe(200);
      receiver.useSecret((hook.body as { secret: string }).secret);

      const created = await api.call("POST", "/api/watches", { runId, cadence: "weekly" });
      expect(created.status).toBe(201);
      const watch = created.body as { id: string; nextDueAt: string; feedPath: string; sources: string[] };
      expect(watch.sources).toEqual(["pubmed", "europepmc", "ctgov"]);
      const firstDue = new Date(watch.nextDueAt).getTime();
      expect(Math.abs(firstDue - (clock.now().getTime() + 7 * DAY_MS))).toBeLessThan(10_000);
      await expect
        .poll(async () => (await db.watch.findUniqueOrThrow({ where: { id: watch.id } })).plannedVersion, {
          timeout: 30_000,
        })
        .toBe(0);
      expect(await api.call("POST", "/api/watches", { runId, cadence: "daily" })).toEqual({
        status: 409,
        body: { error: "This run is watched already: change its watch instead." },
      });

      // Three days on, nothing is due.
      clock.advance(3 * DAY_MS);
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      expect(await checks()).toEqual([]);

      // A new randomized trial appears in PubMed; the server is killed and is down when the check falls due.
      fixtures.change({ op: "add-pubmed", xml: newTrialArticle(), modified: dayOf(clock.now()) });
      await server.kill9();
      clock.advance(4 * DAY_MS + 60_000);
      const restarted = performance.now();
      server = await startAppServer(env);
      const first = await finished(1);
      const firstMs = performance.now() - restarted;
      expect(first.dueAt.getTime()).toBe(firstDue);
      expect(first.status).toBe("changed");
      const summary1 = first.summary as {
        headline: string;
        newRecords: Array<{ pmid: string; stance: string; cited: boolean; title: string }>;
      };
      // Before the trial no record reports the effect (one that names both without reporting it is no evidence
      // either way): unclear; the trial makes it a yes.
      expect(summary1.headline).toBe(
        "Unclear (very low certainty) → Yes (moderate certainty): " + "1 new randomized trial",
      );
      expect(summary1.newRecords.map((r) => [r.pmid, r.title, r.stance])).toEqual([
        [NEW_TRIAL.pmid, TRIAL_TITLE, "yes"],
      ]);
      expect(first.reportVersion).toBe(2);

      // Told three ways: the notification, the feed entry, the signed webhook (its first attempt refused with 500).
      await expect
        .poll(async () => (await api.call("GET", "/api/notifications")).body, { timeout: 30_000 })
        .toMatchObject({
          unread: 1,
          notifications: [{ body: summary1.headline, url: `/reports/${runId}/versions/2` }],
        });
      const feed = await fetch(`${server.origin}${watch.feedPath}`);
      expect(feed.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
      const xml = await feed.text();
      expect(xml.match(/<entry>/g)).toHaveLength(1);
      expect(xml).toContain(`<title>${summary1.headline}</title>`);
      await expect.poll(() => receiver.calls.filter((c) => c.status === 200).length, { timeout: 30_000 }).toBe(1);
      expect(receiver.calls.map((c) => [c.status, c.signatureValid, c.headers["x-critica-delivery"]])).toEqual([
        [500, true, receiver.calls[0].headers["x-critica-delivery"]],
        [200, true, receiver.calls[0].headers["x-critica-delivery"]],
      ]);
      expect(receiver.calls[1].json).toMatchObject({
        type: "watch.check.changed",
        path: `/reports/${runId}/versions/2`,
        summary: { headline: summary1.headline },
      });
      // The server saves the delivery after the receiver's 200 reaches it: wait for that write, not only the call.
      await expect
        .poll(() => db.webhookDelivery.findMany({ select: { status: true, attempts: true, lastStatus: true } }), {
          timeout: 10_000,
        })
        .toEqual([{ status: "delivered", attempts: 2, lastStatus: 200 }]);

      // A week with nothing new: a quiet check, no report version, nobody told.
      clock.advance(7 * DAY_MS);
      const second = await finished(2);
      expect([second.status, second.dueAt.getTime(), second.reportVersion]).toEqual([
        "quiet",
        firstDue + 7 * DAY_MS,
        null,
      ]);
      expect(await db.notification.count()).toBe(1);
      expect(receiver.calls).toHaveLength(2);

      // A PubMed record the report cites is retracted and the registered study completes with results; kill -9 during
      // the re-run.
      const cited = (await db.report.findUniqueOrThrow({ where: { runId } })).data as {
        references: Array<{ evidenceId: string; title: string }>;
      };
      const retracted = cited.references.find((r) => fixtures.rankedPmids.includes(r.evidenceId.replace("pmid:", "")))!;
      const retractedPmid = retracted.evidenceId.replace("pmid:", "");
      fixtures.change({
        op: "retract-pubmed",
        pmid: retractedPmid,
        noticePmid: RETRACTION_NOTICE,
        modified: dayOf(clock.now()),
      });
      fixtures.change({
        op: "ctgov-study",
        nctId: CHANGED_STUDY.nctId,
        overallStatus: CHANGED_STUDY.after,
        hasResults: true,
        modified: dayOf(clock.now()),
      });
      clock.advance(7 * DAY_MS);
      await expect
        .poll(
          async () => {
            const check = (await checks())[2];
            if (!check?.fromSeq) return false;
            return (await db.runEvent.count({ where: { runId, seq: { gt: check.fromSeq }, type: "hypotheses" } })) > 0;
          },
          { timeout: 120_000, interval: 100 },
        )
        .toBe(true);
      await server.kill9();
      const killed = performance.now();
      server = await startAppServer(env);
      const third = await finished(3);
      const thirdMs = performance.now() - killed;
      expect([third.status, third.dueAt.getTime(), third.reportVersion]).toEqual([
        "changed",
        firstDue + 14 * DAY_MS,
        3,
      ]);
      const summary3 = third.summary as { headline: string; updatedRecords: unknown[]; trials: unknown[] };
      expect(summary3.updatedRecords).toMatchObject([
        {
          evidenceId: retracted.evidenceId,
          title: retracted.title,
          pmid: retractedPmid,
          change: "retracted",
          detail: `retracted (retraction notice PMID ${RETRACTION_NOTICE})`,
          removedFromReport: true,
        },
      ]);
      expect(summary3.headline).toMatch(
        new RegExp(
          `PMID ${retractedPmid} retracted; NCT03418623 status Active, not recruiting → Completed; results posted$`,
        ),
      );
      expect(summary3.trials).toMatchObject([
        { nctId: CHANGED_STUDY.nctId, detail: "status Active, not recruiting → Completed; results posted" },
      ]);
      const report = await db.report.findUniqueOrThrow({ where: { runId } });
      expect((report.data as typeof cited).references.map((r) => r.evidenceId)).not.toContain(retracted.evidenceId);
      expect(report.markdown).toContain(
        `Retracted records found: PMID ${retractedPmid} (retraction notice PMID ${RETRACTION_NOTICE})`,
      );

      // Once per due time, in order, none skipped; every event once, seq contiguous.
      expect((await checks()).map((c) => [c.dueAt.getTime() - firstDue, c.status])).toEqual([
        [0, "changed"],
        [7 * DAY_MS, "quiet"],
        [14 * DAY_MS, "changed"],
      ]);
      const events = await db.runEvent.findMany({ where: { runId }, orderBy: { seq: "asc" } });
      expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
      const count = (type: string) => events.filter((e) => e.type === type).length;
      expect([count("report"), count("run-finished"), count("iteration-started")]).toEqual([3, 3, 3]);
      await expect.poll(() => db.notification.count(), { timeout: 30_000 }).toBe(2);
      await expect.poll(() => receiver.calls.filter((c) => c.status === 200).length, { timeout: 30_000 }).toBe(2);
      expect(receiver.calls.every((c) => c.signatureValid)).toBe(true);
      expect((await (await fetch(`${server.origin}${watch.feedPath}`)).text()).match(/<entry>/g)).toHaveLength(2);
      console.log(
        `watch re-checks (SQLite, local world): check 1 finished ${Math.round(firstMs)} ms after the restart; ` +
          `check 3 finished ${Math.round(thirdMs)} ms after kill -9 mid-re-run`,
      );
    },
    600_000,
  );

  it("pause, resume, cadence and delete through the API and the command line", async () => {
    onTestFailed(() => console.log(server?.output().split("\n").slice(-80).join("\n")));
    const { getDb } = await import("@/lib/db/client");
    const db = getDb();
    const watch = await db.watch.findFirstOrThrow();
    const checks = () => db.watchCheck.count();
    const before = await checks();

    // Paused: a due time passes without a check.
    expect((await api.call("PATCH", `/api/watches/${watch.id}`, { status: "paused" })).body).toMatchObject({
      status: "paused",
    });
    clock.advance(8 * DAY_MS);
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect(await checks()).toBe(before);
    // Resumed: the due time that passed while paused is checked at once, once.
    expect((await api.call("PATCH", `/api/watches/${watch.id}`, { status: "active" })).body).toMatchObject({
      status: "active",
    });
    await expect
      .poll(async () => db.watchCheck.count({ where: { status: { not: "running" } } }), { timeout: 60_000 })
      .toBe(before + 1);
    // Daily: the next check is one day after the last.
    const daily = (await api.call("PATCH", `/api/watches/${watch.id}`, { cadence: "daily" })).body as {
      nextDueAt: string;
      lastCheckedAt: string;
    };
    expect(new Date(daily.nextDueAt).getTime() - new Date(daily.lastCheckedAt).getTime()).toBe(DAY_MS);

    // The command line pauses it and shows it (as the run's owner: it holds the database).
    const cli = (...args: string[]) =>
      spawnSync(
        process.execPath,
        ["node_modules/tsx/dist/cli.mjs", "--conditions=react-server", "scripts/watch.ts", ...args],
        { env: { ...process.env, ...env }, encoding: "utf8" },
      );
    const paused = cli(watch.runId, "--pause");
    expect(paused.status).toBe(0);
    expect(paused.stdout).toContain(
      `watch ${watch.id} of run ${watch.runId}: paused, daily, sources PubMed, Europe PMC, ClinicalTrials.gov`,
    );
    expect((await db.watch.findUniqueOrThrow({ where: { id: watch.id } })).status).toBe("paused");
    expect(cli(watch.runId, "--every", "fortnight").status).toBe(2);

    // Deleted: no more checks, whatever the clock says.
    expect((await api.call("DELETE", `/api/watches/${watch.id}`)).status).toBe(204);
    const seq = await db.runEvent.count({ where: { runId: watch.runId } });
    clock.advance(30 * DAY_MS);
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect([
      await db.watch.count(),
      await db.watchCheck.count(),
      await db.runEvent.count({ where: { runId: watch.runId } }),
    ]).toEqual([0, 0, seq]);
  }, 300_000);
});
