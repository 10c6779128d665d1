import "server-only";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { getDb } from "./client";
import { rowToEvidence, saveEvidence } from "./evidence";
import { z } from "zod";
import { sourceIdSchema, type Evidence, type SourceId } from "@/lib/domain/evidence";
import { researchReportSchema, type ResearchReport } from "@/lib/domain/report";
import type { BackendKind, RunStatus } from "@/lib/domain/run";
import { parseStoredEvent, type RunEvent, type RunEventPayloads, type RunEventType } from "@/lib/domain/events";

/**
 * Settings a run was started with; stored so the run can be repeated. A claim check ("claim-check") keeps its pasted
 * text in `question`.
 */
export const runSettingsSchema = z.object({
  mode: z.string().min(1),
  question: z.string(),
  sources: z.array(sourceIdSchema),
  maxIterations: z.number().int(),
  /** What an LLM run does when the model provider fails (see StartRunOptions.onProviderError); absent on older runs. */
  onProviderError: z.enum(["fail", "extractive"]).optional(),
  /** "bypass": the run asked the live sources, not the source cache (lib/sources/cache.ts); absent means "use". */
  sourceCache: z.enum(["use", "bypass"]).optional(),
  /**
   * Who started the run (Run.ownerId, set by lib/runs/start.ts, never by a request): the run reads that owner's
   * uploaded papers (source "papers" and their full texts); absent for runs nobody owns.
   */
  owner: z.string().optional(),
});
export type RunSettings = z.infer<typeof runSettingsSchema>;

/** A run as listed in history. */
export interface RunSummary {
  id: string;
  mode: string;
  question: string;
  status: RunStatus;
  backend: BackendKind;
  model: string | null;
  sources: SourceId[];
  maxIterations: number;
  iterations: number;
  confidence: number | null;
  evidenceCount: number;
  error: string | null;
  ownerId: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

type RunRow = Awaited<ReturnType<ReturnType<typeof getDb>["run"]["findUniqueOrThrow"]>>;

/** The summary of a Run row (also used by lib/db/history.ts). */
export function toSummary(r: RunRow): RunSummary {
  return {
    id: r.id,
    mode: r.mode,
    question: r.question,
    status: r.status as RunStatus,
    backend: r.backend as BackendKind,
    model: r.model,
    sources: z.array(sourceIdSchema).parse(r.sources),
    maxIterations: r.maxIterations,
    iterations: r.iterations,
    confidence: r.confidence,
    evidenceCount: r.evidenceCount,
    error: r.error,
    ownerId: r.ownerId,
    createdAt: r.createdAt,
    finishedAt: r.finishedAt,
  };
}

/** Creates a run row in status "queued". */
export async function createRun(input: {
  id: string;
  settings: RunSettings;
  backend: BackendKind;
  model: string | null;
  ownerId: string | null;
}): Promise<RunSummary> {
  const row = await getDb().run.create({
    data: {
      id: input.id,
      mode: input.settings.mode,
      question: input.settings.question,
      backend: input.backend,
      model: input.model,
      sources: input.settings.sources,
      settings: input.settings as unknown as Prisma.InputJsonValue,
      maxIterations: input.settings.maxIterations,
      ownerId: input.ownerId,
    },
  });
  return toSummary(row);
}

/** A run by id, or null. */
export async function getRun(id: string): Promise<RunSummary | null> {
  const row = await getDb().run.findUnique({ where: { id } });
  return row ? toSummary(row) : null;
}

/** Updates the run's progress fields. */
export async function updateRun(
  id: string,
  data: Partial<{
    status: RunStatus;
    iterations: number;
    confidence: number | null;
    evidenceCount: number;
    error: string | null;
    finishedAt: Date;
    cancelRequestedAt: null;
  }>,
): Promise<void> {
  await getDb().run.update({ where: { id }, data });
}

/** Saves one event with its sequence number (unique per run). */
export async function appendRunEvent<K extends RunEventType>(
  runId: string,
  seq: number,
  type: K,
  data: RunEventPayloads[K],
): Promise<RunEvent> {
  const row = await getDb().runEvent.create({
    data: { runId, seq, type, payload: data as unknown as Prisma.InputJsonValue },
  });
  return { seq: row.seq, type, data, createdAt: row.createdAt.toISOString() } as RunEvent;
}

/**
 * The run's saved events with seq > afterSeq, in order, each parsed by its type's schema (lib/domain/events.ts). A row
 * that does not parse is not cast: it is logged with the problem and read as a warning notice (parseStoredEvent).
 */
export async function listRunEvents(runId: string, afterSeq = 0): Promise<RunEvent[]> {
  const rows = await getDb().runEvent.findMany({ where: { runId, seq: { gt: afterSeq } }, orderBy: { seq: "asc" } });
  return rows.map((r) =>
    parseStoredEvent({ seq: r.seq, type: r.type, data: r.payload, createdAt: r.createdAt.toISOString() }, (problem) =>
      console.error(`run ${runId}: event ${r.seq} could not be read: ${problem}`),
    ),
  );
}

/** Highest saved seq of a run (0 when none). */
export async function lastEventSeq(runId: string): Promise<number> {
  const row = await getDb().runEvent.findFirst({ where: { runId }, orderBy: { seq: "desc" }, select: { seq: true } });
  return row?.seq ?? 0;
}

/**
 * Prisma's codes for a transaction that lost a race with another writer: a unique constraint (P2002, two runs
 * created the same record at once) or a write conflict or deadlock (P2034). Retried, as the loser then finds the
 * winner's row. On SQLite, a transaction that meets another process's write (the CLI, `npm run cancel`, a second
 * reader upgrading) fails with SQLITE_BUSY, which Prisma reports as P1008 "Operation has timed out"; SQLite's advice
 * is to roll back and retry, so it is retried too (seen once in CI: a CLI-enqueued run failed in its first search).
 */
const RACE_CODES = new Set(["P2002", "P2034", "P1008"]);
const RACE_ATTEMPTS = 10;

/**
 * Saves newly found evidence records and links them to the run in order, starting at `firstOrdinal`: one short
 * transaction per record (save + link), tried up to 10 times, 0.1 to 0.9 s apart, when it loses a race with another run
 * saving the same
 * record. Concurrent runs (on any instance) save the same records; one transaction for all of a search's records held
 * their row locks for seconds, and on Postgres 20 concurrent runs then waited past Prisma's 5 s transaction timeout
 * or deadlocked (tests/integration/load.test.ts: every run failed). A re-run step re-links idempotently (upsert).
 * @throws the database error when a record cannot be saved after the retries.
 */
export async function addRunEvidence(
  runId: string,
  records: Evidence[],
  iteration: number,
  firstOrdinal: number,
): Promise<void> {
  for (const [i, e] of records.entries()) {
    for (let attempt = 1; ; attempt++) {
      try {
        await getDb().$transaction(async (tx) => {
          const { id } = await saveEvidence(e, { inLibrary: false }, tx as never);
          await tx.runEvidence.upsert({
            where: { runId_evidenceId: { runId, evidenceId: id } },
            create: { runId, evidenceId: id, ordinal: firstOrdinal + i, iteration, relevance: e.relevance },
            update: {},
          });
        });
        break;
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (attempt >= RACE_ATTEMPTS || typeof code !== "string" || !RACE_CODES.has(code)) throw error;
        // 100, 200, … 900 ms apart: 4.5 s in all, time for another process's short write to end (SQLite fails fast
        // here).
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
  }
}

/** The run's evidence in the order it was found, with the relevance it had when found. */
export async function getRunEvidence(runId: string): Promise<Evidence[]> {
  const links = await getDb().runEvidence.findMany({
    where: { runId },
    orderBy: { ordinal: "asc" },
    include: { evidence: true },
  });
  return links.map((l) => rowToEvidence(l.evidence, l.relevance));
}

/** Saves the run's report; a later version (a research follow-up's) replaces the saved one. */
export async function saveReport(runId: string, report: ResearchReport, markdown: string): Promise<void> {
  const fields = {
    title: report.title,
    markdown,
    data: report as unknown as Prisma.InputJsonValue,
    removedReferences: report.removedReferences,
  };
  await getDb().report.upsert({ where: { runId }, create: { runId, ...fields }, update: fields });
}

/** The saved report of a run, or null. */
export async function getReport(runId: string): Promise<{ report: ResearchReport; markdown: string } | null> {
  const row = await getDb().report.findUnique({ where: { runId } });
  return row ? { report: researchReportSchema.parse(row.data), markdown: row.markdown } : null;
}

/**
 * Runs left "queued" or "running" (e.g. by a server process that stopped), with their creation time and Workflow SDK
 * run id (null: not durable).
 */
export async function listUnfinishedRuns(): Promise<
  Array<{ id: string; mode: string; createdAt: Date; workflowRunId: string | null }>
> {
  return getDb().run.findMany({
    where: { status: { in: ["queued", "running"] } },
    select: { id: true, mode: true, createdAt: true, workflowRunId: true },
  });
}
