import "server-only";
import { execFile } from "node:child_process";
import path from "node:path";

/** The Workflow SDK world package that keeps runs, steps and its job queue in Postgres. */
export const POSTGRES_WORLD = "@workflow/world-postgres";

/** Whether this process runs the durable engine on the Postgres world (WORKFLOW_TARGET_WORLD, set by next.config.ts). */
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
    execFile(process.execPath, [script], { env: { ...process.env, WORKFLOW_POSTGRES_URL: url }, timeout: 60_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`the Workflow world bootstrap failed: ${(stderr || stdout || error.message).trim()}`));
      else resolve();
    });
  });
}
