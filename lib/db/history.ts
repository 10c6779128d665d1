import "server-only";
import { getDb, usingPostgres } from "./client";
import { runSettingsSchema, toSummary, type RunSettings, type RunSummary } from "./runs";
import type { Prisma } from "@/lib/generated/sqlite/client";
import type { RunStatus } from "@/lib/domain/run";

/** Run statuses, in lifecycle order (the history's status filter offers them). */
export const RUN_STATUSES: readonly RunStatus[] = [
  "queued",
  "running",
  "completed",
  "failed",
  "cancelled",
  "interrupted",
];

/**
 * History filters: `q` words must all occur in the question (case-insensitive substring match), `status` and
 * `mode` match exactly, `from`/`to` are UTC calendar days (YYYY-MM-DD, both inclusive) of the run's start.
 */
export interface HistoryFilters {
  q?: string;
  status?: RunStatus;
  mode?: string;
  from?: string;
  to?: string;
}

/** A run in history, with the number of its share links that still work. */
export interface HistoryEntry extends RunSummary {
  liveShareLinks: number;
}

/** Most words of a search used (more are ignored). */
const MAX_QUERY_WORDS = 8;

type RunRow = Prisma.RunGetPayload<{ include: { _count: { select: { shareLinks: true } } } }>;

function toEntry(r: RunRow): HistoryEntry {
  return { ...toSummary(r), liveShareLinks: r._count.shareLinks };
}

/** A UTC day "2026-03-01" as a Date at its start, or null when the string is not a valid day. */
export function parseDay(day: string | undefined): Date | null {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const date = new Date(`${day}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day ? null : date;
}

/** The opaque cursor of a run: its start time in ms and id, "1767225600000.<uuid>". */
function encodeCursor(run: { createdAt: Date; id: string }): string {
  return `${run.createdAt.getTime()}.${run.id}`;
}

function decodeCursor(cursor: string | null | undefined): { createdAt: Date; id: string } | null {
  const m = cursor ? /^(\d{1,15})\.([0-9a-f-]{36})$/.exec(cursor) : null;
  return m ? { createdAt: new Date(Number(m[1])), id: m[2] } : null;
}

/**
 * Whose runs a listing shows (decided by lib/auth/rules.ts historyScope): `owner`'s runs (plus runs without owner
 * when `withUnowned`; owner null means only those), the runs no account owns (`unclaimed`), every run (`all`, an
 * administrator's view), or nothing.
 */
export type HistoryScope =
  { owner: string | null; withUnowned: boolean } | { unclaimed: true } | { all: true } | { nobody: true };

/** The Prisma filter of a scope; "unclaimed" reads the account ids (a few per deployment) to exclude their runs. */
async function scopeFilter(scope: HistoryScope): Promise<Prisma.RunWhereInput> {
  if ("nobody" in scope) return { id: { in: [] } };
  if ("all" in scope) return {};
  if ("unclaimed" in scope) {
    const users = await getDb().user.findMany({ select: { id: true } });
    return { OR: [{ ownerId: null }, { ownerId: { notIn: users.map((u) => u.id) } }] };
  }
  if (scope.owner === null) return { ownerId: null };
  return scope.withUnowned ? { OR: [{ ownerId: scope.owner }, { ownerId: null }] } : { ownerId: scope.owner };
}

/** A scope from the legacy `ownerId` option: a browser session's runs plus the CLI's (auth off). */
function legacyScope(ownerId: string | null | undefined): HistoryScope {
  return { owner: ownerId ?? null, withUnowned: true };
}

/**
 * One page of a history, newest first: the runs of `scope` (or, with the older `ownerId` option, the runs that
 * browser session started plus the CLI's runs), filtered by {@link HistoryFilters}. Keyset pagination on (createdAt,
 * id) descending: `cursor` is the
 * `nextCursor` of the previous page (a malformed cursor starts from the newest run); deleting runs between
 * pages skips or repeats nothing.
 * @returns at most `limit` runs and the cursor of the next page (null on the last page).
 */
export async function searchHistory(options: {
  scope?: HistoryScope;
  ownerId?: string | null;
  filters: HistoryFilters;
  limit: number;
  cursor?: string | null;
}): Promise<{ runs: HistoryEntry[]; nextCursor: string | null }> {
  const { filters } = options;
  const and: Prisma.RunWhereInput[] = [await scopeFilter(options.scope ?? legacyScope(options.ownerId))];
  const insensitive = usingPostgres() ? { mode: "insensitive" } : {};
  for (const word of (filters.q ?? "").trim().split(/\s+/).filter(Boolean).slice(0, MAX_QUERY_WORDS)) {
    and.push({ question: { contains: word, ...insensitive } as Prisma.StringFilter });
  }
  if (filters.status) and.push({ status: filters.status });
  if (filters.mode) and.push({ mode: filters.mode });
  const from = parseDay(filters.from);
  const to = parseDay(filters.to);
  if (from) and.push({ createdAt: { gte: from } });
  if (to) and.push({ createdAt: { lt: new Date(to.getTime() + 86_400_000) } });
  const after = decodeCursor(options.cursor);
  if (after)
    and.push({ OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] });
  const rows = await getDb().run.findMany({
    where: { AND: and },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: options.limit + 1,
    include: { _count: { select: { shareLinks: { where: { revokedAt: null } } } } },
  });
  const page = rows.slice(0, options.limit).map(toEntry);
  return { runs: page, nextCursor: rows.length > options.limit ? encodeCursor(page[page.length - 1]) : null };
}

/**
 * The run modes present in a history (a scope, or a browser session id as before), sorted ("research", …), for the
 * mode filter. A SQL GROUP BY on the Run(mode) index: Prisma's `distinct` reads every visible run and
 * deduplicates in memory, which made the history page's time grow with the number of runs.
 */
export async function listHistoryModes(scope: HistoryScope | string | null): Promise<string[]> {
  const where = await scopeFilter(typeof scope === "object" && scope !== null ? scope : legacyScope(scope));
  const rows = await getDb().run.groupBy({ by: ["mode"], where });
  return rows.map((r) => r.mode).sort();
}

/**
 * Deletes a run with its events, evidence links, hypotheses, assessments and report (cascade). Its share links
 * stay and keep showing their frozen copy (their run id becomes null); evidence records stay in the database.
 * @returns false when there was no such run.
 */
export async function deleteRun(runId: string): Promise<boolean> {
  const result = await getDb().run.deleteMany({ where: { id: runId } });
  return result.count > 0;
}

/** The settings a run was started with (see RunSettings), or null when there is no such run. */
export async function getRunSettings(runId: string): Promise<RunSettings | null> {
  const row = await getDb().run.findUnique({ where: { id: runId }, select: { settings: true } });
  return row ? runSettingsSchema.parse(row.settings) : null;
}

/** A run that has ended, as the history lists it: its settings, how it ended, and when it was created and ended. */
export interface EndedRunRow {
  id: string;
  settings: RunSettings;
  status: Exclude<RunStatus, "queued" | "running">;
  backend: RunSummary["backend"];
  iterations: number;
  confidence: number | null;
  evidenceCount: number;
  createdAt: Date;
  finishedAt: Date;
}

/** How many runs the database holds (any mode and status). */
export async function countRuns(): Promise<number> {
  return getDb().run.count();
}

/**
 * Saves ended runs as given, in one statement, owned by no account (the command line's) and without events, evidence
 * or report: what the benchmark of the history pages fills the database with. The mode, question, sources and
 * iteration cap come from each run's settings.
 */
export async function insertEndedRuns(runs: EndedRunRow[]): Promise<void> {
  await getDb().run.createMany({
    data: runs.map(({ settings, ...run }) => ({
      ...run,
      mode: settings.mode,
      question: settings.question,
      sources: settings.sources,
      maxIterations: settings.maxIterations,
      settings: settings as unknown as Prisma.InputJsonValue,
    })),
  });
}
