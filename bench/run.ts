import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { listLibraryRecords } from "@/lib/db/evidence";
import { applyMigrations } from "@/lib/db/migrate";
import { startFixtureServer } from "@/tests/support/fixture-server";
import { classicBenches, importLibrary, type Log } from "./classic";
import { BENCH_QUESTION, measureLlmRun } from "./critical-path";
import { measureCache } from "./cache";
import { LATENCY_MODEL } from "./latency-model";
import { measureHttp, type HttpFigures } from "./http";
import { RUN_PAGE_GOAL_MS } from "./run-page";
import {
  bmlibrarianRoundTrips,
  measureOurClaimCheck,
  PEER_TOKENS,
  replayDeepCriticalAdvanced,
  replayDeepCriticalSimple,
  tokensByAgent,
} from "./peers";
import { measureScaling, writeScalingChart } from "./scaling";
import { measureVocabulary } from "./vocabulary";
import { forgetFullTextFetches } from "@/lib/research/full-text";

/** Documents of the claim check compared with PaperChecker's one-at-a-time scoring: 30, a typical check's. */
const CLAIM_DOCUMENTS = 30;

const round = (x: number) => Math.round(x);
const ratio = (x: number) => Math.round(x * 1000) / 1000;

/**
 * Runs every bench in one process, on a fresh SQLite database in a temp folder holding the whole corpus (2,104
 * records): the classic human lines, then the latency-model figures (bench/latency-model.ts). Returns the JSON object
 * `npm run bench -- --json` prints (fields described in docs/benchmarks.md).
 */
export async function runBench(options: { log: Log; withServer: boolean }): Promise<Record<string, unknown>> {
  const { log } = options;
  const started = performance.now();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "critica-bench-"));
  const benchDb = `file:${path.join(dir, "bench.db")}`;
  process.env.DATABASE_URL = benchDb;
  process.env.CRITICA_ENGINE = "inline";
  const server = await startFixtureServer({ delayMs: LATENCY_MODEL.sourceMs });
  try {
    // First, in a process of its own: nothing here has loaded the vocabulary yet, nothing there but the vocabulary.
    const vocabulary = measureVocabulary(log);
    await applyMigrations();
    await importLibrary(log);
    await classicBenches(log);

    for (const [name, url] of [
      ["PUBMED_BASE_URL", server.urls.pubmed],
      ["EUROPEPMC_BASE_URL", server.urls.europepmc],
      ["CTGOV_BASE_URL", server.urls.ctgov],
    ])
      process.env[name] = url;
    delete process.env.NCBI_API_KEY;
    // the latency-model runs measure the network; the cache bench turns the cache on
    process.env.CRITICA_SOURCE_CACHE_TTL_HOURS = "0";
    // One unmeasured run warms the process (vocabulary lexicon, Prisma, module code), as on a running server.
    await measureLlmRun(server, 1);
    // The measured run fetches its full texts as a new question's would (full text is on by default).
    forgetFullTextFetches();
    const run = await measureLlmRun(server);
    const fullTextRequests = server.requests.filter((r) => r.route === "fulltext").length;
    log(
      `LLM research run under the latency model: ${run.status}, ${run.iterations} iteration(s), ` +
        `${round(run.runMs)} ms, limit ${round(run.limitMs)} ms, ratio ${ratio(run.runMs / run.limitMs)}, ` +
        `full text on (${fullTextRequests} full-text requests)`,
    );

    const tokens = tokensByAgent(run.calls);
    const judged = run.events.flatMap((e) => (e.type === "assessment" ? [e.data.assessment.nextSearchQueries] : []));
    const iterationQueries = [
      BENCH_QUESTION,
      ...judged.slice(0, run.iterations - 1).map((q) => q[0] ?? BENCH_QUESTION),
    ];
    const deepCriticalMs = await replayDeepCriticalAdvanced(server, iterationQueries, tokens);
    const deepCriticalSimpleMs = await replayDeepCriticalSimple(
      server,
      [[BENCH_QUESTION], ...judged.slice(0, run.iterations - 1)],
      tokens,
    );
    const docs = (await listLibraryRecords()).slice(0, CLAIM_DOCUMENTS);
    const ours = await measureOurClaimCheck(docs);
    const bmlibrarian = bmlibrarianRoundTrips(ours.documents, ours.cited);
    log(
      `peers: DeepCritical advanced ${round(deepCriticalMs)} ms (×${ratio(deepCriticalMs / run.runMs)} ours), ` +
        `simple ${round(deepCriticalSimpleMs)} ms; claim check of ${ours.documents} documents: ${ours.roundTrips} ` +
        `sequential round trips, PaperChecker ${bmlibrarian}`,
    );

    const cache = await measureCache(server, log);
    const scaling = await measureScaling(log);
    const chart = writeScalingChart(scaling, path.join(process.cwd(), "bench", "report.svg"));
    log(`scaling chart: ${chart}`);

    let http: HttpFigures | { reason: string } = { reason: "skipped (--no-server)" };
    if (options.withServer) http = await measureHttp(dir, server, log);

    const reportCalls = run.calls.filter((c) => c.agent === "report" || c.agent === "critic").length;
    return {
      latencyModel: {
        LLM_MS: LATENCY_MODEL.llmMs,
        TOKEN_MS: LATENCY_MODEL.tokenMs,
        SOURCE_MS: LATENCY_MODEL.sourceMs,
        NCBI_SPACING_MS: LATENCY_MODEL.ncbiSpacingMs,
        outputTokensPerChar: 0.25,
        peerTokens: PEER_TOKENS,
      },
      criticalPath: {
        runMs: round(run.runMs),
        limitMs: round(run.limitMs),
        ratio: ratio(run.runMs / run.limitMs),
        status: run.status,
        steps: run.steps,
      },
      llmCalls: {
        perIterationMax: Math.max(...run.perIteration),
        total: run.calls.length,
        iterations: run.iterations,
        reportAndCritic: reportCalls,
        byAgent: countBy(run.calls.map((c) => c.agent)),
      },
      runPage: "runPage" in http ? http.runPage : { ms: null, goalMs: RUN_PAGE_GOAL_MS, reason: http.reason },
      firstEvent:
        "firstEvent" in http
          ? {
              ms: round(http.firstEvent.ms),
              ratio: ratio(http.firstEvent.ratio),
              samples: http.firstEvent.samples.map(round),
            }
          : { ms: null, ratio: null, reason: http.reason },
      peers: {
        deepCriticalMs: round(deepCriticalMs),
        deepCriticalSpeedup: ratio(deepCriticalMs / run.runMs),
        // The most any run of our call graph could show: one at its limit (criticalPath.limitMs, every search step and
        // model call back to back). Below 3, the ×3 goal needs fewer or shorter sequential steps than the graph itself
        // (hypothesis → targeted search → judge per iteration, report, critic).
        deepCriticalSpeedupAtLimit: ratio(deepCriticalMs / run.limitMs),
        deepCriticalSimpleMs: round(deepCriticalSimpleMs),
        bmlibrarianRoundTrips: bmlibrarian,
        oursRoundTrips: ours.roundTrips,
        bmlibrarianRoundTripRatio: ratio(bmlibrarian / ours.roundTrips),
        claimCheck: { documents: ours.documents, cited: ours.cited, modelCalls: ours.calls, ms: round(ours.ms) },
      },
      cache,
      vocabulary,
      history:
        "history" in http ? http.history : { ms100: null, ms10k: null, ratio10kTo100: null, reason: http.reason },
      scaling,
      streaming:
        run.reportStream.firstTextMs === null
          ? {
              firstTokenRatio: null,
              reason:
                "no partial report with text reached the run's live viewers before the report call ended (the " +
                "report agent did not stream)",
            }
          : {
              firstTokenRatio: ratio(run.reportStream.firstTextMs / run.reportStream.callMs),
              firstTextMs: round(run.reportStream.firstTextMs),
              reportCallMs: round(run.reportStream.callMs),
            },
      benchMs: round(performance.now() - started),
    };
  } finally {
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function countBy(values: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}
