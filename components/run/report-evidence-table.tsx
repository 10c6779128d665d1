"use client";

import { useId, useMemo, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ProvenanceBadges } from "@/components/run/source-badge";
import { SOURCE_LABELS, type SourceId } from "@/lib/domain/evidence";
import type { ReportRecord } from "@/lib/report/records";
import { studyTypeRank } from "@/lib/report/study-type";
import { METER_LABELS } from "@/lib/report/answer-markdown";
import type { RecordStance } from "@/lib/reading/stance";

type SortKey = "ref" | "title" | "source" | "studyType" | "year" | "relevance";
type Sort = { key: SortKey; dir: "asc" | "desc" };
type PreprintFilter = "all" | "peer-reviewed" | "preprint";

const COLUMNS: Array<{ key: SortKey; label: string; className?: string }> = [
  { key: "ref", label: "Ref", className: "w-14" },
  { key: "title", label: "Title" },
  { key: "source", label: "Source" },
  { key: "studyType", label: "Study type" },
  { key: "year", label: "Year", className: "w-16" },
  { key: "relevance", label: "Relevance", className: "w-24" },
];

/** Compares two records on a column; records missing the value (no year, not cited) sort last either way. */
function compare(a: ReportRecord, b: ReportRecord, key: SortKey): number | null {
  switch (key) {
    case "ref":
      return a.referenceNumber === null || b.referenceNumber === null ? null : a.referenceNumber - b.referenceNumber;
    case "title":
      return a.title.localeCompare(b.title, "en", { sensitivity: "base" });
    case "source":
      return SOURCE_LABELS[a.source].localeCompare(SOURCE_LABELS[b.source], "en");
    case "studyType":
      return studyTypeRank(a.studyType) - studyTypeRank(b.studyType);
    case "year":
      return a.year === null || b.year === null ? null : a.year - b.year;
    case "relevance":
      return a.relevance - b.relevance;
  }
}

function missing(r: ReportRecord, key: SortKey): boolean {
  return (key === "ref" && r.referenceNumber === null) || (key === "year" && r.year === null);
}

/** Records sorted by a column (stable: ties keep the order the run found them; missing values last). */
export function sortRecords(records: ReportRecord[], sort: Sort): ReportRecord[] {
  const order = new Map(records.map((r, i) => [r.id, i]));
  return [...records].sort((a, b) => {
    const ma = missing(a, sort.key);
    const mb = missing(b, sort.key);
    if (ma !== mb) return ma ? 1 : -1;
    const c = ma ? 0 : (compare(a, b, sort.key) ?? 0);
    if (c !== 0) return sort.dir === "asc" ? c : -c;
    return order.get(a.id)! - order.get(b.id)!;
  });
}

const selectClass = "rounded-md border border-border bg-background px-2 py-1 text-sm";

/** A labelled filter drop-down; `options` are [value, label] pairs. */
function FilterSelect(props: { id: string; testId: string; label: string; value: string; onChange: (value: string) => void; options: Array<[string, string]> }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={props.id} className="font-medium">
        {props.label}
      </label>
      <select id={props.id} data-testid={props.testId} className={selectClass} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The run's evidence as a table: reference number, title (linked to the record), source, study type, year and
 * relevance, filterable by source, study type, year range and preprint status, sortable by every column
 * (click a header; again to reverse). `stance` (set by the evidence meter's segments) keeps only the records
 * pointing that way; `onStanceChange(null)` is called when the user clears the filters.
 */
export function EvidenceTable({ records, stance = null, onStanceChange }: { records: ReportRecord[]; stance?: RecordStance | null; onStanceChange?: (stance: RecordStance | null) => void }) {
  const id = useId();
  const [source, setSource] = useState<SourceId | "all">("all");
  const [studyType, setStudyType] = useState("all");
  const [yearFrom, setYearFrom] = useState("");
  const [yearTo, setYearTo] = useState("");
  const [preprint, setPreprint] = useState<PreprintFilter>("all");
  const [sort, setSort] = useState<Sort>({ key: "ref", dir: "asc" });

  const sources = useMemo(() => [...new Set(records.map((r) => r.source))], [records]);
  const types = useMemo(
    () => [...new Map(records.map((r) => [r.studyType, r.studyTypeLabel])).entries()].sort((a, b) => studyTypeRank(a[0]) - studyTypeRank(b[0])),
    [records],
  );
  const years = useMemo(() => [...new Set(records.flatMap((r) => (r.year === null ? [] : [r.year])))].sort((a, b) => a - b), [records]);
  const missingYears = records.filter((r) => r.year === null).length;

  const shown = useMemo(() => {
    const from = yearFrom ? Number(yearFrom) : null;
    const to = yearTo ? Number(yearTo) : null;
    const filtered = records.filter(
      (r) =>
        (source === "all" || r.source === source) &&
        (studyType === "all" || r.studyType === studyType) &&
        (from === null || (r.year !== null && r.year >= from)) &&
        (to === null || (r.year !== null && r.year <= to)) &&
        (preprint === "all" || (preprint === "preprint") === r.preprint) &&
        (stance === null || r.stance === stance),
    );
    return sortRecords(filtered, sort);
  }, [records, source, studyType, yearFrom, yearTo, preprint, stance, sort]);

  const filtered = source !== "all" || studyType !== "all" || yearFrom !== "" || yearTo !== "" || preprint !== "all" || stance !== null;
  const clear = () => {
    onStanceChange?.(null);
    setSource("all");
    setStudyType("all");
    setYearFrom("");
    setYearTo("");
    setPreprint("all");
  };

  return (
    <div className="space-y-3" data-testid="evidence-table">
      <div className="no-print flex flex-wrap items-end gap-3 text-sm" role="group" aria-label="Filter evidence">
        <FilterSelect id={`${id}-source`} testId="filter-source" label="Source" value={source} onChange={(v) => setSource(v as SourceId | "all")}
          options={[["all", "All sources"], ...sources.map((s): [string, string] => [s, SOURCE_LABELS[s]])]} />
        <FilterSelect id={`${id}-study-type`} testId="filter-study-type" label="Study type" value={studyType} onChange={setStudyType}
          options={[["all", "All study types"], ...types]} />
        {years.length > 1 && (
          <>
        <FilterSelect id={`${id}-year-from`} testId="filter-year-from" label="Year from" value={yearFrom} onChange={setYearFrom}
          options={[["", "Any"], ...years.map((y): [string, string] => [String(y), String(y)])]} />
        <FilterSelect id={`${id}-year-to`} testId="filter-year-to" label="Year to" value={yearTo} onChange={setYearTo}
          options={[["", "Any"], ...years.map((y): [string, string] => [String(y), String(y)])]} />
          </>
        )}
        <FilterSelect id={`${id}-preprint`} testId="filter-preprint" label="Peer review" value={preprint} onChange={(v) => setPreprint(v as PreprintFilter)}
          options={[["all", "All records"], ["peer-reviewed", "Peer-reviewed only"], ["preprint", "Preprints only"]]} />
        {filtered && (
          <Button variant="secondary" onClick={clear}>
            Clear filters
          </Button>
        )}
      </div>
      <p id={`${id}-count`} role="status" className="text-sm text-muted-foreground" data-testid="evidence-count">
        {shown.length === records.length ? `${records.length} records` : `${shown.length} of ${records.length} records`}
        {stance !== null && ` (evidence meter: ${METER_LABELS[stance]})`}
      </p>
      <div className="overflow-x-auto" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
        <table className="w-full border-collapse text-sm" aria-describedby={`${id}-count`}>
          <caption id={`${id}-caption`} className="sr-only">
            Evidence collected by the run
          </caption>
          <thead>
            <tr className="border-b border-border text-left">
              {COLUMNS.map((c) => (
                <th
                  key={c.key}
                  scope="col"
                  className={`py-2 pr-3 font-medium ${c.className ?? ""}`}
                  aria-sort={sort.key === c.key ? (sort.dir === "asc" ? "ascending" : "descending") : undefined}
                >
                  <button
                    type="button"
                    data-testid={`sort-${c.key}`}
                    className="inline-flex items-center gap-1 rounded-sm hover:underline focus-visible:outline-2 focus-visible:outline-accent"
                    onClick={() => setSort((s) => ({ key: c.key, dir: s.key === c.key && s.dir === "asc" ? "desc" : "asc" }))}
                  >
                    {c.label}
                    <span aria-hidden className="text-muted-foreground">
                      {sort.key === c.key ? (sort.dir === "asc" ? "▲" : "▼") : "↕"}
                    </span>
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => (
              <tr key={r.id} data-testid="evidence-row" className="border-b border-border align-top last:border-0">
                <td className="py-2 pr-3 tabular-nums" data-testid="evidence-ref">
                  {r.referenceNumber === null ? <span className="text-muted-foreground">–</span> : `[${r.referenceNumber}]`}
                </td>
                <td className="py-2 pr-3">
                  <a href={r.url} target="_blank" rel="noreferrer noopener" className="font-medium hover:underline" data-testid="evidence-title">
                    {r.title}
                  </a>
                  <span className="mt-0.5 flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
                    {r.pmid ? `PMID ${r.pmid}` : r.nctId ? r.nctId : r.doi ? `DOI ${r.doi}` : null}
                    {r.preprint && <Badge tone="warning">preprint</Badge>}
                    <ProvenanceBadges provenance={r.provenance} />
                  </span>
                </td>
                <td className="py-2 pr-3" data-testid="evidence-source">
                  {SOURCE_LABELS[r.source]}
                </td>
                <td className="py-2 pr-3" data-testid="evidence-study-type">
                  {r.studyTypeLabel}
                </td>
                <td className="py-2 pr-3 tabular-nums" data-testid="evidence-year">
                  {r.year ?? <span className="text-muted-foreground" aria-label="year not recorded">–</span>}
                </td>
                <td className="py-2 pr-3 tabular-nums">{Math.round(r.relevance * 100)}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {shown.length === 0 && <p className="text-sm text-muted-foreground">No records match these filters.</p>}
      {missingYears > 0 && (
        <p className="text-sm text-muted-foreground" data-testid="year-not-recorded">
          {missingYears === records.length
            ? "Year not recorded for these records (their source file gives none)."
            : `– : year not recorded (${missingYears} of ${records.length} records; their source file gives none).`}
        </p>
      )}
    </div>
  );
}
