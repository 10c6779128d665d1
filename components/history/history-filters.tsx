import Link from "next/link";
import { Button } from "@/components/ui/button";
import type { HistoryFilters } from "@/lib/db/history";
import type { RunStatus } from "@/lib/domain/run";

const fieldClass =
  "rounded-md border border-border bg-background px-2 py-1 text-sm focus-visible:outline-2 " +
  "focus-visible:outline-accent";

/**
 * The history's search and filter form (a plain GET form, so it works without JavaScript and its URL can be
 * bookmarked): question words, status, mode, and a date range. "Clear" resets to the unfiltered history.
 */
export function HistoryFiltersForm({
  filters,
  statuses,
  modes,
}: {
  filters: HistoryFilters;
  statuses: readonly RunStatus[];
  modes: string[];
}) {
  const active = Object.values(filters).some(Boolean);
  return (
    <form
      method="get"
      action="/reports"
      role="search"
      aria-label="Search history"
      className="flex flex-wrap items-end gap-3"
      data-testid="history-filters"
    >
      <div className="flex min-w-56 flex-1 flex-col gap-1 text-sm">
        <label htmlFor="history-q" className="font-medium">
          Search questions
        </label>
        <input
          type="search"
          id="history-q"
          name="q"
          defaultValue={filters.q ?? ""}
          placeholder="e.g. lithium"
          className={fieldClass}
          data-testid="history-search"
        />
      </div>
      <div className="flex flex-col gap-1 text-sm">
        <label htmlFor="history-status" className="font-medium">
          Status
        </label>
        <select
          id="history-status"
          name="status"
          defaultValue={filters.status ?? ""}
          className={fieldClass}
          data-testid="history-status"
        >
          <option value="">Any status</option>
          {statuses.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1 text-sm">
        <label htmlFor="history-mode" className="font-medium">
          Mode
        </label>
        <select
          id="history-mode"
          name="mode"
          defaultValue={filters.mode ?? ""}
          className={fieldClass}
          data-testid="history-mode"
        >
          <option value="">Any mode</option>
          {modes.map((m) => (
            <option key={m} value={m}>
              {m.replace(/-/g, " ")}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1 text-sm">
        <label htmlFor="history-from" className="font-medium">
          From
        </label>
        <input
          type="date"
          id="history-from"
          name="from"
          defaultValue={filters.from ?? ""}
          className={fieldClass}
          data-testid="history-from"
        />
      </div>
      <div className="flex flex-col gap-1 text-sm">
        <label htmlFor="history-to" className="font-medium">
          To
        </label>
        <input
          type="date"
          id="history-to"
          name="to"
          defaultValue={filters.to ?? ""}
          className={fieldClass}
          data-testid="history-to"
        />
      </div>
      <Button type="submit">Search</Button>
      {active && (
        <Link href="/reports" className="py-1.5 text-sm text-accent hover:underline">
          Clear
        </Link>
      )}
    </form>
  );
}
