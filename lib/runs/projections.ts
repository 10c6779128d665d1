import { getReport, getRun, getRunEvidence, listRunEvents, type RunSummary } from "@/lib/db/runs";
import type { RunSnapshot } from "@/lib/domain/snapshot";
import type { Shortfall } from "@/lib/domain/run";
import type { Evidence } from "@/lib/domain/evidence";
import type { HypothesisSet } from "@/lib/domain/hypothesis";
import type { JudgeAssessment } from "@/lib/domain/judge";
import type { ResearchReport } from "@/lib/domain/report";
import type { RunEvent } from "@/lib/domain/events";
import { sharedRunFields } from "./snapshot";

/** Everything saved about one run: the row, events, evidence, per-iteration hypotheses and assessments, report. */
export interface RunDetail {
  run: RunSummary;
  events: RunEvent[];
  evidence: Evidence[];
  hypotheses: Array<{ iteration: number; assessment: HypothesisSet }>;
  assessments: Array<{ iteration: number; assessment: JudgeAssessment }>;
  report: ResearchReport | null;
  markdown: string | null;
  shortfalls: Shortfall[];
}

/** The views a run's events determine: hypotheses and assessments per iteration, the report, the shortfalls. */
export interface EventProjection {
  hypotheses: RunDetail["hypotheses"];
  assessments: RunDetail["assessments"];
  /** The last `report` event's report and markdown (null before the report is written). */
  report: { report: ResearchReport; markdown: string } | null;
  shortfalls: Shortfall[];
}

/**
 * Derives the detail views from a run's saved events, the one source of truth for what a run found (live runs and
 * frozen snapshots alike): hypotheses and assessments per iteration in event order, the last report, the shortfalls.
 */
export function projectEvents(events: RunEvent[]): EventProjection {
  const report = events.findLast((e) => e.type === "report");
  return {
    hypotheses: events.flatMap((e) =>
      e.type === "hypotheses" ? [{ iteration: e.data.iteration, assessment: e.data.assessment }] : [],
    ),
    assessments: events.flatMap((e) =>
      e.type === "assessment" ? [{ iteration: e.data.iteration, assessment: e.data.assessment }] : [],
    ),
    report: report ? { report: report.data.report, markdown: report.data.markdown } : null,
    shortfalls: events.flatMap((e) =>
      e.type === "shortfall" ? [{ source: e.data.source, message: e.data.message }] : [],
    ),
  };
}

/**
 * Loads a run with everything it saved, or null when there is no such run. Hypotheses, assessments and shortfalls
 * are projected from its events ({@link projectEvents}); the report is the run's saved Report row.
 */
export async function getRunDetail(runId: string): Promise<RunDetail | null> {
  const run = await getRun(runId);
  if (!run) return null;
  const [events, evidence, saved] = await Promise.all([listRunEvents(runId), getRunEvidence(runId), getReport(runId)]);
  return runDetail(run, events, evidence, projectEvents(events), saved);
}

/** A RunDetail from its parts: the views projected from its events, and the report it shows (null: none yet). */
function runDetail(
  run: RunSummary,
  events: RunEvent[],
  evidence: Evidence[],
  projection: EventProjection,
  report: { report: ResearchReport; markdown: string } | null,
): RunDetail {
  const { hypotheses, assessments, shortfalls } = projection;
  return {
    run,
    events,
    evidence,
    hypotheses,
    assessments,
    report: report?.report ?? null,
    markdown: report?.markdown ?? null,
    shortfalls,
  };
}

/**
 * The RunDetail of a frozen snapshot (a share link's copy), built from the snapshot alone, never from live rows:
 * hypotheses, assessments, the report and shortfalls come from its saved events, evidence from its frozen records
 * (empty for snapshots frozen before they carried evidence). The owner is not part of a snapshot (null).
 */
export function snapshotToDetail(snapshot: RunSnapshot): RunDetail {
  const { run, events } = snapshot;
  const projection = projectEvents(events);
  const evidence = snapshot.evidence ?? [];
  const summary: RunSummary = {
    ...sharedRunFields(run),
    iterations: run.iterations ?? events.findLast((e) => e.type === "iteration-started")?.data.iteration ?? 0,
    confidence: run.confidence ?? null,
    evidenceCount: evidence.length,
    ownerId: null,
    createdAt: new Date(run.createdAt),
    finishedAt: run.finishedAt ? new Date(run.finishedAt) : null,
  };
  return runDetail(summary, events, evidence, projection, projection.report);
}
