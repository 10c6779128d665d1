import crypto from "node:crypto";
import { getConfig } from "@/lib/config";
import { canReadRun, canWriteRun, historyScope, type Caller } from "@/lib/auth/rules";
import { requestRunCancel } from "@/lib/db/run-control";
import { getRun, type RunSummary } from "@/lib/db/runs";
import {
  changeWatch,
  countActiveWatches,
  createWatch,
  deleteWatch,
  getWatch,
  getWatchOfRun,
  listChecks,
  listWatches,
  type WatchRecord,
} from "@/lib/db/watches";
import { SOURCE_LABELS, type SourceId } from "@/lib/domain/evidence";
import type { Cadence, WatchStatus } from "@/lib/domain/watch";
import { watchNow } from "./clock";
import { registry } from "@/lib/modes";
import { addCadence, dueAfterCadenceChange } from "./schedule";
import { toWatchView, type WatchView } from "./view";
import { startWatchWorkflow, watchEngineAvailable } from "./waker";

/**
 * A refused watch operation: the HTTP status to answer, a message for the user, and for a 429 of the run limits the
 * seconds to wait (Retry-After).
 */
export class WatchError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 429,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/**
 * The owners whose watches and notifications a caller sees: a user their own; with CRITICA_AUTH=off the browser
 * session's and those of runs nobody owns (command-line runs), as in the history (historyScope); a guest none.
 */
export function watchOwners(caller: Caller): Array<string | null> {
  const scope = historyScope(caller);
  if (!("owner" in scope)) return [];
  return scope.withUnowned ? [scope.owner, null] : [scope.owner];
}

async function viewOf(watch: WatchRecord, run?: RunSummary | null): Promise<WatchView> {
  const question = (run ?? (await getRun(watch.runId)))?.question ?? "";
  return toWatchView(watch, question, await listChecks(watch.id));
}

/** The run of a watch request, readable by the caller, and whether they may change its watch (owner only). */
async function runFor(caller: Caller, runId: string): Promise<{ run: RunSummary; mayWrite: boolean }> {
  const run = /^[0-9a-f-]{36}$/i.test(runId) ? await getRun(runId) : null;
  if (!run || !canReadRun(caller, run)) throw new WatchError(404, "Unknown run.");
  return { run, mayWrite: canWriteRun(caller, run, "watch") };
}

function checkSources(run: RunSummary, sources: SourceId[] | undefined): SourceId[] {
  if (!sources) return run.sources;
  const foreign = sources.filter((s) => !run.sources.includes(s));
  if (sources.length === 0) throw new WatchError(400, "Choose at least one source to watch.");
  if (foreign.length) {
    throw new WatchError(
      400,
      `This run did not search ${foreign.map((s) => SOURCE_LABELS[s]).join(", ")}; a watch can watch ` +
        `${run.sources.map((s) => SOURCE_LABELS[s]).join(", ")}.`,
    );
  }
  return [...new Set(sources)];
}

/**
 * Refuses a caller who may only read the watched run: `action` completes "Only the owner of this run can …" ("browser
 * that started" for the local, accountless user). @throws WatchError 403 unless `mayWrite`.
 */
function mustWrite(caller: Caller, mayWrite: boolean, action: string): void {
  if (!mayWrite)
    throw new WatchError(
      403,
      `Only the ${caller.kind === "local" ? "browser that started" : "owner of"} this run can ${action}.`,
    );
}

async function admitActive(ownerId: string | null): Promise<void> {
  const max = getConfig().CRITICA_MAX_ACTIVE_WATCHES;
  const active = await countActiveWatches(ownerId);
  if (active >= max)
    throw new WatchError(
      429,
      `You have ${active} active watches, the most allowed (CRITICA_MAX_ACTIVE_WATCHES=${max}): pause or ` +
        `delete one first.`,
    );
}

/**
 * Watches a finished research run or claim check (owner only): its question (or claims) is checked again `cadence` on
 * `sources` (default: the run's),
 * each restricted to records changed since the run (then since its last successful check). The first check is one
 * period from now (watch clock).
 * @throws WatchError 404 (unknown or unreadable run), 403 (not the owner), 409 (not completed, or watched already), 400
 * (sources the run did not search), 429 (too many active watches).
 */
export async function createWatchFor(
  caller: Caller,
  input: { runId: string; cadence: Cadence; sources?: SourceId[] },
): Promise<WatchView> {
  const { run, mayWrite } = await runFor(caller, input.runId);
  mustWrite(caller, mayWrite, "watch it");
  if (!registry.named(run.mode)?.watch) throw new WatchError(409, `A ${run.mode} run cannot be watched.`);
  if (run.status !== "completed")
    throw new WatchError(409, `Only a completed run can be watched; this one is ${run.status}.`);
  if (await getWatchOfRun(run.id)) throw new WatchError(409, "This run is watched already: change its watch instead.");
  const sources = checkSources(run, input.sources);
  await admitActive(run.ownerId);
  const now = watchNow();
  try {
    const watch = await createWatch({
      id: crypto.randomUUID(),
      runId: run.id,
      ownerId: run.ownerId,
      cadence: input.cadence,
      sources,
      status: "active",
      feedToken: crypto.randomBytes(32).toString("base64url"),
      nextDueAt: addCadence(now, input.cadence),
      // The run searched when it was created; its records are the ones it already has.
      sourceState: run.sources.map((source) => ({
        source,
        since: run.createdAt.toISOString(),
        failures: 0,
        lastError: null,
      })),
    });
    // Without the durable engine here (the command line), a server's watch sweep starts the workflow within a minute.
    if (watchEngineAvailable())
      await startWatchWorkflow(watch.id).catch((e: unknown) =>
        console.error(`critica: the workflow of watch ${watch.id} could not start (the sweep retries):`, e),
      );
    return viewOf((await getWatch(watch.id)) ?? watch, run);
  } catch (error) {
    if ((error as { code?: unknown }).code === "P2002")
      throw new WatchError(409, "This run is watched already: change its watch instead.");
    throw error;
  }
}

/** The watch `id` if the caller may read its run. @throws WatchError 404 otherwise. */
async function readableWatch(
  caller: Caller,
  id: string,
): Promise<{ watch: WatchRecord; run: RunSummary; mayWrite: boolean }> {
  const watch = /^[0-9a-f-]{36}$/i.test(id) ? await getWatch(id) : null;
  if (!watch) throw new WatchError(404, "Unknown watch.");
  const { run, mayWrite } = await runFor(caller, watch.runId).catch(() => {
    throw new WatchError(404, "Unknown watch.");
  });
  return { watch, run, mayWrite };
}

/** A watch with its checks. @throws WatchError 404 for an unknown watch or one whose run the caller may not read. */
export async function getWatchFor(caller: Caller, id: string): Promise<WatchView> {
  const { watch, run } = await readableWatch(caller, id);
  return viewOf(watch, run);
}

/** The watch of a run the caller may read, or null when it has none. */
export async function watchOfRunFor(caller: Caller, runId: string): Promise<WatchView | null> {
  const { run } = await runFor(caller, runId);
  const watch = await getWatchOfRun(run.id);
  return watch ? viewOf(watch, run) : null;
}

/** Every watch, newest first: the command line's list (it holds the database). */
export async function listAllWatches(): Promise<WatchView[]> {
  return Promise.all((await listWatches("all")).map((w) => viewOf(w)));
}

/** The caller's watches (see watchOwners), newest first. */
export async function listWatchesFor(caller: Caller): Promise<WatchView[]> {
  const owners = watchOwners(caller);
  if (owners.length === 0) return [];
  return Promise.all((await listWatches(owners)).map((w) => viewOf(w)));
}

/**
 * Changes a watch (owner only): its cadence (the next check moves to one new period after the last check, or now if
 * that has passed), its sources (a source added is searched from the run's creation), its status (pausing stops
 * the checks; resuming counts against the active-watch cap and checks at once if a due time passed meanwhile).
 * The caller wakes the workflow afterwards (lib/watches/waker.ts wakeWatch).
 * @throws WatchError 404, 403, 400 (sources), 429 (resuming past the cap).
 */
export async function changeWatchFor(
  caller: Caller,
  id: string,
  patch: { cadence?: Cadence; sources?: SourceId[]; status?: WatchStatus },
): Promise<WatchView> {
  const { watch, run, mayWrite } = await readableWatch(caller, id);
  mustWrite(caller, mayWrite, "change its watch");
  const data: Parameters<typeof changeWatch>[1] = {};
  if (patch.cadence && patch.cadence !== watch.cadence) {
    data.cadence = patch.cadence;
    data.nextDueAt = dueAfterCadenceChange(
      watch.lastCheckedAt,
      addCadence(watch.nextDueAt, watch.cadence, -1),
      patch.cadence,
    );
  }
  if (patch.sources) {
    data.sources = checkSources(run, patch.sources);
    const known = new Set(watch.sourceState.map((s) => s.source));
    data.sourceState = [
      ...watch.sourceState,
      ...data.sources
        .filter((s) => !known.has(s))
        .map((source) => ({ source, since: run.createdAt.toISOString(), failures: 0, lastError: null })),
    ];
  }
  if (patch.status && patch.status !== watch.status) {
    if (patch.status === "active") await admitActive(watch.ownerId);
    data.status = patch.status;
  }
  const changed = await changeWatch(watch.id, data);
  if (!changed) throw new WatchError(404, "Unknown watch.");
  return viewOf(changed, run);
}

/**
 * Deletes a watch (owner only), with its check history; its workflow stops at its next plan (the caller wakes it).
 * A check running at that moment is cancelled like a run, keeping what it found.
 * @returns the workflow run id that was in charge (to wake), or null.
 * @throws WatchError 404, 403.
 */
export async function deleteWatchFor(caller: Caller, id: string): Promise<string | null> {
  const { watch, mayWrite } = await readableWatch(caller, id);
  mustWrite(caller, mayWrite, "delete its watch");
  const checking = (await listChecks(watch.id, 1)).some((c) => c.status === "running");
  await deleteWatch(watch.id);
  if (checking) await requestRunCancel(watch.runId);
  return watch.workflowRunId;
}

/** A start refused by the run limits (app/_server/caller.ts admitStart): its message, 401 or 429, and Retry-After. */
export interface StartRefusal {
  error: string;
  status: 401 | 429;
  retryAfterSeconds?: number;
}

/**
 * Checks a watch now (owner only) instead of at its next due time: the watch is due at once and its workflow, woken by
 * the caller (lib/watches/waker.ts wakeWatch), runs the same check a scheduled one would (search for changes; if any,
 * a new report version); the next scheduled check is then one period after this one. A check starts searches like a
 * run, so it counts against the run limits: `admit` (the caller's admitStart) is asked last, after every other
 * refusal, so a refused request uses up nothing.
 * @throws WatchError 404, 403, 409 (paused, or a check is running), 401 or 429 from `admit` (with Retry-After).
 */
export async function checkWatchNowFor(
  caller: Caller,
  id: string,
  admit: () => Promise<StartRefusal | null>,
): Promise<WatchView> {
  const { watch, run, mayWrite } = await readableWatch(caller, id);
  mustWrite(caller, mayWrite, "check its watch");
  if (watch.status !== "active") throw new WatchError(409, "This watch is paused: resume it to check now.");
  if ((await listChecks(watch.id, 1)).some((c) => c.status === "running"))
    throw new WatchError(409, "A check of this watch is running already.");
  const refusal = await admit();
  if (refusal) throw new WatchError(refusal.status, refusal.error, refusal.retryAfterSeconds);
  const changed = await changeWatch(watch.id, { nextDueAt: watchNow() });
  if (!changed) throw new WatchError(404, "Unknown watch.");
  return viewOf(changed, run);
}
