// `npm run research -- "<question>" [--sources local] [--max-iterations N] [--json]`
// Runs the research workflow headless, saves it like the UI does, prints the report (markdown) or the --json
// contract. Exits 0 on a completed run, 1 on a failed or cancelled run, 2 on bad usage.
import { parseArgs } from "node:util";
import { applyMigrations } from "@/lib/db/migrate";
import { getRunDetail } from "@/lib/db/run-detail";
import { runToJson } from "@/lib/report/run-json";
import { parseSourceList } from "@/lib/sources/registry";
import { cancelRun, RunInputError, startResearchRun } from "@/lib/workflow/run-executor";

const USAGE = `usage: npm run research -- "<question>" [--sources pubmed,europepmc,ctgov,local] [--max-iterations N] [--json]`;

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      allowPositionals: true,
      options: {
        sources: { type: "string" },
        "max-iterations": { type: "string" },
        json: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (args.values.help) {
    console.log(USAGE);
    return 0;
  }
  const question = args.positionals.join(" ").trim();
  if (!question) {
    console.error(`No question given.\n${USAGE}`);
    return 2;
  }
  let sources;
  let maxIterations: number | undefined;
  try {
    sources = args.values.sources ? parseSourceList(args.values.sources) : undefined;
    if (args.values["max-iterations"] !== undefined) {
      maxIterations = Number(args.values["max-iterations"]);
      if (!Number.isInteger(maxIterations)) throw new Error(`--max-iterations must be a whole number, got "${args.values["max-iterations"]}"`);
    }
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }

  await applyMigrations();
  let started;
  try {
    started = await startResearchRun({ question, sources, maxIterations });
  } catch (error) {
    if (error instanceof RunInputError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  process.once("SIGINT", () => {
    console.error("\nCancelling the run (everything found so far is kept)…");
    cancelRun(started.runId);
  });
  console.error(`Run ${started.runId} started: ${question}`);
  const outcome = await started.done;
  const detail = await getRunDetail(started.runId);
  if (!detail) throw new Error(`run ${started.runId} vanished from the database`);
  // Wait for stdout to drain: process.exit() would otherwise cut piped output at the pipe buffer (64 KiB).
  if (args.values.json) await writeStdout(`${JSON.stringify(runToJson(detail), null, 2)}\n`);
  else if (detail.markdown) await writeStdout(`${detail.markdown}\n`);
  for (const s of detail.shortfalls) console.error(`shortfall: ${s.message}`);
  if (outcome.status !== "completed") {
    console.error(`Run ${outcome.status}: ${outcome.error ?? "no report"}`);
    return 1;
  }
  console.error(`Run ${started.runId} completed: ${detail.evidence.length} records, ${detail.run.iterations} iteration(s).`);
  return 0;
}

function writeStdout(text: string): Promise<void> {
  return new Promise((resolve, reject) => process.stdout.write(text, (error) => (error ? reject(error) : resolve())));
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`research failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
