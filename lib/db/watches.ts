import "server-only";
import { z } from "zod";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { getDb } from "./client";
import { sourceIdSchema, type SourceId } from "@/lib/domain/evidence";
import {
  cadenceSchema,
  changeSummarySchema,
  checkStatusSchema,
  probeSchema,
  sourceStateSchema,
  watchStatusSchema,
  type Cadence,
  type ChangeSummary,
  type CheckStatus,
  type Probe,
  type SourceState,
  type WatchStatus,
} from "@/lib/domain/watch";

/** A watch as stored (see the Watch model); times are on the watch clock except `createdAt`. */
export interface WatchRecord {
  id: string;
  runId: string;
  ownerId: string | null;
  cadence: Cadence;
  sources: SourceId[];
  status: WatchStatus;
  feedToken: string;
  nextDueAt: Date;
  lastCheckedAt: Date | null;
  sourceState: SourceState[];
  failures: number;
  version: number;
  plannedVersion: number;
  workflowRunId: string | null;
  createdAt: Date;
}

/** One check of a watch as stored (see the WatchCheck model). */
export interface CheckRecord {
  id: string;
  watchId: string;
  dueAt: Date;
  startedAt: Date;
  finishedAt: Date | null;
  status: CheckStatus;
  since: Array<{ source: SourceId; since: string }>;
  probe: Probe | null;
  summary: ChangeSummary | null;
  reportVersion: number | null;
  fromSeq: number | null;
  versionRunId: string | null;
  costUsd: number | null;
  modelCalls: number;
  error: string | null;
}

type WatchRow = NonNullable<Awaited<ReturnType<ReturnType<typeof getDb>["watch"]["findUnique"]>>>;
type CheckRow = NonNullable<Awaited<ReturnType<ReturnType<typeof getDb>["watchCheck"]["findUnique"]>>>;

const sinceSchema = z.array(z.object({ source: sourceIdSchema, since: z.string() }));
const json = (value: unknown) => value as Prisma.InputJsonValue;

function toWatch(row: WatchRow): WatchRecord {
  return {
    id: row.id,
    runId: row.runId,
    ownerId: row.ownerId,
    cadence: cadenceSchema.parse(row.cadence),
    sources: z.array(sourceIdSchema).parse(row.sources),
    status: watchStatusSchema.parse(row.status),
    feedToken: row.feedToken,
    nextDueAt: row.nextDueAt,
    lastCheckedAt: row.lastCheckedAt,
    sourceState: z.array(sourceStateSchema).parse(row.sourceState),
    failures: row.failures,
    version: row.version,
    plannedVersion: row.plannedVersion,
    workflowRunId: row.workflowRunId,
    createdAt: row.createdAt,
  };
}

/** A check as its row has it (the WatchCheck model's columns are CheckRecord's), its enum and JSON columns parsed. */
function toCheck(row: CheckRow): CheckRecord {
  return {
    ...row,
    status: checkStatusSchema.parse(row.status),
    since: sinceSchema.parse(row.since),
    probe: row.probe === null ? null : probeSchema.parse(row.probe),
    summary: row.summary === null ? null : changeSummarySchema.parse(row.summary),
  };
}

/** Creates a watch. @throws Prisma's P2002 when the run is watched already (one watch per run). */
export async function createWatch(
  input: Omit<WatchRecord, "version" | "plannedVersion" | "workflowRunId" | "createdAt" | "lastCheckedAt" | "failures">,
): Promise<WatchRecord> {
  const row = await getDb().watch.create({
    data: { ...input, sources: json(input.sources), sourceState: json(input.sourceState) },
  });
  return toWatch(row);
}

/** A watch by id, or null. */
export async function getWatch(id: string): Promise<WatchRecord | null> {
  const row = await getDb().watch.findUnique({ where: { id } });
  return row ? toWatch(row) : null;
}

/** The watch of a run, or null. */
export async function getWatchOfRun(runId: string): Promise<WatchRecord | null> {
  const row = await getDb().watch.findUnique({ where: { runId } });
  return row ? toWatch(row) : null;
}

/** The watch whose Atom feed token is `token`, or null. */
export async function getWatchByFeedToken(token: string): Promise<WatchRecord | null> {
  const row = await getDb().watch.findUnique({ where: { feedToken: token } });
  return row ? toWatch(row) : null;
}

/** The watches of these owners (null: runs nobody owns), or every watch ("all"), newest first. */
export async function listWatches(ownerIds: Array<string | null> | "all"): Promise<WatchRecord[]> {
  let where: Prisma.WatchWhereInput = {};
  if (ownerIds !== "all") {
    const ids = ownerIds.filter((o): o is string => o !== null);
    where = { OR: [{ ownerId: { in: ids } }, ...(ownerIds.includes(null) ? [{ ownerId: null }] : [])] };
  }
  const rows = await getDb().watch.findMany({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return rows.map(toWatch);
}

/** How many active (not paused) watches an owner has. */
export function countActiveWatches(ownerId: string | null): Promise<number> {
  return getDb().watch.count({ where: { ownerId, status: "active" } });
}

/**
 * An owner's change to a watch (cadence, sources, status, the schedule that follows from them): bumps its `version`,
 * so the waker knows when the workflow has planned with it. @returns the watch, or null when it no longer exists.
 */
export async function changeWatch(
  id: string,
  data: Partial<Pick<WatchRecord, "cadence" | "sources" | "status" | "nextDueAt" | "sourceState">>,
): Promise<WatchRecord | null> {
  const { count } = await getDb().watch.updateMany({
    where: { id },
    data: {
      ...data,
      ...(data.sources ? { sources: json(data.sources) } : {}),
      ...(data.sourceState ? { sourceState: json(data.sourceState) } : {}),
      version: { increment: 1 },
    },
  });
  return count ? getWatch(id) : null;
}

/** Deletes a watch with its checks. @returns whether it existed. */
export async function deleteWatch(id: string): Promise<boolean> {
  const { count } = await getDb().watch.deleteMany({ where: { id } });
  return count === 1;
}

/**
 * Hands a watch to a workflow run, compare-and-set: only when its workflow is still `expected` (null: none yet), so
 * of several instances starting one at once only the first is kept. @returns whether this call set it.
 */
export async function claimWatchWorkflow(id: string, expected: string | null, workflowRunId: string): Promise<boolean> {
  const { count } = await getDb().watch.updateMany({ where: { id, workflowRunId: expected }, data: { workflowRunId } });
  return count === 1;
}

/** Every watch's id, status, workflow run and versions (the sweep's view). */
export async function listWatchWorkflows(): Promise<
  Array<Pick<WatchRecord, "id" | "status" | "workflowRunId" | "version" | "plannedVersion">>
> {
  return getDb().watch.findMany({
    select: { id: true, status: true, workflowRunId: true, version: true, plannedVersion: true },
  }) as never;
}

/** Records the watch version a workflow's plan read (see WatchRecord.version). */
export async function recordPlannedVersion(id: string, version: number): Promise<void> {
  await getDb().watch.updateMany({ where: { id }, data: { plannedVersion: version } });
}

/**
 * Begins the check of `dueAt` (idempotent: the same due time gives the same check, never a second one).
 * @returns the check, new or as a previous attempt left it.
 */
export async function beginCheck(input: {
  id: string;
  watchId: string;
  dueAt: Date;
  startedAt: Date;
  since: CheckRecord["since"];
}): Promise<CheckRecord> {
  const row = await getDb().watchCheck.upsert({
    where: { watchId_dueAt: { watchId: input.watchId, dueAt: input.dueAt } },
    create: { ...input, since: json(input.since) },
    update: {},
  });
  return toCheck(row);
}

/** A check by id, or null. */
export async function getCheck(id: string): Promise<CheckRecord | null> {
  const row = await getDb().watchCheck.findUnique({ where: { id } });
  return row ? toCheck(row) : null;
}

/** A watch's checks, newest first (at most `limit`). */
export async function listChecks(watchId: string, limit = 100): Promise<CheckRecord[]> {
  const rows = await getDb().watchCheck.findMany({
    where: { watchId },
    orderBy: [{ startedAt: "desc" }, { id: "desc" }],
    take: limit,
  });
  return rows.map(toCheck);
}

/** Saves a check's probe once (a re-run step keeps the first). @returns the check as saved. */
export async function saveProbe(checkId: string, probe: Probe): Promise<CheckRecord> {
  return getDb().$transaction(async (tx) => {
    const row = await tx.watchCheck.findUniqueOrThrow({ where: { id: checkId } });
    if (row.probe !== null) return toCheck(row);
    return toCheck(await tx.watchCheck.update({ where: { id: checkId }, data: { probe: json(probe) } }));
  });
}

/** Saves the run's last event seq before the check's re-run (once: a re-run step keeps the first). */
export async function saveCheckFromSeq(checkId: string, fromSeq: number): Promise<number> {
  await getDb().watchCheck.updateMany({ where: { id: checkId, fromSeq: null }, data: { fromSeq } });
  return (await getDb().watchCheck.findUniqueOrThrow({ where: { id: checkId }, select: { fromSeq: true } })).fromSeq!;
}

/** Saves the run a claim check's re-check started (once: a re-run step keeps the first). @returns the run id saved. */
export async function saveCheckVersionRun(checkId: string, runId: string): Promise<string> {
  await getDb().watchCheck.updateMany({ where: { id: checkId, versionRunId: null }, data: { versionRunId: runId } });
  return (await getDb().watchCheck.findUniqueOrThrow({ where: { id: checkId }, select: { versionRunId: true } }))
    .versionRunId!;
}

/**
 * A watched claim check's latest version: the run of the latest changed check and its version number, else the
 * watched run itself as version 1.
 */
export async function latestVersionRun(
  watch: Pick<WatchRecord, "id" | "runId">,
): Promise<{ runId: string; version: number }> {
  const row = await getDb().watchCheck.findFirst({
    where: { watchId: watch.id, status: "changed", versionRunId: { not: null } },
    orderBy: { dueAt: "desc" },
    select: { versionRunId: true, reportVersion: true },
  });
  return row?.versionRunId
    ? { runId: row.versionRunId, version: row.reportVersion ?? 1 }
    : { runId: watch.runId, version: 1 };
}

/** How a check ended, and the watch's schedule and source state after it (see finishCheck). */
export interface CheckOutcome {
  status: Exclude<CheckStatus, "running">;
  finishedAt: Date;
  summary: ChangeSummary | null;
  reportVersion: number | null;
  costUsd: number | null;
  modelCalls: number;
  error: string | null;
  watch: { nextDueAt: Date; lastCheckedAt: Date; sourceState: SourceState[]; failures: number };
}

/**
 * Ends a running check and moves its watch's schedule on, in one transaction and only once (compare-and-set on the
 * check's "running" status): a re-run of the step that ends it changes nothing. @returns whether this call ended it.
 */
export async function finishCheck(checkId: string, outcome: CheckOutcome): Promise<boolean> {
  return getDb().$transaction(async (tx) => {
    const { count } = await tx.watchCheck.updateMany({
      where: { id: checkId, status: "running" },
      data: {
        status: outcome.status,
        finishedAt: outcome.finishedAt,
        summary: outcome.summary === null ? undefined : json(outcome.summary),
        reportVersion: outcome.reportVersion,
        costUsd: outcome.costUsd,
        modelCalls: outcome.modelCalls,
        error: outcome.error,
      },
    });
    if (count === 0) return false;
    const check = await tx.watchCheck.findUniqueOrThrow({ where: { id: checkId }, select: { watchId: true } });
    const { watch } = outcome;
    await tx.watch.updateMany({
      where: { id: check.watchId },
      data: {
        nextDueAt: watch.nextDueAt,
        lastCheckedAt: watch.lastCheckedAt,
        sourceState: json(watch.sourceState),
        failures: watch.failures,
      },
    });
    return true;
  });
}
