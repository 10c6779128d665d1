// `npm run research -- "<question>" [--sources local] [--max-iterations N] [--on-provider-error fail|extractive] [--no-cache] [--json]`
// Runs the research workflow headless, saves it like the UI does, prints the report (markdown) or the --json
// contract. Exits 0 on a completed run, 1 on a failed or cancelled run, 2 on bad usage.
import { runToJson } from "@/lib/export/run-json";
import { startResearchRun } from "@/lib/research/start";
import { formatUsageLine, summarizeUsage } from "@/lib/ai/usage";
import { followRun, parseCli, runCli, runOwner, UsageError, writeStdout } from "./cli-support";

const USAGE = `usage: npm run research -- "<question>" [--sources pubmed,europepmc,ctgov,local] [--max-iterations N] [--on-provider-error fail|extractive] [--no-cache] [--as <email>] [--json]`;

async function main(): Promise<number> {
  const { values, text: question, sources, help } = parseCli(
    { "max-iterations": { type: "string" }, "on-provider-error": { type: "string" }, json: { type: "boolean", default: false }, "no-cache": { type: "boolean", default: false } },
    "question",
  );
  if (help) {
    console.log(USAGE);
    return 0;
  }
  const onProviderError = values["on-provider-error"];
  if (onProviderError !== undefined && onProviderError !== "fail" && onProviderError !== "extractive") {
    throw new UsageError(`--on-provider-error must be "fail" or "extractive", got "${onProviderError}"`);
  }
  // Checked by the run input schema (lib/runs/input.ts), like the form's value: a RunInputError becomes a UsageError.
  const maxIterations = values["max-iterations"] === undefined ? undefined : Number(values["max-iterations"]);

  const { outcome, detail } = await followRun("Run", async () =>
    startResearchRun({ question, sources, maxIterations, onProviderError, sourceCache: values["no-cache"] ? "bypass" : "use", ownerId: await runOwner(values) }),
  );
  if (values.json) await writeStdout(`${JSON.stringify(runToJson(detail), null, 2)}\n`);
  else if (detail.markdown) await writeStdout(`${detail.markdown}\n`);
  const usage = summarizeUsage(detail.events);
  if (usage.calls > 0) console.error(`Model usage: ${formatUsageLine(usage)}`);
  if (outcome.status !== "completed") {
    console.error(`Run ${outcome.status}: ${outcome.error ?? "no report"}`);
    return 1;
  }
  console.error(`Run ${detail.run.id} completed: ${detail.evidence.length} records, ${detail.run.iterations} iteration(s).`);
  return 0;
}

runCli("research", USAGE, main);
