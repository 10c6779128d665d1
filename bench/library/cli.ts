import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { writeLibraryChart } from "./chart";
import { runLibraryBench } from "./run";
import { runFullTextBench } from "./fulltext-run";

/**
 * `npm run bench -- library --fulltexts N [--db …]`: the full-text bench instead (bench/library/fulltext-run.ts).
 * `npm run bench -- library [--records N] [--db sqlite|postgres|both] [--json] [--keep | --remeasure <dir>]`: runs the
 * library bench, prints one
 * line of `{ importRecordsPerSecond, searchP50Ms, searchP95Ms, searchTotalCpuP95Ms, dbBytesPerRecord }` per size and
 * database, and writes
 * bench/library-results.json (every figure) and bench/library-growth.svg (the growth curve).
 */
export async function runLibraryBenchCli(argv: string[], log: (line: string) => void, json: boolean): Promise<void> {
  const { values } = parseArgs({
    args: argv.slice(2).filter((a) => a !== "--" && a !== "library"),
    options: {
      records: { type: "string", default: "1000000" },
      db: { type: "string", default: "both" },
      json: { type: "boolean", default: false },
      keep: { type: "boolean", default: false },
      remeasure: { type: "string" },
      fulltexts: { type: "string" },
    },
    allowPositionals: true,
  });
  const records = Number(values.records);
  if (!Number.isInteger(records) || records < 1000)
    throw new Error(`--records must be a whole number of at least 1000, got "${values.records}"`);
  const databases =
    values.db === "both"
      ? (["sqlite", "postgres"] as const)
      : values.db === "sqlite" || values.db === "postgres"
        ? ([values.db] as const)
        : null;
  if (!databases) throw new Error(`--db must be sqlite, postgres or both, got "${values.db}"`);
  if (values.fulltexts !== undefined) {
    const count = Number(values.fulltexts);
    if (!Number.isInteger(count) || count < 1000)
      throw new Error(`--fulltexts must be a whole number of at least 1000, got "${values.fulltexts}"`);
    const figures = await runFullTextBench(count, [...databases], log);
    if (json) console.log(JSON.stringify(figures, null, 2));
    return;
  }
  const started = performance.now();
  const result = await runLibraryBench({
    records,
    databases: [...databases],
    log,
    keep: values.keep,
    remeasure: values.remeasure,
  });
  // Results of other databases and sizes are kept (a run with --db sqlite, then one with --db postgres; a smaller run
  // beside a larger one); a figure of the same database and size is replaced, and a remeasure keeps its import figures.
  const file = path.join(process.cwd(), "bench", "library-results.json");
  type Stored = (typeof result.sizes)[number];
  const previous = fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, "utf8")) as { sizes?: Stored[]; runs?: Record<string, unknown> })
    : {};
  const same = (a: Stored, b: Stored) => a.database === b.database && a.records === b.records;
  const sizes = [
    ...(previous.sizes ?? []).filter((s) => !result.sizes.some((r) => same(r, s))),
    ...result.sizes.map((r) => {
      const before = (previous.sizes ?? []).find((s) => same(r, s));
      return values.remeasure && before
        ? { ...r, ...Object.fromEntries(Object.entries(before).filter(([k]) => k.startsWith("import"))) }
        : r;
    }),
  ].sort((a, b) => a.database.localeCompare(b.database) || a.records - b.records) as Stored[];
  const out = {
    measuredAt: new Date().toISOString(),
    records,
    ...result,
    sizes,
    runs: { ...(previous.runs ?? {}), ...result.runs },
    benchSeconds: Math.round((performance.now() - started) / 1000),
  };
  fs.writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
  log(`growth curve: ${writeLibraryChart(sizes, path.join(process.cwd(), "bench", "library-growth.svg"))}`);
  for (const s of result.sizes) {
    const line = {
      database: s.database,
      records: s.records,
      importRecordsPerSecond: s.importRecordsPerSecond,
      searchP50Ms: s.searchP50Ms,
      searchP95Ms: s.searchP95Ms,
      searchTotalCpuP95Ms: s.searchTotalCpuP95Ms,
      dbBytesPerRecord: s.dbBytesPerRecord,
    };
    if (!json) log(JSON.stringify(line));
  }
  if (json) console.log(JSON.stringify(out, null, 2));
}
