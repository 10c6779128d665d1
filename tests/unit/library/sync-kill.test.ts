import { spawn } from "node:child_process";
import fs from "node:fs";
import readline from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { countLibraryRecords, rowToEvidence } from "@/lib/db/evidence";
import { writeSyncFixture } from "@/tests/support/pubmed-files";
import { useTempDatabase } from "@/tests/support/temp-database";

// `npm run library:sync` killed with kill -9 mid-file (parse worker and writer die with the process) resumes at the
// file's last committed checkpoint on the next run: every record of the files arrives exactly once, in its last
// version, and the deletions are applied.
const PER_FILE = 600;
const BATCH = 25;

interface Line {
  type: string;
  file?: string;
  index?: number;
  items?: number;
  resumeAt?: number;
  records?: number;
}

/** Runs the CLI as package.json does (tsx), in its own process group; `until` may kill it with SIGKILL on a line. */
function sync(
  folder: string,
  env: Record<string, string>,
  until?: (line: Line) => boolean,
): Promise<{ code: number | null; signal: string | null; lines: Line[] }> {
  const child = spawn(
    process.execPath,
    [
      "node_modules/tsx/dist/cli.mjs",
      "--conditions=react-server",
      "scripts/library-sync.ts",
      folder,
      "--json",
      "--batch-items",
      String(BATCH),
    ],
    {
      cwd: process.cwd(),
      env: {
        ...(Object.fromEntries(
          Object.entries(process.env).filter(([key]) => !key.startsWith("VITEST")),
        ) as NodeJS.ProcessEnv),
        ...env,
      },
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  const lines: Line[] = [];
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr += d));
  readline.createInterface({ input: child.stdout! }).on("line", (text) => {
    const line = JSON.parse(text) as Line;
    lines.push(line);
    if (until?.(line)) process.kill(-child.pid!, "SIGKILL");
  });
  return new Promise((resolve) =>
    child.once("exit", (code, signal) => {
      if (code !== 0 && signal === null) console.error(stderr);
      resolve({ code, signal, lines });
    }),
  );
}

describe("library:sync resumes after kill -9 of a real process", () => {
  let cleanup: () => void;
  let file: string;
  let fixture: ReturnType<typeof writeSyncFixture>;
  beforeAll(async () => {
    ({ cleanup, file } = await useTempDatabase("sync-kill"));
    fixture = writeSyncFixture(PER_FILE);
  });
  afterAll(() => {
    cleanup();
    fs.rmSync(fixture.dir, { recursive: true, force: true });
  });

  it("loses and duplicates nothing: killed in the middle of the second file, the next run resumes there", async () => {
    const env = { DATABASE_URL: `file:${file}` };
    const killed = await sync(
      fixture.dir,
      env,
      (l) => l.type === "progress" && l.index === 2 && (l.items ?? 0) >= 5 * BATCH,
    );
    expect(killed.signal).toBe("SIGKILL");
    expect(killed.lines.some((l) => l.type === "done")).toBe(false);
    const before = await countLibraryRecords();
    expect(before).toBeGreaterThanOrEqual(PER_FILE + 5 * BATCH);
    expect(before).toBeLessThan(2 * PER_FILE);

    const resumed = await sync(fixture.dir, env);
    expect(resumed.code).toBe(0);
    const starts = resumed.lines.filter((l) => l.type === "file-start");
    // File 1 was applied before the kill; file 2 resumes after its last committed batch, at a batch boundary.
    expect(starts.map((l) => l.file)).toEqual([fixture.files[1].name, fixture.files[2].name]);
    expect(starts[0].resumeAt).toBe(before - PER_FILE);
    expect(starts[0].resumeAt! % BATCH).toBe(0);
    expect(resumed.lines.at(-1)).toMatchObject({ type: "done", files: 2, deleted: 2, updated: 3, failed: 0 });

    const rows = await getDb().evidence.findMany({ where: { inLibrary: true } });
    expect(rows).toHaveLength(fixture.expected.size);
    expect(new Set(rows.map((r) => r.pmid)).size).toBe(rows.length);
    for (const row of rows) expect(rowToEvidence(row), row.id).toEqual(fixture.expected.get(row.id));
    expect(await countLibraryRecords()).toBe(fixture.expected.size);
    expect(
      await getDb().librarySyncFile.findMany({
        select: { name: true, status: true, items: true },
        orderBy: { name: "asc" },
      }),
    ).toEqual(
      fixture.files.map((f) => ({
        name: f.name,
        status: "applied",
        items: f.to - f.from + f.revised.length + f.deleted.length,
      })),
    );
  });
});
