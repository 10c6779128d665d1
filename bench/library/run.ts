import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { disconnectDb } from "@/lib/db/client";
import { openLibraryWriter } from "@/lib/db/library-writer";
import { applyMigrations } from "@/lib/db/migrate";
import { importFile } from "@/lib/library/import";
import { syncLibrary } from "@/lib/library/sync";
import { CORPUS_DIR } from "./corpus-pools";
import { measureSearch, querySet, type BenchQuery, type SearchFigures } from "./measure";
import { postgresDatabase, ServerCpu } from "./server-cpu";
import { ensureSyntheticLibrary, RECORDS_PER_FILE } from "./synthesize";
import { runWorkload, type WorkloadRun } from "./workload";

/** Options of `npm run bench -- library`. */
export interface LibraryBenchOptions {
  records: number;
  databases: Array<"sqlite" | "postgres">;
  log: (line: string) => void;
  /** Keep the databases (and print where) instead of removing them. */
  keep?: boolean;
  /**
   * The folder of a kept run (printed by --keep): measure search and the workload again on its largest libraries,
   * without syncing (after a change to the search).
   */
  remeasure?: string;
}

/** Figures of one library size on one database. */
export interface SizeFigures extends SearchFigures {
  database: "sqlite" | "postgres";
  records: number;
  importRecordsPerSecond: number;
  /** CPU time of this process (parse worker + writer) per record, µs; Postgres' own CPU is not in it. */
  importCpuMicrosPerRecord: number;
  /** CPU per record of the parse worker thread (reading, gunzip's calls, parsing, building rows), µs. */
  importParseCpuMicrosPerRecord: number;
  /** CPU per record of the writing thread (the sync's caller: binding, SQLite's inserts and FTS5 on SQLite), µs. */
  importWriterCpuMicrosPerRecord: number;
  /**
   * CPU per record of the Postgres server's processes for this database (generated tsvector, GIN build), µs; null on
   * SQLite or when unreadable.
   */
  importServerCpuMicrosPerRecord: number | null;
  importSeconds: number;
  dbBytesPerRecord: number;
}

/** A workload run at the largest size against the same run on the 2,104-record corpus library. */
export interface RunComparison {
  kind: WorkloadRun["kind"];
  text: string;
  msSmall: number;
  msLarge: number;
  ratio: number;
  status: string;
  evidenceLarge: number;
}

const round = (x: number, d = 0) => Math.round(x * 10 ** d) / 10 ** d;
const CORPUS_FILES = [
  "bc5cdr_pubtator/CDR_DevelopmentSet.PubTator.txt",
  "bc5cdr_pubtator/CDR_TestSet.PubTator.txt",
  "bc5cdr_pubtator/CDR_TrainingSet.PubTator.txt",
  "medline16n0902_sample_604.xml",
];

/** The sizes of the growth curve up to `records`: 100k, 250k, 500k, 1M, … (each a whole number of files). */
export function benchSizes(records: number): number[] {
  const steps = [100_000, 250_000, 500_000, 1_000_000, 2_000_000, 5_000_000].filter(
    (s) => s < records && s % RECORDS_PER_FILE === 0,
  );
  return [...steps, records];
}

/** A fresh database of `kind` for `name`: a SQLite file under `dir`, or a Postgres database (dropped first). */
export async function freshDatabase(
  kind: "sqlite" | "postgres",
  name: string,
  dir: string,
  keep = false,
): Promise<string> {
  if (kind === "sqlite") return `file:${path.join(dir, `${name}.db`)}`;
  const admin = process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL;
  if (!admin)
    throw new Error("the Postgres library bench needs BENCH_POSTGRES_URL or TEST_POSTGRES_URL (a role with CREATEDB)");
  const database = `critica_bench_${name}${process.env.TEST_POSTGRES_DB_SUFFIX ?? ""}`.toLowerCase();
  if (!keep) {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${database}`);
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function switchDatabase(url: string) {
  await disconnectDb().catch(() => undefined);
  process.env.DATABASE_URL = url;
  await applyMigrations();
}

/**
 * `npm run bench -- library --records N`: per database, a library built by library:sync from synthetic baseline files
 * (bench/library/synthesize.ts), measured at each size of the growth curve (import rate, search p50/p95 on the agents'
 * queries with and without filters, bytes per record), then the workload (research runs and a claim check) on the
 * largest library against the same on the 2,104-record corpus library.
 */
export async function runLibraryBench(
  options: LibraryBenchOptions,
): Promise<{ sizes: SizeFigures[]; runs: Record<string, RunComparison[]>; queries: BenchQuery[] }> {
  const { log } = options;
  if (options.remeasure) return remeasure(options, options.remeasure);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "critica-library-bench-"));
  const cache = path.join(process.cwd(), ".cache", "library-bench");
  const synthetic = ensureSyntheticLibrary(options.records, cache, 1, log);
  const sizes: SizeFigures[] = [];
  const runs: Record<string, RunComparison[]> = {};
  let queries: BenchQuery[] = [];
  try {
    for (const kind of options.databases) {
      // The corpus library: the workload's baseline times, and (first database) the agents' queries.
      await switchDatabase(await freshDatabase(kind, "library_corpus", dir));
      for (const file of CORPUS_FILES) await importFile(path.join(CORPUS_DIR, file));
      const small = await runWorkload();
      if (queries.length === 0) queries = querySet(small.flatMap((r) => r.queries));
      log(
        `${kind}: corpus library (2,104 records): ` +
          `${small.map((r) => `${r.kind} ${Math.round(r.ms)} ms`).join(", ")}; ${queries.length} queries in the ` +
          `set`,
      );

      await switchDatabase(await freshDatabase(kind, `library_synthetic_${options.records}`, dir));
      const stage = path.join(dir, `stage-${kind}`);
      fs.mkdirSync(stage, { recursive: true });
      for (const size of benchSizes(options.records)) {
        const files = synthetic.files
          .filter((f) => f.to <= size && f.from < f.to)
          .concat(size === options.records ? synthetic.files.filter((f) => f.from === f.to) : []);
        for (const f of files)
          if (!fs.existsSync(path.join(stage, f.name)))
            fs.symlinkSync(path.join(synthetic.dir, f.name), path.join(stage, f.name));
        const cpu = process.cpuUsage();
        const server = new ServerCpu(postgresDatabase(process.env.DATABASE_URL!));
        const serverBefore = server.read();
        server.sample();
        const summary = await syncLibrary({
          folder: stage,
          onEvent: (e) =>
            e.type === "file-done" &&
            log(`  ${kind} ${e.file}: ${e.created} new, ${e.updated} updated, ${e.deleted} deleted in ${e.ms} ms`),
        });
        const used = process.cpuUsage(cpu);
        server.stop();
        const serverMicros = server.read() - serverBefore;
        const writer = await openLibraryWriter();
        const bytes = await writer.databaseBytes();
        await writer.close();
        const search = await measureSearch(queries, 2, new ServerCpu(postgresDatabase(process.env.DATABASE_URL!)));
        const perRecord = (micros: number) => round(micros / Math.max(1, summary.records));
        const figures: SizeFigures = {
          database: kind,
          records: summary.libraryRecords,
          importRecordsPerSecond: summary.recordsPerSecond,
          importCpuMicrosPerRecord: perRecord(used.user + used.system),
          importParseCpuMicrosPerRecord: perRecord(summary.parseCpuMicros),
          importWriterCpuMicrosPerRecord: perRecord(summary.writerCpuMicros),
          importServerCpuMicrosPerRecord: server.database && serverMicros > 0 ? perRecord(serverMicros) : null,
          importSeconds: round(summary.ms / 1000, 1),
          dbBytesPerRecord: round(bytes / Math.max(1, summary.libraryRecords)),
          ...search,
        };
        sizes.push(figures);
        log(
          `${kind} ${figures.records.toLocaleString("en-US")} records: ${JSON.stringify({
            importRecordsPerSecond: figures.importRecordsPerSecond,
            importCpuMicrosPerRecord: {
              parse: figures.importParseCpuMicrosPerRecord,
              writer: figures.importWriterCpuMicrosPerRecord,
              process: figures.importCpuMicrosPerRecord,
              server: figures.importServerCpuMicrosPerRecord,
            },
            searchP50Ms: figures.searchP50Ms,
            searchP95Ms: figures.searchP95Ms,
            searchTotalCpuP95Ms: figures.searchTotalCpuP95Ms,
            dbBytesPerRecord: figures.dbBytesPerRecord,
          })}`,
        );
      }
      const large = await runWorkload();
      runs[`${kind}@${options.records}`] = large.map((r, i) => ({
        kind: r.kind,
        text: r.text,
        msSmall: round(small[i].ms),
        msLarge: round(r.ms),
        ratio: round(r.ms / small[i].ms, 2),
        status: r.status,
        evidenceLarge: r.evidence,
      }));
      for (const r of runs[`${kind}@${options.records}`])
        log(
          `${kind} ${r.kind} "${r.text}": ${r.msSmall} ms on 2,104 records, ${r.msLarge} ms on ` +
            `${options.records.toLocaleString("en-US")} (×${r.ratio}), ${r.status}`,
        );
    }
  } finally {
    await disconnectDb().catch(() => undefined);
    if (options.keep) log(`databases kept in ${dir} (SQLite) and as critica_bench_library_* (Postgres)`);
    else fs.rmSync(dir, { recursive: true, force: true });
  }
  return { sizes, runs, queries };
}

/**
 * Search figures and the workload again on the libraries a kept run left in `dir` (see LibraryBenchOptions.remeasure).
 */
async function remeasure(options: LibraryBenchOptions, dir: string) {
  const sizes: SizeFigures[] = [];
  const runs: Record<string, RunComparison[]> = {};
  let queries: BenchQuery[] = [];
  try {
    for (const kind of options.databases) {
      await switchDatabase(await freshDatabase(kind, "library_corpus", dir, true));
      const small = await runWorkload();
      if (queries.length === 0) queries = querySet(small.flatMap((r) => r.queries));
      await switchDatabase(await freshDatabase(kind, `library_synthetic_${options.records}`, dir, true));
      const writer = await openLibraryWriter();
      const records = await writer.libraryRecords();
      const bytes = await writer.databaseBytes();
      await writer.close();
      const search = await measureSearch(queries, 2, new ServerCpu(postgresDatabase(process.env.DATABASE_URL!)));
      sizes.push({
        database: kind,
        records,
        importRecordsPerSecond: NaN,
        importCpuMicrosPerRecord: NaN,
        importParseCpuMicrosPerRecord: NaN,
        importWriterCpuMicrosPerRecord: NaN,
        importServerCpuMicrosPerRecord: null,
        importSeconds: NaN,
        dbBytesPerRecord: round(bytes / Math.max(1, records)),
        ...search,
      });
      options.log(
        `${kind} ${records.toLocaleString("en-US")} records (remeasured): ` +
          JSON.stringify({
            searchP50Ms: search.searchP50Ms,
            searchP95Ms: search.searchP95Ms,
            coldP95Ms: search.coldP95Ms,
            searchTotalCpuP95Ms: search.searchTotalCpuP95Ms,
          }),
      );
      const large = await runWorkload();
      runs[`${kind}@${records}`] = large.map((r, i) => ({
        kind: r.kind,
        text: r.text,
        msSmall: round(small[i].ms),
        msLarge: round(r.ms),
        ratio: round(r.ms / small[i].ms, 2),
        status: r.status,
        evidenceLarge: r.evidence,
      }));
      for (const r of runs[`${kind}@${records}`])
        options.log(
          `${kind} ${r.kind} "${r.text}": ${r.msSmall} ms on 2,104 records, ${r.msLarge} ms on ` +
            `${records.toLocaleString("en-US")} (×${r.ratio}), ${r.status}`,
        );
    }
  } finally {
    await disconnectDb().catch(() => undefined);
  }
  return { sizes, runs, queries };
}
