import pino from "pino";

const holder = globalThis as unknown as { __criticaStepLog?: pino.Logger };

/**
 * The process's JSON-line logger of durable steps (pino, to stdout, or to stderr with CRITICA_STEP_LOG=stderr: the
 * command line hosting the engine keeps stdout for the report; level from LOG_LEVEL, default info, silent under
 * vitest).
 */
function logger(): pino.Logger {
  const options = {
    base: { app: "critica" },
    level: process.env.LOG_LEVEL ?? (process.env.VITEST ? "silent" : "info"),
  };
  return (holder.__criticaStepLog ??=
    process.env.CRITICA_STEP_LOG === "stderr" ? pino(options, pino.destination(2)) : pino(options));
}

/**
 * Logs the start of a durable step as one JSON line `{ msg: "step start", runId, step, pid, ... }` and returns the
 * function that logs its end `{ msg: "step end", runId, step, outcome, durationMs }`.
 */
export function logStep(runId: string, step: string, extra: Record<string, unknown> = {}): (outcome: string) => void {
  const started = performance.now();
  logger().info({ runId, step, pid: process.pid, ...extra }, "step start");
  return (outcome) =>
    logger().info(
      { runId, step, pid: process.pid, outcome, durationMs: Math.round(performance.now() - started) },
      "step end",
    );
}
