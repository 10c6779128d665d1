// `npm run research -- "<question>" [--sources local] [--max-iterations N] [--on-provider-error fail|extractive]
// [--no-cache] [--json]`
// `npm run research -- --resume <runId> [--json]`
// Runs the research workflow headless, saves it like the UI does, prints the report (markdown) or the --json
// contract. Exits 0 on a completed run, 1 on a failed or cancelled run, 2 on bad usage.
// With CRITICA_SERVER_URL the server executes the run; without it this process hosts the durable engine on the
// server's local world (scripts/workflow-host.ts), so a run killed with the process resumes with --resume <runId>
// (or when the server starts) from its last completed step.
import { runToJson } from "@/lib/research/run-json";
import { research } from "@/lib/modes";
import type { ResearchRequest } from "@/lib/research/mode";
import { startRun } from "@/lib/runs/start";
import { getConfig } from "@/lib/config";
import { getWorkflowRunId } from "@/lib/db/run-control";
import { getRun } from "@/lib/db/runs";
import { waitForRun } from "@/lib/runs/wait";
import { hostWorkflowEngine, settleWorkflowRun } from "./workflow-host";
import { formatUsageLine, summarizeUsage } from "@/lib/ai/usage";
import { followRun, parseCli, parseRequest, runCli, runOwner, UsageError, writeStdout } from "./cli-support";

const USAGE =
  `usage: npm run research -- "<question>" [--sources pubmed,europepmc,ctgov,local] [--max-iterations N] ` +
  `[--on-provider-error fail|extractive] [--no-cache] [--as <email>] [--json]
       npm run research -- --resume <runId> [--json]   (finishes a run whose command was killed)`;

async function main(): Promise<number> {
  const {
    values,
    text: question,
    sources,
    help,
  } = parseCli(
    {
      "max-iterations": { type: "string" },
      "on-provider-error": { type: "string" },
      json: { type: "boolean", default: false },
      "no-cache": { type: "boolean", default: false },
      resume: { type: "string" },
    },
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
  const resume = typeof values.resume === "string" ? values.resume : null;
  if (resume && question) throw new UsageError("--resume takes a run id, not a question.");
  // A new run's request is checked by the run input schema (lib/domain/run-input.ts), like the form's and the API's.
  const start = resume
    ? () => resumeRun(resume)
    : startNew(
        parseRequest(research, {
          question,
          sources,
          maxIterations: values["max-iterations"] === undefined ? undefined : Number(values["max-iterations"]),
          onProviderError,
          sourceCache: values["no-cache"] ? "bypass" : "use",
        }),
        values,
      );
  // No server to enqueue on: this process hosts the durable engine (recovering unfinished runs only for --resume).
  const hosted = !getConfig().CRITICA_SERVER_URL && (await hostWorkflowEngine({ recover: resume !== null }));
  if (resume && !hosted)
    throw new UsageError(
      "--resume needs the durable engine on a SQLite database, without CRITICA_SERVER_URL (the server resumes " +
        "its runs itself when it starts).",
    );
  if (!hosted && !getConfig().CRITICA_SERVER_URL)
    console.error(
      "Running in this process's memory (CRITICA_ENGINE=inline or Postgres): the run does not survive this process.",
    );
  const { outcome, detail } = await followRun("Run", start);
  if (hosted) await settleWorkflowRun(await getWorkflowRunId(detail.run.id));
  if (values.json) await writeStdout(`${JSON.stringify(runToJson(detail), null, 2)}\n`);
  else if (detail.markdown) await writeStdout(`${detail.markdown}\n`);
  const usage = summarizeUsage(detail.events);
  if (usage.calls > 0) console.error(`Model usage: ${formatUsageLine(usage)}`);
  if (outcome.status !== "completed") {
    console.error(`Run ${outcome.status}: ${outcome.error ?? "no report"}`);
    return 1;
  }
  console.error(
    `Run ${detail.run.id} completed: ${detail.evidence.length} records, ${detail.run.iterations} iteration(s).`,
  );
  return 0;
}

/** Starts a new research run with the parsed request, owned by the command line's owner (--as, default the admin). */
function startNew(request: ResearchRequest, values: Record<string, string | boolean | undefined>) {
  return async () => startRun(research, request, { ownerId: await runOwner(values) });
}

/**
 * Follows a research run whose command was killed, resumed by this process's engine host from its last completed step.
 */
async function resumeRun(runId: string) {
  const run = await getRun(runId);
  if (!run || run.mode !== "research") throw new UsageError(`No research run ${runId} in this database.`);
  const live = run.status === "running" || run.status === "queued";
  // A run that executed in some process's memory (CRITICA_ENGINE=inline) has no saved steps to resume from.
  if (live && !(await getWorkflowRunId(run.id)))
    throw new UsageError(
      `Run ${runId} did not execute on the durable engine, so it cannot be resumed; start it again.`,
    );
  return { runId: run.id, done: waitForRun(research, run.id) };
}

runCli("research", USAGE, main);
