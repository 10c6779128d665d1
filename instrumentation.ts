/**
 * Runs once when a Next.js server starts: applies pending database migrations (idempotent). With the durable
 * engine (CRITICA_ENGINE=workflow, the default) it starts the Workflow SDK's world, which re-enqueues the research
 * runs, chat follow-ups and claim checks a previous server process left unfinished so they resume from their last
 * completed step, and marks failed only the claim checks that were never enqueued (lib/runs/interrupted.ts); with
 * the in-process engine it marks every unfinished run failed, since its executor is gone. On the Postgres world it first bootstraps the world's tables
 * (idempotent) and then sweeps every 10 s for runs whose executing instance died (lib/runs/lease-sweep.ts). With CRITICA_AUTH=off on a
 * non-loopback address it warns that the server has no access control.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { applyMigrations } = await import("@/lib/db/migrate");
  const { getConfig } = await import("@/lib/config");
  const { authOffWarning, bindHost } = await import("@/lib/auth/bind");
  const warning = authOffWarning(getConfig().CRITICA_AUTH, bindHost(process.argv, getConfig()));
  if (warning) console.warn(warning);
  const { applied } = await applyMigrations();
  if (applied.length) console.log(`critica: applied migrations ${applied.join(", ")}`);
  const durable = getConfig().CRITICA_ENGINE === "workflow";
  if (durable) {
    const { bootstrapPostgresWorld, usingPostgresWorld } = await import("@/lib/db/workflow-world");
    const postgresWorld = usingPostgresWorld();
    if (postgresWorld) await bootstrapPostgresWorld(process.env.WORKFLOW_POSTGRES_URL ?? getConfig().DATABASE_URL);
    // Without this call the local world never recovers runs interrupted by a crash (they stay "running").
    await (await import("workflow/runtime")).getWorld().start?.();
    // Several instances share the Postgres world; one killed with kill -9 keeps its jobs locked for hours, so the
    // survivors re-enqueue its runs once their lease lapses. (The local world has one instance: its start() above
    // is the recovery.)
    if (postgresWorld) (await import("@/lib/runs/lease-sweep")).startLeaseSweep();
    // Watches (docs/watches.md): start the workflow of any watch that has none (saved by the command line, or whose
    // workflow ended), now and every minute.
    (await import("@/lib/watches/sweep")).startWatchSweep();
  }
  const { failInterruptedRuns } = await import("@/lib/runs/interrupted");
  const failed = await failInterruptedRuns(durable);
  if (failed) console.log(`critica: marked ${failed} interrupted run(s) as failed`);
}
