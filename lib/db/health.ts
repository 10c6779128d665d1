import "server-only";
import { ensureDataDir } from "@workflow/world-local";
import { getConfig } from "@/lib/config";
import { getDb, usingPostgres } from "./client";
import { usingPostgresWorld } from "./workflow-world";

/**
 * How long one health probe may take (ms) before it counts as down. A load balancer's check must answer even when
 * the database hangs (e.g. a full connection pool) rather than wait for the driver's own timeouts (minutes).
 */
export const HEALTH_PROBE_TIMEOUT_MS = 5_000;

/** The database's health: `kind` is the Prisma provider in use; `error` (when down) is the driver's message. */
export interface DatabaseHealth {
  ok: boolean;
  kind: "sqlite" | "postgresql";
  error?: string;
}

/**
 * The Workflow SDK world's health: `local` (files in WORKFLOW_LOCAL_DATA_DIR), `postgres` (its tables in
 * WORKFLOW_POSTGRES_URL), or `none` with the inline engine (CRITICA_ENGINE=inline uses no world, so it is always ok).
 */
export interface WorldHealth {
  ok: boolean;
  kind: "local" | "postgres" | "none";
  error?: string;
}

/** The part of a world's storage API the Postgres probe reads (the `World` of `workflow/runtime`'s getWorld()). */
export interface WorldRuns {
  runs: { list(params: { pagination: { limit: number }; resolveData: "none" }): Promise<unknown> };
}

/**
 * `promise`, or a rejection "did not answer within <ms> ms" once `ms` passed (the probe itself keeps running, ignored).
 */
async function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`did not answer within ${ms} ms`)), ms);
  });
  // A probe that fails after the deadline must not become an unhandled rejection (which would end the process).
  promise.catch(() => undefined);
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * An error's message; for a wrapped driver error its cause's (drizzle throws "Failed query: <the whole SQL>" with the
 * pg error, e.g. `relation "workflow.workflow_runs" does not exist`, as its cause).
 */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? error.cause.message : error.message;
}

/** Runs `probe` within `timeoutMs`: `{ ok: true, kind }`, or `{ ok: false, kind, error }` with its message. */
async function probeHealth<K extends string>(
  kind: K,
  probe: () => Promise<unknown>,
  timeoutMs: number,
): Promise<{ ok: boolean; kind: K; error?: string }> {
  try {
    await withDeadline(probe(), timeoutMs);
    return { ok: true, kind };
  } catch (error) {
    return { ok: false, kind, error: describe(error) };
  }
}

/**
 * Checks a local world's data directory with the SDK's own check (`ensureDataDir` of @workflow/world-local, which
 * the world's start() runs too): it exists (created if missing), is readable, and a file can be written and
 * removed in it. Down: the SDK's message, e.g. `Data directory "<dir>" is not writable: ENOTDIR: …`. Never throws.
 */
export function checkLocalWorld(dataDir: string, timeoutMs = HEALTH_PROBE_TIMEOUT_MS): Promise<WorldHealth> {
  return probeHealth("local", () => ensureDataDir(dataDir), timeoutMs);
}

/**
 * Checks the Postgres world's tables through its storage API: lists one workflow run (`workflow.workflow_runs`,
 * ordered by its primary key, so the query stays cheap however many runs exist). Down: the driver's message, e.g.
 * `relation "workflow.workflow_runs" does not exist`, or "did not answer within <ms> ms". Never throws.
 */
export function checkPostgresWorld(world: WorldRuns, timeoutMs = HEALTH_PROBE_TIMEOUT_MS): Promise<WorldHealth> {
  return probeHealth("postgres", () => world.runs.list({ pagination: { limit: 1 }, resolveData: "none" }), timeoutMs);
}

/** Whether the application database answers `SELECT 1` within `timeoutMs`. Never throws. */
export async function checkDatabase(timeoutMs = HEALTH_PROBE_TIMEOUT_MS): Promise<DatabaseHealth> {
  return probeHealth(usingPostgres() ? "postgresql" : "sqlite", () => getDb().$queryRawUnsafe("SELECT 1"), timeoutMs);
}

/**
 * Whether this process's Workflow SDK world answers within `timeoutMs`: the local world's data directory
 * ({@link checkLocalWorld} on WORKFLOW_LOCAL_DATA_DIR, or the SDK's default `.workflow-data`) or the Postgres
 * world's tables ({@link checkPostgresWorld} on `getWorld()` of `workflow/runtime`). With the inline engine there is no
 * world: `{ ok: true, kind: "none" }`.
 * Never throws.
 */
export async function checkWorld(timeoutMs = HEALTH_PROBE_TIMEOUT_MS): Promise<WorldHealth> {
  if (getConfig().CRITICA_ENGINE !== "workflow") return { ok: true, kind: "none" };
  if (usingPostgresWorld()) return checkPostgresWorld((await import("workflow/runtime")).getWorld(), timeoutMs);
  return checkLocalWorld(process.env.WORKFLOW_LOCAL_DATA_DIR || ".workflow-data", timeoutMs);
}
