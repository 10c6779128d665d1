import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "@/lib/auth/rules";
import { createRun, updateRun } from "@/lib/db/runs";
import { beginCheck, finishCheck, getWatch, listChecks } from "@/lib/db/watches";
import { countUnread, markNotificationsRead, saveNotification } from "@/lib/db/watch-notices";
import {
  changeWatchFor,
  createWatchFor,
  deleteWatchFor,
  getWatchFor,
  listWatchesFor,
  watchOwners,
  WatchError,
} from "@/lib/watches/service";
import { useTempDatabase } from "@/tests/support/temp-database";

// The watch operations with their access rules and limits, on real rows in a temp SQLite database (the durable
// engine is not here, so no workflow starts: the server's sweep would).
let cleanup: () => void;
const owner: Caller = { kind: "local", sessionId: "session-a" };
const stranger: Caller = { kind: "local", sessionId: "session-b" };
const saved = { ...process.env };

async function run(
  options: { status?: "completed" | "running"; mode?: "research" | "claim-check"; ownerId?: string | null } = {},
): Promise<string> {
  const id = crypto.randomUUID();
  await createRun({
    id,
    settings: {
      mode: options.mode ?? "research",
      question: "Does ketamine reduce pain?",
      sources: ["pubmed", "ctgov"],
      maxIterations: 1,
    },
    backend: "extractive",
    model: null,
    ownerId: options.ownerId === undefined ? "session-a" : options.ownerId,
  });
  await updateRun(id, { status: options.status ?? "completed" });
  return id;
}

async function refusal(p: Promise<unknown>): Promise<[number, string]> {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof WatchError)) throw new Error(`expected a WatchError, got ${String(error)}`);
  return [error.status, error.message];
}

beforeAll(async () => {
  ({ cleanup } = await useTempDatabase("watch-service"));
});
afterAll(() => {
  process.env = saved;
  cleanup();
});

describe("watching a run", () => {
  it("only its owner may watch a completed research run, once, on sources it searched", async () => {
    const id = await run();
    expect(await refusal(createWatchFor(stranger, { runId: id, cadence: "weekly" }))).toEqual([
      403,
      "Only the browser that started this run can watch it.",
    ]);
    expect(await refusal(createWatchFor({ kind: "guest" }, { runId: id, cadence: "weekly" }))).toEqual([
      404,
      "Unknown run.",
    ]);
    expect(await refusal(createWatchFor(owner, { runId: crypto.randomUUID(), cadence: "weekly" }))).toEqual([
      404,
      "Unknown run.",
    ]);
    expect(
      await refusal(createWatchFor(owner, { runId: await run({ status: "running" }), cadence: "weekly" })),
    ).toEqual([409, "Only a completed run can be watched; this one is running."]);
    expect(
      (await createWatchFor(owner, { runId: await run({ mode: "claim-check" }), cadence: "weekly" })).cadence,
    ).toBe("weekly");
    expect(
      await refusal(createWatchFor(owner, { runId: id, cadence: "weekly", sources: ["pubmed", "europepmc"] })),
    ).toEqual([400, "This run did not search Europe PMC; a watch can watch PubMed, ClinicalTrials.gov."]);

    const before = Date.now();
    const watch = await createWatchFor(owner, { runId: id, cadence: "weekly", sources: ["ctgov"] });
    expect([watch.status, watch.cadence, watch.sources, watch.checks, watch.cost, watch.backoff]).toEqual([
      "active",
      "weekly",
      ["ctgov"],
      [],
      "No model calls over 0 checks",
      null,
    ]);
    expect(new Date(watch.nextDueAt).getTime() - before).toBeGreaterThanOrEqual(7 * 86_400_000);
    expect(watch.feedPath).toMatch(/^\/api\/feeds\/[A-Za-z0-9_-]{43}$/);
    expect(await refusal(createWatchFor(owner, { runId: id, cadence: "daily" }))).toEqual([
      409,
      "This run is watched already: change its watch instead.",
    ]);
    // Others see nothing of it; an unowned (command-line) run's watch is everyone's with accounts off.
    expect(await refusal(getWatchFor({ kind: "guest" }, watch.id))).toEqual([404, "Unknown watch."]);
    expect((await listWatchesFor(owner)).map((w) => w.id)).toContain(watch.id);
    expect(watchOwners(stranger)).toEqual(["session-b", null]);
    expect(await refusal(changeWatchFor(stranger, watch.id, { status: "paused" }))).toEqual([
      403,
      "Only the browser that started this run can change its watch.",
    ]);
  });

  it("caps the active watches of an owner; paused ones do not count", async () => {
    process.env.CRITICA_MAX_ACTIVE_WATCHES = "2";
    const other: Caller = { kind: "local", sessionId: "session-c" };
    const [a, b, c] = [
      await run({ ownerId: "session-c" }),
      await run({ ownerId: "session-c" }),
      await run({ ownerId: "session-c" }),
    ];
    const wa = await createWatchFor(other, { runId: a, cadence: "daily" });
    await createWatchFor(other, { runId: b, cadence: "daily" });
    expect(await refusal(createWatchFor(other, { runId: c, cadence: "daily" }))).toEqual([
      429,
      "You have 2 active watches, the most allowed (CRITICA_MAX_ACTIVE_WATCHES=2): pause or delete one first.",
    ]);
    await changeWatchFor(other, wa.id, { status: "paused" });
    await createWatchFor(other, { runId: c, cadence: "daily" });
    expect((await refusal(changeWatchFor(other, wa.id, { status: "active" })))[0]).toBe(429);
    delete process.env.CRITICA_MAX_ACTIVE_WATCHES;
  });

  it("a cadence change moves the next check; deleting removes the watch and its checks", async () => {
    const id = await run();
    const watch = await createWatchFor(owner, { runId: id, cadence: "monthly" });
    const record = (await getWatch(watch.id))!;
    const monthly = new Date(watch.nextDueAt);
    const daily = await changeWatchFor(owner, watch.id, { cadence: "daily" });
    // One day after the watch's start (its first monthly due time minus a month), not after now.
    const start = new Date(monthly);
    start.setUTCMonth(start.getUTCMonth() - 1);
    expect(daily.nextDueAt).toBe(new Date(start.getTime() + 86_400_000).toISOString());
    expect((await getWatch(watch.id))!.version).toBe(record.version + 1);
    await beginCheck({
      id: crypto.randomUUID(),
      watchId: watch.id,
      dueAt: new Date(daily.nextDueAt),
      startedAt: new Date(),
      since: [],
    });
    expect(await deleteWatchFor(owner, watch.id)).toBeNull();
    expect([await getWatch(watch.id), await listChecks(watch.id)]).toEqual([null, []]);
  });
});

describe("a watch's checks and notifications", () => {
  it("a due time begins one check and is finished once; the notification of a check is saved once", async () => {
    const id = await run();
    const watch = await createWatchFor(owner, { runId: id, cadence: "weekly" });
    const dueAt = new Date(watch.nextDueAt);
    const first = await beginCheck({
      id: crypto.randomUUID(),
      watchId: watch.id,
      dueAt,
      startedAt: new Date(),
      since: [{ source: "pubmed", since: "2026-11-25T00:00:00.000Z" }],
    });
    const again = await beginCheck({
      id: crypto.randomUUID(),
      watchId: watch.id,
      dueAt,
      startedAt: new Date(),
      since: [],
    });
    expect(again.id).toBe(first.id);
    const outcome = {
      status: "quiet" as const,
      finishedAt: new Date(),
      summary: null,
      reportVersion: null,
      costUsd: null,
      modelCalls: 0,
      error: null,
      watch: {
        nextDueAt: new Date(dueAt.getTime() + 7 * 86_400_000),
        lastCheckedAt: new Date(),
        sourceState: [],
        failures: 0,
      },
    };
    expect([await finishCheck(first.id, outcome), await finishCheck(first.id, outcome)]).toEqual([true, false]);
    expect((await getWatch(watch.id))!.nextDueAt.getTime()).toBe(dueAt.getTime() + 7 * 86_400_000);

    const note = {
      ownerId: "session-a",
      runId: id,
      checkId: first.id,
      title: "New evidence",
      body: "Unclear → Yes",
      url: `/reports/${id}/versions/2`,
    };
    await saveNotification({ id: crypto.randomUUID(), ...note });
    await saveNotification({ id: crypto.randomUUID(), ...note });
    expect([
      await countUnread(watchOwners(owner)),
      await countUnread(
        watchOwners({ kind: "user", userId: "u", email: "e", name: "n", role: "user", credential: "session" }),
      ),
    ]).toEqual([1, 0]);
    expect(await markNotificationsRead(watchOwners(owner), undefined)).toBe(1);
    expect(await countUnread(watchOwners(owner))).toBe(0);
  });
});
