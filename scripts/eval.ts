/**
 * Benchmarks: `npm run eval -- <benchmark> [--json] [--backend extractive|llm] [options]`.
 *   cdr     BioCreative V CDR chemical-induced-disease relations, test split, gold entities (--split dev for dev)
 *   claims  claim checks "<chemical> causes / does not cause <disease>." over sampled CDR pairs (--split test|dev,
 * --pairs N)
 *   bottomline  the research bottom line on CDR pairs: yes-rates, agreement with the claim check, organ questions,
 * Unverified share (--split test|dev)
 *   pubmedqa  PubMedQA PQA-L questions researched over a library of their abstracts without conclusions (--split
 * test|dev, --limit N)
 *   concepts  questions and claims at class, broader-disease and related-outcome level from CDR gold relations
 *             (--split dev|train)
 *   studytypes  the study-design classifier: BC5CDR training records against our labels, the MEDLINE sample against its
 *             publication types (--split test|dev|all, --errors)
 *   fulltext  facts only the bodies of five articles state, asked over the demo library plus the articles (JATS, then
 *             PDF)
 * `--backend llm` (pubmedqa, claims, cdr) runs the model path of the benchmark on the configured language model
 * (OPENAI_*; or a cassette replayed with CRITICA_LLM_CASSETTE=replay) and prints its calls, tokens and estimated cost.
 * Add a benchmark by adding an entry to BENCHMARKS. Unknown subcommands exit 2 with usage.
 */
import { formatUsageLine } from "@/lib/ai/usage";
import { runBottomLine } from "./eval-bottomline";
import { runConcepts } from "./eval-concepts";
import { runCdr } from "./eval-cdr";
import { runCdrWithModel } from "./eval-cdr-llm";
import { backendArg } from "./eval-model";
import { runClaims } from "./eval-claims";
import { runFullText } from "./eval-fulltext";
import { runPubmedQa } from "./eval-pubmedqa";
import { runStudyTypes } from "./eval-studytypes";
import type { BenchmarkResult } from "./eval-types";

const BENCHMARKS: Record<
  string,
  { describe: string; run: (args: string[]) => BenchmarkResult | Promise<BenchmarkResult> }
> = {
  cdr: {
    describe:
      "BioCreative V CDR doc-level chemical-induced-disease relations, gold entities (--split test|dev; " +
      "--backend llm --limit N: the claim check on each document's pairs)",
    run: (args) => (backendArg(args) === "llm" ? runCdrWithModel(args) : runCdr(args)),
  },
  claims: {
    describe:
      "claim checks over sampled CDR pairs on a temporary library of the split (--split test|dev, --pairs N or " +
      "--limit N, --backend extractive|llm)",
    run: runClaims,
  },
  bottomline: {
    describe:
      "the bottom line on CDR pairs asked as questions and claims, organ questions, the critic, PubMedQA " +
      "(--split test|dev, --pairs N, --organs N)",
    run: runBottomLine,
  },
  concepts: {
    describe:
      "concept-level questions and claims (drug classes, broader and related diseases) from CDR dev or training gold " +
      "relations (--split dev|train, --per-level N)",
    run: runConcepts,
  },
  pubmedqa: {
    describe:
      "PubMedQA PQA-L yes/no/maybe from the bottom line; test = odd PMIDs, dev = even (--split test|dev, " +
      "--limit N, --backend extractive|llm)",
    run: runPubmedQa,
  },
  studytypes: {
    describe:
      "study designs: BC5CDR training records against our labels, the MEDLINE sample against its publication " +
      "types (--split test|dev|all, --errors)",
    run: runStudyTypes,
  },
  fulltext: {
    describe:
      "facts only the bodies of the five shared full texts state, asked over the demo library plus those " +
      "articles, imported as JATS and as PDF",
    run: runFullText,
  },
};

function usage(): string {
  const lines = Object.entries(BENCHMARKS).map(([name, b]) => `  ${name.padEnd(10)} ${b.describe}`);
  return (
    `usage: npm run eval -- <benchmark> [--json] [--backend extractive|llm] ` +
    `[options]\nbenchmarks:\n${lines.join("\n")}\n`
  );
}

const fmt = (x: number | undefined, digits = 3) => (x === undefined ? "—" : x.toFixed(digits));

/**
 * The lines on the model of a `--backend llm` result: "model: <id> — 12 model calls · 1,200 input + 240
 * output tokens · est. $0.0012", then "  <agent>: <calls> calls · <in> input + <out> output tokens" per agent; none
 * otherwise.
 */
function modelLines(result: BenchmarkResult): string[] {
  if (!result.llm) return [];
  const { modelId, usage } = result.llm;
  const agents = Object.entries(usage.byAgent).map(
    ([agent, u]) =>
      `  ${agent}: ${u.calls} ${u.calls === 1 ? "call" : "calls"} · ${u.inputTokens.toLocaleString("en")} ` +
      `input + ${u.outputTokens.toLocaleString("en")} output tokens`,
  );
  return [`model: ${modelId} — ${formatUsageLine(usage)}`, ...agents];
}

/** A fixed-width text table of a benchmark result. */
export function formatTable(result: BenchmarkResult): string {
  if (result.metric) return formatMetricTable(result, result.metric);
  const header = ["", "P", "R", "F1", "TP", "FP", "FN"];
  const body = result.rows.map((r) => [
    r.source === "published" ? `${r.name} (published)` : r.name,
    fmt(r.precision),
    fmt(r.recall),
    fmt(r.f1),
    r.tp?.toString() ?? "—",
    r.fp?.toString() ?? "—",
    r.fn?.toString() ?? "—",
  ]);
  const widths = header.map((_, i) => Math.max(...[header, ...body].map((row) => row[i].length)));
  const line = (row: string[]) => row.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  return [
    `${result.benchmark}: ${result.split}, ${result.documents} documents, ${result.goldRelations} gold relations`,
    line(header),
    ...body.map(line),
    ...(result.notes ?? []).map((n) => `note: ${n}`),
    ...modelLines(result),
  ].join("\n");
}

/** A benchmark measured by one figure per row (e.g. PubMedQA accuracy): name and figure. */
function formatMetricTable(result: BenchmarkResult, metric: string): string {
  const names = result.rows.map((r) => (r.source === "published" ? `${r.name} (published)` : r.name));
  const width = Math.max(...names.map((n) => n.length));
  return [
    `${result.benchmark}: ${result.split}, ${result.documents} questions`,
    `${"".padEnd(width)}  ${metric}`,
    ...result.rows.map((r, i) => `${names[i].padEnd(width)}  ${fmt(r.f1).padStart(metric.length)}`),
    ...(result.notes ?? []).map((n) => `note: ${n}`),
    ...modelLines(result),
  ].join("\n");
}

async function main(): Promise<number> {
  const [name, ...rest] = process.argv.slice(2);
  const bench = name ? BENCHMARKS[name] : undefined;
  if (!bench) {
    process.stderr.write(usage());
    return 2;
  }
  const json = rest.includes("--json");
  const result = await bench.run(rest.filter((a) => a !== "--json"));
  process.stdout.write(json ? `${JSON.stringify(result, null, 2)}\n` : `${formatTable(result)}\n`);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
