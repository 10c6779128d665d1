// `npm run research -- "<question>" [--sources local] [--max-iterations N] [--on-provider-error fail|extractive] [--no-cache] [--json]`
// `npm run research -- --resume <runId> [--json]`
// Runs the research workflow headless, saves it like the UI does, prints the report (markdown) or the --json
// contract. Exits 0 on a completed run, 1 on a failed or cancelled run, 2 on bad usage.
// With CRITICA_SERVER_URL the server executes the run; without it this process hosts the durable engine on the
// server's local world (scripts/workflow-host.ts), so a run killed with the process resumes with --resume <runId>
// (or when the server starts) from its last completed step.
import { runToJson } from "@/lib/export/run-json";
import { startResearchRun } from "@/lib/research/start";
import { getConfig } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { getRun } from "@/lib/db/runs";
import { waitForResearchOutcome } from "@/lib/research/wait";
import { hostWorkflowEngine, settleWorkflowRun } from "./workflow-host";
import { formatUsageLine, summarizeUsage } from "@/lib/ai/usage";
import { followRun, parseCli, runCli, runOwner, UsageError, writeStdout } from "./cli-support";

const USAGE = `usage: npm run research -- "<question>" [--sources pubmed,europepmc,ctgov,local] [--max-iterations N] [--on-provider-error fail|extractive] [--no-cache] [--as <email>] [--json]
       npm run research -- --resume <runId> [--json]   (finishes a run whose command was killed)`;

async function main(): Promise<number> {
  const { values, text: question, sources, help } = parseCli(
    { "max-iterations": { type: "string" }, "on-provider-error": { type: "string" }, json: { type: "boolean", default: false }, "no-cache": { type: "boolean", default: false }, resume: { type: "string" } },
    "question",
    "resume",
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

  const resume = typeof values.resume === "string" ? values.resume : null;
  if (resume && question) throw new UsageError("--resume takes a run id, not a question.");
  // No server to enqueue on: this process hosts the durable engine (recovering unfinished runs only for --resume).
  const hosted = !getConfig().CRITICA_SERVER_URL && (await hostWorkflowEngine({ recover: resume !== null }));
  if (resume && !hosted) throw new UsageError("--resume needs the durable engine on a SQLite database, without CRITICA_SERVER_URL (the server resumes its runs itself when it starts).");
  if (!hosted && !getConfig().CRITICA_SERVER_URL) console.error("Running in this process's memory (CRITICA_ENGINE=inline or Postgres): the run does not survive this process.");
  const { outcome, detail } = await followRun("Run", async () => {
    if (resume) {
      const run = await getRun(resume);
      if (!run || run.mode !== "research") throw new UsageError(`No research run ${resume} in this database.`);
      const live = run.status === "running" || run.status === "queued";
      const durable = (await getDb().run.findUnique({ where: { id: run.id }, select: { workflowRunId: true } }))?.workflowRunId;
      // A run that executed in some process's memory (CRITICA_ENGINE=inline) has no saved steps to resume from.
      if (live && !durable) throw new UsageError(`Run ${resume} did not execute on the durable engine, so it cannot be resumed; start it again.`);
      return { runId: run.id, done: waitForResearchOutcome(run.id) };
    }
    return startResearchRun({ question, sources, maxIterations, onProviderError, sourceCache: values["no-cache"] ? "bypass" : "use", ownerId: await runOwner(values) });
  });
  if (hosted) await settleWorkflowRun((await getDb().run.findUnique({ where: { id: detail.run.id }, select: { workflowRunId: true } }))?.workflowRunId ?? null);
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
