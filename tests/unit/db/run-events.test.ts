import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";
import { appendRunEvent, createRun, getRun, listRunEvents } from "@/lib/db/runs";
import { createShareLink, getSharedSnapshot } from "@/lib/db/share-links";
import { SNAPSHOT_VERSION } from "@/lib/domain/snapshot";
import { toRunSnapshot } from "@/lib/runs/snapshot";
import { useTempDatabase } from "@/tests/support/temp-database";

// Saved events are parsed by their type's schema when read (lib/domain/events.ts), from the database and from share
// links alike: a row an older or newer version wrote that no longer parses is reported and shown as a warning, never
// cast.
describe("reading a run's saved events", () => {
  let cleanup: () => void;
  let runId: string;
  beforeAll(async () => {
    ({ cleanup } = await useTempDatabase("run-events"));
    runId = crypto.randomUUID();
    await createRun({
      id: runId,
      settings: { mode: "research", question: "Is lithium nephrotoxic?", sources: ["local"], maxIterations: 1 },
      backend: "extractive",
      model: null,
      ownerId: null,
    });
    await appendRunEvent(runId, 1, "run-started", {
      question: "Is lithium nephrotoxic?",
      backend: "extractive",
      model: null,
      sources: ["local"],
      maxIterations: 1,
    });
    // A row whose payload does not match its type (written by hand, as a bug or another version might).
    await getDb().runEvent.create({
      data: {
        runId,
        seq: 2,
        type: "search",
        payload: { iteration: 1, phase: "question", source: "pubmed", query: "lithium", hits: "forty", durationMs: 12 },
      },
    });
    await appendRunEvent(runId, 3, "search", {
      iteration: 1,
      phase: "question",
      source: "local",
      query: "lithium",
      hits: 40,
      durationMs: 5,
      fromCache: true,
    });
  });
  afterAll(() => cleanup());

  it("parses each row, and reads one that does not parse as a warning notice it reports", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const events = await listRunEvents(runId);
      expect(events.map((e) => [e.seq, e.type])).toEqual([
        [1, "run-started"],
        [2, "notice"],
        [3, "search"],
      ]);
      expect(events[1].data).toEqual({
        level: "warning",
        message:
          `Event 2 of this run could not be read (invalid "search" event: hits: Invalid input: expected number, ` +
          `received string).`,
      });
      expect(events[2].data).toEqual({
        iteration: 1,
        phase: "question",
        source: "local",
        query: "lithium",
        hits: 40,
        durationMs: 5,
        fromCache: true,
      });
      expect(logged.mock.calls.map((c) => c[0])).toEqual([
        `run ${runId}: event 2 could not be read: invalid "search" event: hits: Invalid input: expected ` +
          `number, received string`,
      ]);
    } finally {
      logged.mockRestore();
    }
  });

  it("freezes share links with the snapshot's version, and parses their events the same way", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const snapshot = toRunSnapshot((await getRun(runId))!, await listRunEvents(runId));
      expect(snapshot.version).toBe(SNAPSHOT_VERSION);
      const token = await createShareLink(runId, snapshot);
      expect((await getSharedSnapshot(token))!.events).toEqual(snapshot.events);
      // A snapshot frozen before snapshots had a version, holding an event that no longer parses.
      const { version, ...older } = snapshot;
      expect(version).toBe(1);
      const olderToken = await createShareLink(runId, {
        ...older,
        events: [
          snapshot.events[0],
          { seq: 2, type: "iteration-started", data: { iteration: "one" }, createdAt: snapshot.events[0].createdAt },
        ] as never,
      });
      const read = (await getSharedSnapshot(olderToken))!;
      expect(read.version).toBeUndefined();
      expect(read.events.map((e) => [e.seq, e.type])).toEqual([
        [1, "run-started"],
        [2, "notice"],
      ]);
      // Once for the database row read into the first snapshot, once for the older snapshot's event.
      expect(logged.mock.calls.map((c) => c[0])).toEqual([
        `run ${runId}: event 2 could not be read: invalid "search" event: hits: Invalid input: expected ` +
          `number, received string`,
        `share link of run ${runId}: event 2 could not be read: invalid "iteration-started" event: iteration: ` +
          `Invalid input: expected number, received string`,
      ]);
    } finally {
      logged.mockRestore();
    }
  });
});
