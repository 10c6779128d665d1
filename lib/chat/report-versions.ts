import type { ReportChanges } from "@/lib/domain/chat";
import type { RunEvent } from "@/lib/domain/events";
import type { ResearchReport } from "@/lib/domain/report";
import { answerFromRecords } from "@/lib/report/appraise/answer-records";
import type { GradeLevel } from "@/lib/report/appraise/grade";
import { citedNumbers } from "@/lib/grounding/markers";
import type { ReportRecord } from "@/lib/report/appraise/records";

/** One version of a run's report: v1 is the first turn's, each research follow-up's iteration writes the next. */
export interface ReportVersion {
  version: number;
  seq: number;
  report: ResearchReport;
  markdown: string;
  /** When the report was saved (ISO 8601). */
  createdAt: string;
}

/**
 * The report versions of a run from its events: every `report` event is a version, in seq order (the research loop
 * saves one report event per turn, after its critic loop), so v1 is the first turn's report and vN the report of
 * the (N−1)-th research follow-up.
 */
export function reportVersions(events: RunEvent[]): ReportVersion[] {
  return events
    .flatMap((e) =>
      e.type === "report"
        ? [{ seq: e.seq, report: e.data.report, markdown: e.data.markdown, createdAt: e.createdAt }]
        : [],
    )
    .map((v, i) => ({ ...v, version: i + 1 }));
}

/**
 * What changed from one report version to the next (the "what changed" summary): references added and
 * removed (compared by evidence record, with their titles), hypotheses whose support changed (the report's
 * "hypotheses tested" rows matched by mechanism: supporting and contradicting counts before and after, null when the
 * hypothesis is new or gone), the confidence score (0–1) before and after, and the records found between the two
 * versions (the `evidence` events' additions with a seq between theirs).
 */
export function reportChanges(before: ReportVersion, after: ReportVersion, events: RunEvent[]): ReportChanges {
  const beforeIds = new Map(before.report.references.map((r) => [r.evidenceId, r.title]));
  const afterIds = new Map(after.report.references.map((r) => [r.evidenceId, r.title]));
  const beforeHypotheses = new Map(before.report.hypothesesTested.map((h) => [h.mechanism, h]));
  const afterHypotheses = new Map(after.report.hypothesesTested.map((h) => [h.mechanism, h]));
  const mechanisms = [...new Set([...beforeHypotheses.keys(), ...afterHypotheses.keys()])];
  const support = (h: { supported: number; contradicted: number } | undefined) =>
    h ? { supported: h.supported, contradicted: h.contradicted } : null;
  return {
    fromVersion: before.version,
    toVersion: after.version,
    referencesAdded: [...afterIds]
      .filter(([id]) => !beforeIds.has(id))
      .map(([evidenceId, title]) => ({ evidenceId, title })),
    referencesRemoved: [...beforeIds]
      .filter(([id]) => !afterIds.has(id))
      .map(([evidenceId, title]) => ({ evidenceId, title })),
    hypotheses: mechanisms
      .map((mechanism) => ({
        mechanism,
        before: support(beforeHypotheses.get(mechanism)),
        after: support(afterHypotheses.get(mechanism)),
      }))
      .filter((h) => h.before?.supported !== h.after?.supported || h.before?.contradicted !== h.after?.contradicted),
    confidenceBefore: before.report.confidenceScore,
    confidenceAfter: after.report.confidenceScore,
    newRecords: events.reduce(
      (n, e) => n + (e.type === "evidence" && e.seq > before.seq && e.seq < after.seq ? e.data.added.length : 0),
      0,
    ),
  };
}

/**
 * The events of one research follow-up's iteration: those after `fromSeq` up to and including the first
 * run-finished after it (all of them while the iteration runs), and whether it has finished.
 */
export function iterationEvents(events: RunEvent[], fromSeq: number): { events: RunEvent[]; finished: boolean } {
  const after = events.filter((e) => e.seq > fromSeq).sort((a, b) => a.seq - b.seq);
  const end = after.findIndex((e) => e.type === "run-finished");
  return end < 0 ? { events: after, finished: false } : { events: after.slice(0, end + 1), finished: true };
}

/** The first turn's events: up to and including the run's first run-finished (all while it runs). */
export function firstTurnEvents(events: RunEvent[]): RunEvent[] {
  return iterationEvents(events, 0).events;
}

/**
 * One report version as a page shows it: the version, the run's events from its start to the run-finished closing
 * the turn that wrote it (so the timeline, PRISMA diagram, hypotheses and judge's scores are that version's), and the
 * ids of the records the run had when it was written (its evidence table, bottom line and GRADE).
 */
export interface VersionView {
  version: ReportVersion;
  events: RunEvent[];
  evidenceIds: Set<string>;
}

/**
 * The view of report version `n` of a run (1-based; the latest when `n` is absent or names no version), or null when
 * the run has no report yet.
 */
export function versionView(events: RunEvent[], n?: number): VersionView | null {
  const versions = reportVersions(events);
  const version = versions.find((v) => v.version === n) ?? versions.at(-1);
  if (!version) return null;
  const sorted = [...events].sort((a, b) => a.seq - b.seq);
  const end = sorted.find((e) => e.type === "run-finished" && e.seq > version.seq);
  const upTo = end ? sorted.filter((e) => e.seq <= end.seq) : sorted;
  const evidenceIds = new Set(
    upTo.flatMap((e) => (e.type === "evidence" && e.seq < version.seq ? e.data.added.map((r) => r.id) : [])),
  );
  return { version, events: upTo, evidenceIds };
}

/**
 * One reference added or removed between two versions: its record, number (in the version that has it), title and why.
 */
export interface ReferenceChange {
  evidenceId: string;
  n: number;
  title: string;
  reason: string;
}

/**
 * What changed from one report version to a later one, as a reader compares them: the bottom line ("Unclear" →
 * "Probably yes"), GRADE certainty, the judge's confidence (0–1), the records found in between, references added and
 * removed each with the reason, and hypotheses whose support changed.
 */
export interface VersionDiff {
  fromVersion: number;
  toVersion: number;
  bottomLine: { before: string; after: string };
  certainty: { before: GradeLevel; after: GradeLevel };
  confidence: { before: number; after: number };
  newRecords: number;
  added: ReferenceChange[];
  removed: ReferenceChange[];
  hypotheses: ReportChanges["hypotheses"];
}

/** A version with the records it was written from (ReportRecord, numbered by its own references). */
export interface VersionSide {
  version: ReportVersion;
  records: ReportRecord[];
}

/** The report sections, in reading order, with the words a reason names them by. */
function sections(report: ResearchReport): Array<[string, string]> {
  return [
    ["the executive summary", report.executiveSummary],
    ["the mechanistic findings", report.mechanisticFindings.content],
    ["the clinical findings", report.clinicalFindings.content],
    ["the conclusion", report.conclusion],
    ["the limitations", report.limitations.join("\n")],
  ];
}

/** "the executive summary and the clinical findings": the sections of `report` whose text cites [n] ("" for none). */
function citingSections(report: ResearchReport, n: number): string {
  const names = sections(report).flatMap(([name, text]) => (citedNumbers(text).includes(n) ? [name] : []));
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/** The bottom line in a word or two: the verdict ("Probably yes"), or the top candidates of an open question. */
function bottomLineLabel(side: VersionSide, question: string): { label: string; certainty: GradeLevel } {
  const { answer, certainty } = answerFromRecords(
    question,
    side.records,
    side.version.report.drugCandidates,
    side.version.report.notAnswered !== undefined,
  );
  const label =
    answer.kind === "candidates"
      ? `Top candidates: ${answer.candidates.join(", ")}`
      : answer.kind === "open"
        ? "Open question"
        : (answer.verdict ?? "unclear");
  return { label: label.charAt(0).toUpperCase() + label.slice(1), certainty: certainty.level };
}

/**
 * The diff of two versions of a run's report (see {@link VersionDiff}), both read against the run's own `question`
 * (a follow-up asks for more on it; it does not change what the bottom line answers). A reference added is "a new
 * record" when the earlier version did not have the record, else "already found"; either way the reason names the
 * sections that cite it. A reference removed is no longer cited (and is named retracted when its record is).
 */
export function versionDiff(before: VersionSide, after: VersionSide, question: string): VersionDiff {
  const beforeRecords = new Set(before.records.map((r) => r.id));
  const afterRecords = new Map(after.records.map((r) => [r.id, r]));
  const beforeRefs = new Map(before.version.report.references.map((r) => [r.evidenceId, r]));
  const afterRefs = new Map(after.version.report.references.map((r) => [r.evidenceId, r]));
  const added = [...afterRefs.values()]
    .filter((r) => !beforeRefs.has(r.evidenceId))
    .map((r) => {
      const where = citingSections(after.version.report, r.n);
      const origin = beforeRecords.has(r.evidenceId)
        ? `already among v${before.version.version}'s records`
        : "a new record, found by this version's searches";
      return {
        evidenceId: r.evidenceId,
        n: r.n,
        title: r.title,
        reason: where ? `${origin}; cited in ${where}` : origin,
      };
    });
  const removed = [...beforeRefs.values()]
    .filter((r) => !afterRefs.has(r.evidenceId))
    .map((r) => ({
      evidenceId: r.evidenceId,
      n: r.n,
      title: r.title,
      reason: afterRecords.get(r.evidenceId)?.provenance?.retracted
        ? "retracted, so no longer cited"
        : `no longer cited in v${after.version.version}`,
    }));
  const changes = reportChanges(before.version, after.version, []);
  const b = bottomLineLabel(before, question);
  const a = bottomLineLabel(after, question);
  return {
    fromVersion: before.version.version,
    toVersion: after.version.version,
    bottomLine: { before: b.label, after: a.label },
    certainty: { before: b.certainty, after: a.certainty },
    confidence: { before: before.version.report.confidenceScore, after: after.version.report.confidenceScore },
    newRecords: after.records.filter((r) => !beforeRecords.has(r.id)).length,
    added,
    removed,
    hypotheses: changes.hypotheses,
  };
}
