// The Workflow SDK's local world hosted inside a command-line process, so a CLI run with no server executes in
// process and still survives its own restart. The process delivers the world's queue messages to
// the workflow and step handlers that withWorkflow() generates under app/.well-known/workflow/v1 (the same code the
// server runs), in memory instead of over HTTP, and the world keeps its state in the server's persistent data dir.
// A run killed with the process resumes from its last completed step with `npm run research -- --resume <runId>`, or
// when the server starts (instrumentation.ts starts the same world).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { getConfig } from "@/lib/config";
import { researchWorkflow } from "@/lib/research/workflow";
import { deliverInProcess, type WorkflowRouteHandler } from "@/lib/db/workflow-world";
import { releaseStaleStepLocks } from "@/lib/runs/stale-step-locks";

/** Where withWorkflow() writes the generated workflow routes and their manifest (git-ignored). */
const ROUTES = path.join(process.cwd(), "app", ".well-known", "workflow", "v1");
const MANIFEST = path.join(ROUTES, "manifest.json");

interface HostedWorld {
  start?(): Promise<void>;
  runs: { get(id: string, params?: { resolveData?: "none" }): Promise<{ status: string }> };
}

/**
 * The local world's data dir for this database, as next.config.ts sets it for the server: `<SQLite file>.workflow`
 * (WORKFLOW_LOCAL_DATA_DIR when set).
 */
function localDataDir(): string {
  return (
    process.env.WORKFLOW_LOCAL_DATA_DIR ?? `${path.resolve(getConfig().DATABASE_URL.replace(/^file:/, ""))}.workflow`
  );
}

/**
 * The newest modification time (ms since the epoch) of the TypeScript under lib/, which the generated step bundles
 * compile in.
 */
function newestLibSourceMs(): number {
  let newest = 0;
  for (const entry of fs.readdirSync(path.join(process.cwd(), "lib"), { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && /\.tsx?$/.test(entry.name))
      newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/**
 * Generates the workflow routes (`next typegen` loads next.config.ts, whose withWorkflow writes them) when they are
 * missing, or older than a file under lib/ (e.g. after `git pull` without `npm run build`): the bundles compile the
 * workflow and step code in, so stale ones would run the old code. The manifest is touched afterwards, so an
 * unchanged bundle is not generated again on the next command.
 */
function ensureRoutes(): boolean {
  const exists = fs.existsSync(MANIFEST);
  if (exists && fs.statSync(MANIFEST).mtimeMs >= newestLibSourceMs()) return true;
  console.error(
    exists
      ? "The durable workflow's generated code is older than lib/: generating it again (next typegen)…"
      : "Generating the durable workflow's code (next typegen, once)…",
  );
  spawnSync(path.join(process.cwd(), "node_modules", ".bin", "next"), ["typegen"], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (!fs.existsSync(MANIFEST)) return false;
  const now = new Date();
  fs.utimesSync(MANIFEST, now, now);
  return true;
}

/**
 * Hosts the durable engine in this process when it can: a SQLite database (the Postgres world executes on the
 * servers), CRITICA_ENGINE not "inline", and the generated workflow routes (made on first use). Registers the
 * generated flow and step handlers on the local world, gives lib/research/workflow.ts's function its workflow id (the
 * SWC transform does that on the server), so startRun (lib/runs/start.ts) starts research runs durably here. With
 * `recover`, the world re-enqueues every run it holds that has not ended (as a server start does); without it,
 * none, so a plain run never executes another one on the side.
 * @returns whether the engine is hosted; when false, runs execute in this process's memory and do not survive it.
 */
export async function hostWorkflowEngine(options: { recover: boolean }): Promise<boolean> {
  const config = getConfig();
  if (config.CRITICA_ENGINE === "inline" || !config.DATABASE_URL.startsWith("file:") || !ensureRoutes()) return false;
  process.env.WORKFLOW_TARGET_WORLD = "local";
  // stdout carries only the report or the --json contract (written with process.stdout.write): the step log and the
  // SDK's own messages ("[world-local] Re-enqueued 1 active run(s) on startup", printed with console.log) go to stderr.
  process.env.CRITICA_STEP_LOG ??= "stderr";
  console.log = console.error;
  console.info = console.error;
  process.env.WORKFLOW_LOCAL_DATA_DIR = localDataDir();
  if (!options.recover) process.env.WORKFLOW_LOCAL_RECOVER_ACTIVE_RUNS = "0";
  const manifest = JSON.parse(fs.readFileSync(MANIFEST, "utf8")) as {
    workflows: Record<string, Record<string, { workflowId: string }>>;
  };
  const workflowId = manifest.workflows["lib/research/workflow.ts"]?.researchWorkflow?.workflowId;
  if (!workflowId) return false;
  const load = async (route: string) =>
    ((await import(pathToFileURL(path.join(ROUTES, route, "route.js")).href)) as { POST: WorkflowRouteHandler }).POST;
  const [flow, step] = await Promise.all([load("flow"), load("step")]);
  await deliverInProcess({ flow, step });
  const { getWorld } = await import("workflow/runtime");
  Object.assign(researchWorkflow, { workflowId });
  // Recovering, this process is the one executing the data directory's runs: a step lock its killed predecessor left
  // would stop a resumed run for ever (lib/runs/stale-step-locks.ts).
  if (options.recover) await releaseStaleStepLocks(process.env.WORKFLOW_LOCAL_DATA_DIR);
  await (getWorld() as unknown as HostedWorld).start?.();
  return true;
}

/**
 * Waits (at most `timeoutMs`) until the world has recorded the end of the workflow run `workflowRunId`, so a process
 * that exits once the research run's closing event is saved leaves nothing for the next start to replay.
 */
export async function settleWorkflowRun(workflowRunId: string | null, timeoutMs = 10_000): Promise<void> {
  if (!workflowRunId) return;
  const { getWorld } = await import("workflow/runtime");
  const world = getWorld() as unknown as HostedWorld;
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline;) {
    const run = await world.runs.get(workflowRunId, { resolveData: "none" }).catch(() => null);
    if (!run || !["pending", "running"].includes(run.status)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
