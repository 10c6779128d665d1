/**
 * Runs once when a Next.js server starts: applies pending database migrations (idempotent), then marks runs
 * that a previous server process left unfinished as failed, since their executor is gone.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { applyMigrations } = await import("@/lib/db/migrate");
  const { failInterruptedRuns } = await import("@/lib/runs/interrupted");
  const { applied } = await applyMigrations();
  if (applied.length) console.log(`critica: applied migrations ${applied.join(", ")}`);
  const failed = await failInterruptedRuns();
  if (failed) console.log(`critica: marked ${failed} interrupted run(s) as failed`);
}
