// `npm run cancel -- <runId>`
// Cancels a queued or running run (research or claim check) wherever it executes: a server instance, another CLI
// process, a durable run between steps. It sets the run's cancelled flag in the database, which the executing
// process polls every 500 ms; the run then ends as "cancelled" and keeps what it found. This command waits until
// it has (at most 30 s). Exits 0 once the run is cancelled (or ended meanwhile), 1 when it is unknown or had
// already ended, 2 on bad usage.
import { applyMigrations } from "@/lib/db/migrate";
import { disconnectDb } from "@/lib/db/client";
import { getRun } from "@/lib/db/runs";
import { requestCancel } from "@/lib/runs/lifecycle";
import { runIdSchema } from "@/lib/domain/run";
import { parseCli, runCli, UsageError } from "./cli-support";

const USAGE = `usage: npm run cancel -- <runId>`;
/** How long the command waits for the executing process to stop the run (ms); the run itself stops within 5 s. */
const WAIT_MS = 30_000;

async function main(): Promise<number> {
  const { text, help } = parseCli({}, "run id");
  if (help) {
    console.log(USAGE);
    return 0;
  }
  const id = runIdSchema.safeParse(text);
  if (!id.success) throw new UsageError(`"${text}" is not a run id.`);
  await applyMigrations();
  const run = await getRun(id.data);
  if (!run) {
    console.error(`No run ${id.data}.`);
    return 1;
  }
  if (!(await requestCancel(run.id))) {
    console.error(`Run ${run.id} has already ended (${run.status}).`);
    return 1;
  }
  console.error(`Cancelling run ${run.id}… everything found so far is kept.`);
  const asked = performance.now();
  for (;;) {
    const current = await getRun(run.id);
    if (current && current.status !== "queued" && current.status !== "running") {
      console.error(`Run ${run.id} ${current.status} after ${Math.round(performance.now() - asked)} ms.`);
      break;
    }
    if (performance.now() - asked > WAIT_MS) {
      // Nobody executes it right now (e.g. a durable run whose server is down): it stops when it resumes.
      console.error(
        `Run ${run.id} is flagged cancelled; no process has stopped it yet (it stops as soon as one resumes it).`,
      );
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await disconnectDb();
  return 0;
}

runCli("cancel", USAGE, main);
