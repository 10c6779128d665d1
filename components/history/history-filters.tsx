import Link from "next/link";
import type { ReactNode } from "react";
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
      <Field id="history-q" label="Search questions" wide>
        <input
          type="search"
          id="history-q"
          name="q"
          defaultValue={filters.q ?? ""}
          placeholder="e.g. lithium"
          className={fieldClass}
          data-testid="history-search"
        />
      </Field>
      <FilterSelect
        name="status"
        label="Status"
        value={filters.status}
        anyLabel="Any status"
        options={statuses.map((s) => [s, s])}
      />
      <FilterSelect
        name="mode"
        label="Mode"
        value={filters.mode}
        anyLabel="Any mode"
        options={modes.map((m) => [m, m.replace(/-/g, " ")])}
      />
      <DateFilter name="from" label="From" value={filters.from} />
      <DateFilter name="to" label="To" value={filters.to} />
      <Button type="submit">Search</Button>
      {active && (
        <Link href="/reports" className="py-1.5 text-sm text-accent hover:underline">
          Clear
        </Link>
      )}
    </form>
  );
}

/** One labelled control of the form; `wide` lets it take the row's free width (the question search). */
function Field({ id, label, wide, children }: { id: string; label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={`flex ${wide ? "min-w-56 flex-1 " : ""}flex-col gap-1 text-sm`}>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      {children}
    </div>
  );
}

/** A filter chosen from `options` ([value, text] pairs), or none ("Any …", the empty value). */
function FilterSelect({
  name,
  label,
  value,
  anyLabel,
  options,
}: {
  name: string;
  label: string;
  value: string | undefined;
  anyLabel: string;
  options: Array<[string, string]>;
}) {
  return (
    <Field id={`history-${name}`} label={label}>
      <select
        id={`history-${name}`}
        name={name}
        defaultValue={value ?? ""}
        className={fieldClass}
        data-testid={`history-${name}`}
      >
        <option value="">{anyLabel}</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** One end of the date range (an ISO date, YYYY-MM-DD, as the history's filter reads it). */
function DateFilter({ name, label, value }: { name: string; label: string; value: string | undefined }) {
  return (
    <Field id={`history-${name}`} label={label}>
      <input
        type="date"
        id={`history-${name}`}
        name={name}
        defaultValue={value ?? ""}
        className={fieldClass}
        data-testid={`history-${name}`}
      />
    </Field>
  );
}
