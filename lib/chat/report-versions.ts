import type { ReportChanges } from "@/lib/domain/chat";
import type { RunEvent } from "@/lib/domain/events";
import type { ResearchReport } from "@/lib/domain/report";

/** One version of a run's report: v1 is the first turn's, each research follow-up's iteration writes the next. */
export interface ReportVersion {
  version: number;
  seq: number;
  report: ResearchReport;
  markdown: string;
}

/**
 * The report versions of a run from its events: every `report` event is a version, in seq order (the research loop
 * saves one report event per turn, after its critic loop), so v1 is the first turn's report and vN the report of
 * the (N−1)-th research follow-up.
 */
export function reportVersions(events: RunEvent[]): ReportVersion[] {
  return events.flatMap((e) => (e.type === "report" ? [{ seq: e.seq, report: e.data.report, markdown: e.data.markdown }] : [])).map((v, i) => ({ ...v, version: i + 1 }));
}

/**
 * What changed from one report version to the next (issue 14's "what changed" summary): references added and
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
  const support = (h: { supported: number; contradicted: number } | undefined) => (h ? { supported: h.supported, contradicted: h.contradicted } : null);
  return {
    fromVersion: before.version,
    toVersion: after.version,
    referencesAdded: [...afterIds].filter(([id]) => !beforeIds.has(id)).map(([evidenceId, title]) => ({ evidenceId, title })),
    referencesRemoved: [...beforeIds].filter(([id]) => !afterIds.has(id)).map(([evidenceId, title]) => ({ evidenceId, title })),
    hypotheses: mechanisms
      .map((mechanism) => ({ mechanism, before: support(beforeHypotheses.get(mechanism)), after: support(afterHypotheses.get(mechanism)) }))
      .filter((h) => h.before?.supported !== h.after?.supported || h.before?.contradicted !== h.after?.contradicted),
    confidenceBefore: before.report.confidenceScore,
    confidenceAfter: after.report.confidenceScore,
    newRecords: events.reduce((n, e) => n + (e.type === "evidence" && e.seq > before.seq && e.seq < after.seq ? e.data.added.length : 0), 0),
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
