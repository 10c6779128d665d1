import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import {
  countRuns,
  deleteRun,
  getRunSettings,
  insertEndedRuns,
  listHistoryModes,
  searchHistory,
} from "@/lib/db/history";
import { createRun } from "@/lib/db/runs";
import { createShareLink, revokeShareLink } from "@/lib/db/share-links";
import type { RunStatus } from "@/lib/domain/run";
import { useTempDatabase } from "@/tests/support/temp-database";

const ALICE = "alice-session-aaaaaaaaaaaaaaaa";
const BOB = "bob-session-bbbbbbbbbbbbbbbbbbbb";

/** Saves a run started by `owner` at `day` + `minute` minutes (UTC), with the given status and mode. */
async function seed(
  question: string,
  owner: string | null,
  at: string,
  status: RunStatus = "completed",
  mode = "research",
): Promise<string> {
  const id = crypto.randomUUID();
  await createRun({
    id,
    settings: { mode: "research", question, sources: ["local"], maxIterations: 3 },
    backend: "extractive",
    model: null,
    ownerId: owner,
  });
  await getDb().run.update({ where: { id }, data: { createdAt: new Date(at), status, mode } });
  return id;
}

describe("history queries", () => {
  let cleanup: () => void;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    ({ cleanup } = await useTempDatabase("history"));
    // 23 of Alice's runs, one per day of March 2026 from the 1st; Bob's run; a CLI run (no owner).
    for (let d = 1; d <= 23; d += 1) {
      const day = String(d).padStart(2, "0");
      ids[`alice${d}`] = await seed(
        d % 2 ? `Does drug ${d} cause harm?` : `Is Lithium nephrotoxic, case ${d}?`,
        ALICE,
        `2026-03-${day}T10:00:00Z`,
        d === 4 ? "failed" : "completed",
      );
    }
    ids.bob = await seed("Is lithium nephrotoxic (Bob)?", BOB, "2026-03-10T11:00:00Z");
    ids.cli = await seed("Is metformin nephrotoxic?", null, "2026-03-05T09:00:00Z", "completed", "claim-check");
  });
  afterAll(() => cleanup());

  it("lists a session's own runs and CLI runs, newest first, 20 per page, with a cursor to the next page", async () => {
    const first = await searchHistory({ ownerId: ALICE, filters: {}, limit: 20 });
    expect(first.runs).toHaveLength(20);
    expect(first.runs[0].id).toBe(ids.alice23);
    expect(first.runs[19].id).toBe(ids.cli);
    expect(first.runs.map((r) => r.ownerId === BOB)).not.toContain(true);
    const second = await searchHistory({ ownerId: ALICE, filters: {}, limit: 20, cursor: first.nextCursor });
    expect(second.runs.map((r) => r.id)).toEqual([ids.alice4, ids.alice3, ids.alice2, ids.alice1]);
    expect(second.nextCursor).toBeNull();
    // A browser without a session sees only CLI runs.
    expect((await searchHistory({ ownerId: null, filters: {}, limit: 20 })).runs.map((r) => r.id)).toEqual([ids.cli]);
  });

  it("finds runs by every word of the search, case-insensitively", async () => {
    const lithium = await searchHistory({ ownerId: ALICE, filters: { q: "lithium" }, limit: 50 });
    expect(lithium.runs.map((r) => r.question)).toEqual(
      [22, 20, 18, 16, 14, 12, 10, 8, 6, 4, 2].map((d) => `Is Lithium nephrotoxic, case ${d}?`),
    );
    const both = await searchHistory({ ownerId: ALICE, filters: { q: "NEPHROTOXIC metformin" }, limit: 50 });
    expect(both.runs.map((r) => r.id)).toEqual([ids.cli]);
    expect((await searchHistory({ ownerId: ALICE, filters: { q: "Bob" }, limit: 50 })).runs).toEqual([]);
  });

  it("filters by status, mode and an inclusive range of UTC days", async () => {
    expect(
      (await searchHistory({ ownerId: ALICE, filters: { status: "failed" }, limit: 50 })).runs.map((r) => r.id),
    ).toEqual([ids.alice4]);
    expect(
      (await searchHistory({ ownerId: ALICE, filters: { mode: "claim-check" }, limit: 50 })).runs.map((r) => r.id),
    ).toEqual([ids.cli]);
    const range = await searchHistory({ ownerId: ALICE, filters: { from: "2026-03-05", to: "2026-03-07" }, limit: 50 });
    expect(range.runs.map((r) => r.id)).toEqual([ids.alice7, ids.alice6, ids.alice5, ids.cli]);
    expect(await listHistoryModes(ALICE)).toEqual(["claim-check", "research"]);
    expect(await listHistoryModes(BOB)).toEqual(["claim-check", "research"]);
  });

  it("pages on with the same cursor after the run it points at was deleted", async () => {
    const page = await searchHistory({ ownerId: ALICE, filters: {}, limit: 3 });
    expect(page.runs.map((r) => r.id)).toEqual([ids.alice23, ids.alice22, ids.alice21]);
    expect(await deleteRun(ids.alice21)).toBe(true);
    const next = await searchHistory({ ownerId: ALICE, filters: {}, limit: 3, cursor: page.nextCursor });
    expect(next.runs.map((r) => r.id)).toEqual([ids.alice20, ids.alice19, ids.alice18]);
    expect(await deleteRun(ids.alice21)).toBe(false);
  });

  it("counts a run's live share links", async () => {
    const snapshot = { run: {} as never, events: [] };
    const a = await createShareLink(ids.alice20, snapshot);
    await createShareLink(ids.alice20, snapshot);
    await revokeShareLink(a);
    const [entry] = (await searchHistory({ ownerId: ALICE, filters: { q: "case 20" }, limit: 5 })).runs;
    expect(entry.liveShareLinks).toBe(1);
  });

  it("saves ended runs for the history benchmark as given: mode, question, sources from their settings", async () => {
    const before = await countRuns();
    const id = crypto.randomUUID();
    const settings = {
      mode: "claim-check" as const,
      question: "Metformin causes lactic acidosis. (bench 7)",
      sources: ["local" as const],
      maxIterations: 1,
    };
    await insertEndedRuns([
      {
        id,
        settings,
        status: "failed",
        backend: "extractive",
        iterations: 1,
        confidence: 0.7,
        evidenceCount: 20,
        createdAt: new Date("2026-01-01T00:07:00Z"),
        finishedAt: new Date("2026-01-01T00:07:05Z"),
      },
    ]);
    expect(await countRuns()).toBe(before + 1);
    expect(await getRunSettings(id)).toEqual(settings);
    const [entry] = (await searchHistory({ ownerId: null, filters: { q: "bench 7" }, limit: 5 })).runs;
    expect(entry).toMatchObject({
      id,
      mode: "claim-check",
      question: settings.question,
      status: "failed",
      sources: ["local"],
      maxIterations: 1,
      confidence: 0.7,
      evidenceCount: 20,
      ownerId: null,
    });
  });
});
