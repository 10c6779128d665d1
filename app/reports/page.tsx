import Link from "next/link";
import { connection } from "next/server";
import { HistoryFiltersForm } from "@/components/history/history-filters";
import { RunList } from "@/components/history/run-list";
import { runVerdicts } from "@/lib/runs/verdicts";
import { registry } from "@/lib/modes";
import { listHistoryModes, parseDay, RUN_STATUSES, searchHistory, type HistoryFilters } from "@/lib/db/history";
import type { RunStatus } from "@/lib/domain/run";
import { historyScope, isAdmin } from "@/lib/auth/rules";
import { listUsers } from "@/lib/db/accounts";
import { AdminHistoryBar } from "@/components/auth/admin-history-bar";
import { getCaller } from "@/app/_server/caller";

export const metadata = { title: "History" };

/** Runs per history page. */
const PAGE_SIZE = 20;

function one(value: string | string[] | undefined): string | undefined {
  const v = Array.isArray(value) ? value[0] : value;
  return v?.trim() ? v.trim() : undefined;
}

/** The filters of the page's query string; unknown statuses, over-long text and invalid days are dropped. */
function readFilters(params: Record<string, string | string[] | undefined>): HistoryFilters {
  const status = one(params.status);
  const mode = one(params.mode);
  const from = one(params.from);
  const to = one(params.to);
  return {
    q: one(params.q)?.slice(0, 200),
    status: RUN_STATUSES.includes(status as RunStatus) ? (status as RunStatus) : undefined,
    mode: mode && /^[a-z-]{1,40}$/.test(mode) ? mode : undefined,
    from: parseDay(from) ? from : undefined,
    to: parseDay(to) ? to : undefined,
  };
}

/** The query string of filters plus a cursor, without empty values. */
function queryString(filters: HistoryFilters, cursor?: string): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, cursor })) if (value) params.set(key, value);
  const s = params.toString();
  return s ? `?${s}` : "";
}

/**
 * History: the caller's runs (lib/auth/rules.ts historyScope; an admin may pick all users, another user or the
 * unclaimed runs;
 * with CRITICA_AUTH=off this browser session's runs and the CLI's), newest first, searchable by
 * question words and filterable by status, mode and date, 20 per page with cursor pagination. Each finished run
 * can be re-run with the same settings or deleted after a confirmation.
 */
export default async function HistoryPage({ searchParams }: PageProps<"/reports">) {
  await connection();
  const params = await searchParams;
  const filters = readFilters(params);
  const cursor = one(params.cursor) ?? null;
  const caller = await getCaller();
  const user = isAdmin(caller) ? one(params.user) : undefined;
  const scope = historyScope(caller, user);
  const [{ runs, nextCursor }, modes] = await Promise.all([
    searchHistory({ scope, filters, limit: PAGE_SIZE, cursor }).catch(() => ({ runs: [], nextCursor: null })),
    listHistoryModes(scope).catch((): string[] => []),
  ]);
  const filtered = Object.values(filters).some(Boolean);
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold tracking-tight">History</h1>
      {isAdmin(caller) && (
        <AdminHistoryBar
          users={await listUsers()}
          selected={user ?? null}
          callerId={caller.kind === "user" ? caller.userId : ""}
          unclaimedShown={"unclaimed" in scope}
          count={runs.length}
        />
      )}
      {/* Keyed by the filters: "Clear" and links navigate client-side, and an uncontrolled form keeps old values. */}
      <HistoryFiltersForm
        key={queryString(filters)}
        filters={filters}
        statuses={RUN_STATUSES}
        modes={modes.includes(registry.names[0]) ? modes : [registry.names[0], ...modes]}
      />
      <RunList
        runs={runs}
        verdicts={await runVerdicts(runs, registry)}
        actions
        emptyText={filtered ? "No runs match these filters." : undefined}
      />
      <nav aria-label="Pagination" className="flex gap-4 text-sm">
        {cursor && (
          <Link
            href={`/reports${queryString({ ...filters, ...(user ? { user } : {}) })}`}
            className="text-accent hover:underline"
          >
            Newest
          </Link>
        )}
        {nextCursor && (
          <Link
            href={`/reports${queryString({ ...filters, ...(user ? { user } : {}) }, nextCursor)}`}
            className="text-accent hover:underline"
            data-testid="next-page"
          >
            Older runs
          </Link>
        )}
      </nav>
    </div>
  );
}
