"use client";

import { Fragment, useId, useMemo, useState } from "react";
import { AskPaperButton } from "@/components/chat/ask-paper";
import { AbstractText } from "./abstract-text";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ProvenanceBadges } from "./source-badge";
import { SOURCE_LABELS, type SourceId } from "@/lib/domain/evidence";
import type { ReportRecord } from "@/lib/report/appraise/records";
import { sortRecords, type RecordSort, type RecordSortKey } from "@/lib/report/appraise/record-sort";
import { studyTypeRank } from "@/lib/report/appraise/study-type";
import { METER_LABELS } from "@/lib/report/render/answer-markdown";
import { formatAuthors } from "@/lib/report/render/markdown";
import type { RecordStance } from "@/lib/reading/stance";
import { plainWords } from "@/lib/report/render/plain-words";

type PreprintFilter = "all" | "peer-reviewed" | "preprint";

const COLUMNS: Array<{ key: RecordSortKey; label: string; className?: string }> = [
  { key: "ref", label: "Ref", className: "w-12" },
  { key: "title", label: "Record" },
  { key: "studyType", label: "Study type", className: "w-32" },
  { key: "year", label: "Year", className: "w-16" },
  { key: "stance", label: "On the question", className: "w-56" },
];

/** Rows shown before "Show all" when no filter narrows the table (the records the report cites come first). */
const INITIAL_ROWS = 10;

const STANCE_TONES: Record<RecordStance, "success" | "warning" | "danger" | "neutral" | "accent"> = {
  yes: "success",
  possibly: "warning",
  no: "danger",
  related: "accent",
  unreported: "neutral",
  irrelevant: "neutral",
};

const selectClass = "rounded-md border border-border bg-background px-2 py-1 text-sm";
const sortButtonClass =
  "inline-flex items-center gap-1 rounded-sm hover:underline focus-visible:outline-2 focus-visible:outline-accent";
const titleButtonClass = "text-left font-medium hover:underline focus-visible:outline-2 focus-visible:outline-accent";
const recordFactsClass = "mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground";

/** A labelled filter drop-down; `options` are [value, label] pairs. */
function FilterSelect(props: {
  id: string;
  testId: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: Array<[string, string]>;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={props.id} className="font-medium">
        {props.label}
      </label>
      <select
        id={props.id}
        data-testid={props.testId}
        className={selectClass}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      >
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
 * "Smith J, Doe A, et al. · Kidney Int · 1998": the metadata line of a record, with what it has ("" when nothing).
 */
function metadataLine(r: ReportRecord): string {
  return [formatAuthors(r.authors).replace(/\.$/, ""), r.journal].filter(Boolean).join(" · ");
}

/**
 * The run's evidence as a table: reference number, the record (its title opens its abstract in place, with the
 * sentence its stance rests on marked; authors, journal, source, "Full text" or "Abstract only" (what the report read
 * of it) and identifier links below), study type, year and
 * its stance on the question with the reason. Filterable by source, study type, year range and preprint status,
 * sortable by every column (click a header; again to reverse). Without a filter the first {@link INITIAL_ROWS} rows
 * show, with "Show all". `stance` (set by the evidence meter's segments) keeps only the records pointing that way;
 * `onStanceChange(null)` is called when the user clears the filters.
 */
export function EvidenceTable({
  records,
  stance = null,
  onStanceChange,
  initialRows = INITIAL_ROWS,
}: {
  records: ReportRecord[];
  stance?: RecordStance | null;
  onStanceChange?: (stance: RecordStance | null) => void;
  /** Rows shown before "Show all" when no filter narrows the table. */
  initialRows?: number;
}) {
  const id = useId();
  const [source, setSource] = useState<SourceId | "all">("all");
  const [studyType, setStudyType] = useState("all");
  const [yearFrom, setYearFrom] = useState("");
  const [yearTo, setYearTo] = useState("");
  const [preprint, setPreprint] = useState<PreprintFilter>("all");
  const [sort, setSort] = useState<RecordSort>({ key: "ref", dir: "asc" });
  const [all, setAll] = useState(false);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());

  const sources = useMemo(() => [...new Set(records.map((r) => r.source))], [records]);
  const types = useMemo(
    () =>
      [...new Map(records.map((r) => [r.studyType, r.studyTypeLabel])).entries()].sort(
        (a, b) => studyTypeRank(a[0]) - studyTypeRank(b[0]),
      ),
    [records],
  );
  const years = useMemo(
    () => [...new Set(records.flatMap((r) => (r.year === null ? [] : [r.year])))].sort((a, b) => a - b),
    [records],
  );

  const matching = useMemo(() => {
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

  const filtered =
    source !== "all" ||
    studyType !== "all" ||
    yearFrom !== "" ||
    yearTo !== "" ||
    preprint !== "all" ||
    stance !== null;
  const shown = filtered || all ? matching : matching.slice(0, initialRows);
  const clear = () => {
    onStanceChange?.(null);
    setSource("all");
    setStudyType("all");
    setYearFrom("");
    setYearTo("");
    setPreprint("all");
  };
  const toggle = (recordId: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(recordId)) next.delete(recordId);
      else next.add(recordId);
      return next;
    });

  return (
    <div className="space-y-3" data-testid="evidence-table">
      <div className="no-print flex flex-wrap items-end gap-3 text-sm" role="group" aria-label="Filter evidence">
        <FilterSelect
          id={`${id}-source`}
          testId="filter-source"
          label="Source"
          value={source}
          onChange={(v) => setSource(v as SourceId | "all")}
          options={[["all", "All sources"], ...sources.map((s): [string, string] => [s, SOURCE_LABELS[s]])]}
        />
        <FilterSelect
          id={`${id}-study-type`}
          testId="filter-study-type"
          label="Study type"
          value={studyType}
          onChange={setStudyType}
          options={[["all", "All study types"], ...types]}
        />
        {years.length > 1 && (
          <>
            <FilterSelect
              id={`${id}-year-from`}
              testId="filter-year-from"
              label="Year from"
              value={yearFrom}
              onChange={setYearFrom}
              options={[["", "Any"], ...years.map((y): [string, string] => [String(y), String(y)])]}
            />
            <FilterSelect
              id={`${id}-year-to`}
              testId="filter-year-to"
              label="Year to"
              value={yearTo}
              onChange={setYearTo}
              options={[["", "Any"], ...years.map((y): [string, string] => [String(y), String(y)])]}
            />
          </>
        )}
        <FilterSelect
          id={`${id}-preprint`}
          testId="filter-preprint"
          label="Peer review"
          value={preprint}
          onChange={(v) => setPreprint(v as PreprintFilter)}
          options={[
            ["all", "All records"],
            ["peer-reviewed", "Peer-reviewed only"],
            ["preprint", "Preprints only"],
          ]}
        />
        {filtered && (
          <Button variant="secondary" onClick={clear}>
            Clear filters
          </Button>
        )}
      </div>
      <p id={`${id}-count`} role="status" className="text-sm text-muted-foreground" data-testid="evidence-count">
        {matching.length === records.length
          ? `${records.length} records`
          : `${matching.length} of ${records.length} records`}
        {stance !== null && ` (evidence meter: ${METER_LABELS[stance]})`}
        {shown.length < matching.length && `; the first ${shown.length} shown`}
      </p>
      <div className="overflow-x-auto" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
        {/* On a phone each row is a card (app/globals.css .evidence-grid); the roles keep it a table for assistive
            tech. */}
        <table
          role="table"
          className="evidence-grid w-full border-collapse text-sm sm:min-w-[36rem]"
          aria-describedby={`${id}-count`}
        >
          <caption id={`${id}-caption`} className="sr-only">
            Evidence collected by the run
          </caption>
          <thead role="rowgroup">
            <tr role="row" className="border-b border-border text-left">
              {COLUMNS.map((c) => (
                <th
                  key={c.key}
                  role="columnheader"
                  scope="col"
                  className={`py-2 pr-3 font-medium ${c.className ?? ""}`}
                  aria-sort={sort.key === c.key ? (sort.dir === "asc" ? "ascending" : "descending") : undefined}
                >
                  <button
                    type="button"
                    data-testid={`sort-${c.key}`}
                    className={sortButtonClass}
                    onClick={() =>
                      setSort((s) => ({ key: c.key, dir: s.key === c.key && s.dir === "asc" ? "desc" : "asc" }))
                    }
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
          <tbody role="rowgroup">
            {shown.map((r) => {
              const expanded = open.has(r.id);
              const meta = metadataLine(r);
              return (
                <Fragment key={r.id}>
                  <tr
                    role="row"
                    data-testid="evidence-row"
                    className={`align-top ${expanded ? "" : "border-b border-border"}`}
                  >
                    <td role="cell" className="py-2 pr-3 tabular-nums" data-testid="evidence-ref">
                      {r.referenceNumber === null ? (
                        <span className="text-muted-foreground">–</span>
                      ) : (
                        `[${r.referenceNumber}]`
                      )}
                    </td>
                    <td role="cell" className="py-2 pr-3">
                      <button
                        type="button"
                        aria-expanded={expanded}
                        aria-controls={`${id}-abstract-${r.id}`}
                        onClick={() => toggle(r.id)}
                        className={titleButtonClass}
                        data-testid="evidence-title"
                      >
                        {r.title}
                      </button>
                      {meta && (
                        <span className="mt-0.5 block text-xs text-muted-foreground" data-testid="evidence-metadata">
                          {meta}
                        </span>
                      )}
                      <span className={recordFactsClass}>
                        <span data-testid="evidence-source">{SOURCE_LABELS[r.source]}</span>
                        <span data-testid="evidence-reading">{r.fullText ? "Full text" : "Abstract only"}</span>
                        <AskPaperButton recordId={r.id} />
                        {r.pmid && (
                          <a
                            href={`https://pubmed.ncbi.nlm.nih.gov/${r.pmid}/`}
                            target="_blank"
                            rel="noreferrer noopener"
                            className="underline underline-offset-2"
                          >
                            PMID {r.pmid}
                          </a>
                        )}
                        {r.doi && (
                          <a
                            href={`https://doi.org/${encodeURI(r.doi)}`}
                            target="_blank"
                            rel="noreferrer noopener"
                            className="underline underline-offset-2"
                          >
                            DOI {r.doi}
                          </a>
                        )}
                        {r.nctId && (
                          <a
                            href={r.url}
                            target="_blank"
                            rel="noreferrer noopener"
                            className="underline underline-offset-2"
                          >
                            {r.nctId}
                          </a>
                        )}
                        {r.preprint && <Badge tone="warning">preprint</Badge>}
                        <ProvenanceBadges provenance={r.provenance} />
                        <button
                          type="button"
                          onClick={() => toggle(r.id)}
                          aria-expanded={expanded}
                          className="text-accent underline underline-offset-2"
                          data-testid="evidence-abstract-toggle"
                        >
                          {expanded ? "Hide abstract" : r.hasAbstract ? "Abstract" : "No abstract"}
                        </button>
                      </span>
                    </td>
                    <td role="cell" className="py-2 pr-3" data-testid="evidence-study-type">
                      {r.studyTypeLabel}
                    </td>
                    <td
                      role="cell"
                      className={`py-2 pr-3 tabular-nums ${r.year === null ? "max-sm:hidden" : ""}`}
                      data-testid="evidence-year"
                    >
                      {r.year}
                    </td>
                    <td role="cell" className="py-2 pr-3" data-testid="evidence-stance">
                      <Badge tone={STANCE_TONES[r.stance]}>{METER_LABELS[r.stance]}</Badge>
                      <span className="mt-0.5 block text-xs text-muted-foreground" data-testid="evidence-stance-reason">
                        {plainWords(r.stanceReason)}
                      </span>
                    </td>
                  </tr>
                  {expanded && (
                    <tr role="row" className="border-b border-border" data-testid="evidence-abstract-row">
                      <td role="cell" />
                      <td
                        role="cell"
                        colSpan={COLUMNS.length - 1}
                        id={`${id}-abstract-${r.id}`}
                        className="pb-3 pr-3 text-sm"
                      >
                        <AbstractText abstract={r.abstract} sentence={r.stancePassage} />
                        {r.stancePassage && (
                          <p className="mt-1 text-xs text-muted-foreground">
                            Marked: the sentence its stance on the question rests on.
                          </p>
                        )}
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
      {shown.length < matching.length && (
        <Button variant="secondary" onClick={() => setAll(true)} data-testid="evidence-show-all">
          Show all {matching.length} records
        </Button>
      )}
      {matching.length === 0 && <p className="text-sm text-muted-foreground">No records match these filters.</p>}
    </div>
  );
}
