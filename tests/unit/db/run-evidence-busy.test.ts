import crypto from "node:crypto";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addRunEvidence, createRun, getRunEvidence } from "@/lib/db/runs";
import { sqliteFilePath } from "@/lib/db/client";
import { loadCorpus } from "@/tests/support/corpus";
import { useTempDatabase } from "@/tests/support/temp-database";

// SQLite allows one writer at a time across processes. A run's evidence save that meets another process's write lock
// fails at once with SQLITE_BUSY when its transaction must upgrade to a write (Prisma P1008, "Operation has timed
// out"); CI once saw a run fail that way in its first search. addRunEvidence retries it.
describe("saving a run's evidence while another process holds SQLite's write lock", () => {
  let cleanup: () => void;
  beforeAll(async () => {
    ({ cleanup } = await useTempDatabase("run-evidence-busy"));
  });
  afterAll(() => cleanup());

  it("waits out the other writer and saves every record once, in order", async () => {
    const runId = crypto.randomUUID();
    await createRun({
      id: runId,
      settings: { mode: "research", question: "lithium", sources: ["local"], maxIterations: 1 },
      backend: "extractive",
      model: null,
      ownerId: null,
    });
    const records = loadCorpus().slice(0, 3);
    // Another process (a second connection) takes the write lock and keeps it for 2 s.
    const other = new Database(sqliteFilePath(process.env.DATABASE_URL!));
    other.exec("BEGIN IMMEDIATE");
    const released = new Promise<void>((resolve) =>
      setTimeout(() => {
        other.exec("COMMIT");
        other.close();
        resolve();
      }, 2_000),
    );
    await addRunEvidence(runId, records, 1, 1);
    await released;
    expect((await getRunEvidence(runId)).map((e) => e.citation.pmid)).toEqual(records.map((e) => e.citation.pmid));
  }, 30_000);
});
