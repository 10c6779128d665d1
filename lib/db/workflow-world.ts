import "server-only";
import { execFile } from "node:child_process";
import path from "node:path";

/** The Workflow SDK world package that keeps runs, steps and its job queue in Postgres. */
export const POSTGRES_WORLD = "@workflow/world-postgres";

/**
 * Whether this process runs the durable engine on the Postgres world (WORKFLOW_TARGET_WORLD, set by next.config.ts).
 */
export function usingPostgresWorld(): boolean {
  return process.env.WORKFLOW_TARGET_WORLD === POSTGRES_WORLD;
}

/**
 * Creates or updates the Postgres world's tables (its drizzle schema and graphile-worker's) in `url`: the
 * package's own `bootstrap` command (`npx --package=@workflow/world-postgres bootstrap`), run as a child process
 * because it exits its process when done. Idempotent, so the server's start and `npm run db:deploy` both run it.
 * Concurrent first runs on an empty database can race in graphile-worker's schema creation: start the first
 * instance (or run db:deploy) before the others.
 * @throws Error with the command's output when it fails (e.g. the database refuses the connection), after 60 s.
 */
export function bootstrapPostgresWorld(url: string): Promise<void> {
  const script = path.join(process.cwd(), "node_modules/@workflow/world-postgres/bin/setup.js");
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [script],
      { env: { ...process.env, WORKFLOW_POSTGRES_URL: url }, timeout: 60_000 },
      (error, stdout, stderr) => {
        if (error)
          reject(new Error(`the Workflow world bootstrap failed: ${(stderr || stdout || error.message).trim()}`));
        else resolve();
      },
    );
  });
}

/** A generated workflow route's POST handler (app/.well-known/workflow/v1/<flow|step>/route.js). */
export type WorkflowRouteHandler = (request: Request) => Promise<Response>;

/** The part of the local world this uses: its direct (in-process) handlers by queue prefix, and its start. */
interface DirectWorld {
  registerHandler?(prefix: string, handler: WorkflowRouteHandler): void;
}

/**
 * Makes the local world deliver its queue messages to the generated workflow (`flow`) and step handlers in this
 * process, as Request objects handed to the functions, instead of POSTing them to this server's
 * /.well-known/workflow/v1 routes (the world's registerHandler, by the SDK's queue prefixes). Call before the world's
 * start(), which re-enqueues unfinished runs. The server (instrumentation.ts) and the command-line host
 * (scripts/workflow-host.ts) both use it; nothing then needs the HTTP routes.
 * @throws Error when the world has no direct handlers (not the local world).
 */
export async function deliverInProcess(handlers: {
  flow: WorkflowRouteHandler;
  step: WorkflowRouteHandler;
}): Promise<void> {
  const { getWorld } = await import("workflow/runtime");
  const world = getWorld() as unknown as DirectWorld;
  if (!world.registerHandler)
    throw new Error("this Workflow SDK world cannot deliver queue messages in process (only the local world can)");
  world.registerHandler("__wkf_workflow_", handlers.flow);
  world.registerHandler("__wkf_step_", handlers.step);
}
