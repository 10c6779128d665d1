import path from "node:path";
import { createExtractiveBackend } from "@/lib/research/agents/extractive";
import { listLibraryRecords } from "@/lib/db/evidence";
import { queryTerms, searchLibrary } from "@/lib/db/library";
import { importFile } from "@/lib/library/import";
import type { Evidence } from "@/lib/domain/evidence";
import type { LiteratureSource } from "@/lib/sources/types";
import { claimCheck, research } from "@/lib/modes";
import { startRun } from "@/lib/runs/start";
import { searchSources } from "@/lib/sources/search";

// The bench's first checks (before the latency model), printed as human lines, each a ratio measured in this one run:
//  1. Source fan-out: three sources with 150 ms latency searched in parallel vs one after another.
//  2. Library search: the FTS5 bm25 index vs a linear scan of every record, over the real corpus.
//  3. A whole extractive research run on the corpus, and its share spent in the agents vs the database.
//  4. A whole extractive claim check (two claims) on the corpus.

/** The shared corpus (BC5CDR PubTator sets and the MEDLINE sample). */
export const CORPUS = path.resolve(process.cwd(), "../shared/fixtures/corpus");

/** Prints one human line (stdout, or stderr when stdout carries the JSON). */
export type Log = (line: string) => void;

/** Runs `fn` and returns its value and its duration in ms. */
export async function time<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const value = await fn();
  return [value, performance.now() - t];
}

function fakeSource(id: LiteratureSource["id"], latencyMs: number): LiteratureSource {
  return { id, search: () => new Promise<Evidence[]>((resolve) => setTimeout(() => resolve([]), latencyMs)) };
}

async function benchFanOut(log: Log) {
  const sources = [fakeSource("pubmed", 150), fakeSource("europepmc", 150), fakeSource("ctgov", 150)];
  const options = { limit: 10, timeoutMs: 5_000 };
  const [, parallel] = await time(() => searchSources(sources, "q", options));
  const [, sequential] = await time(async () => {
    for (const s of sources) await searchSources([s], "q", options);
  });
  log(
    `fan-out: parallel ${parallel.toFixed(0)} ms, sequential ${sequential.toFixed(0)} ms, speed-up ` +
      `×${(sequential / parallel).toFixed(2)}`,
  );
}

async function benchLibrarySearch(log: Log, queries: string[]) {
  const rows = await listLibraryRecords();
  const [, indexed] = await time(async () => {
    for (const q of queries) await searchLibrary(q, 40);
  });
  const [, scanned] = await time(async () => {
    for (const q of queries) {
      const all = await listLibraryRecords();
      const terms = queryTerms(q);
      all
        .map((e) => ({
          e,
          hits: terms.filter((t) => `${e.citation.title} ${e.citation.abstract}`.toLowerCase().includes(t)).length,
        }))
        .filter((x) => x.hits > 0)
        .sort((a, b) => b.hits - a.hits)
        .slice(0, 40);
    }
  });
  log(
    `library search over ${rows.length} records, ${queries.length} queries: FTS5 ${indexed.toFixed(0)} ms, ` +
      `linear scan ${scanned.toFixed(0)} ms, speed-up ×${(scanned / indexed).toFixed(1)}`,
  );
}

async function benchRun(log: Log, question: string) {
  const backend = createExtractiveBackend();
  let agentMs = 0;
  const timed =
    <A extends unknown[], R>(fn: (...a: A) => Promise<R>) =>
    async (...a: A) => {
      const [r, ms] = await time(() => fn(...a));
      agentMs += ms;
      return r;
    };
  const instrumented = {
    ...backend,
    hypothesize: timed(backend.hypothesize),
    judge: timed(backend.judge),
    report: timed(backend.report),
  };
  const [outcome, total] = await time(
    async () =>
      (await startRun(research, { question, sources: ["local"] }, { overrides: { backend: instrumented } })).done,
  );
  log(
    `extractive run "${question}": ${outcome.status}, ${outcome.iterations} iteration(s), ` +
      `${outcome.evidence.length} records, ` +
      `${total.toFixed(0)} ms total, agents ${agentMs.toFixed(0)} ms ` +
      `(${((agentMs / total) * 100).toFixed(0)}%), search and storage ${(total - agentMs).toFixed(0)} ms`,
  );
}

async function benchClaimCheck(log: Log, text: string) {
  const [outcome, total] = await time(async () => (await startRun(claimCheck, { text, sources: ["local"] })).done);
  const scored = outcome.claims.reduce((sum, c) => sum + c.searchStats.documentsScored, 0);
  log(
    `extractive claim check: ${outcome.status}, ${outcome.claims.length} claim(s) checked in parallel, ` +
      `${scored} documents scored, ` +
      `verdicts ${outcome.claims.map((c) => c.verdict).join(", ")}, ${total.toFixed(0)} ms total`,
  );
}

/** Imports the whole corpus into the library (2,104 records) and prints the import rate. */
export async function importLibrary(log: Log): Promise<void> {
  const [, importMs] = await time(async () => {
    for (const f of ["CDR_DevelopmentSet.PubTator.txt", "CDR_TestSet.PubTator.txt", "CDR_TrainingSet.PubTator.txt"])
      await importFile(path.join(CORPUS, "bc5cdr_pubtator", f));
    await importFile(path.join(CORPUS, "medline16n0902_sample_604.xml"));
  });
  log(`library import: 2104 records in ${importMs.toFixed(0)} ms (${(2104 / (importMs / 1000)).toFixed(0)} records/s)`);
}

/** The checks listed at the top of this file, in order. */
export async function classicBenches(log: Log): Promise<void> {
  await benchFanOut(log);
  await benchLibrarySearch(log, [
    "lithium nephrotoxicity",
    "doxorubicin cardiotoxicity",
    "cisplatin kidney injury",
    "haloperidol dyskinesia",
    "aspirin bleeding",
  ]);
  await benchRun(log, "Is lithium nephrotoxic, and by what mechanism?");
  await benchRun(log, "Does doxorubicin cause cardiotoxicity, and through which mechanism?");
  await benchClaimCheck(
    log,
    "RESULTS: Doxorubicin had no effect on the heart in this cohort. Regular yoga practice reduced the " +
      "incidence of smartphone addiction by 30%.",
  );
}
