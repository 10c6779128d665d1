import { getReport, getRun, getRunEvidence, listAssessments, listRunEvents, type RunSummary } from "@/lib/db/runs";
import type { Shortfall } from "@/lib/domain/run";
import type { Evidence } from "@/lib/domain/evidence";
import type { HypothesisAssessment } from "@/lib/domain/hypothesis";
import type { JudgeAssessment } from "@/lib/domain/judge";
import type { ResearchReport } from "@/lib/domain/report";
import type { RunEvent } from "@/lib/domain/events";

/** Everything saved about one run: the row, events, evidence, per-iteration hypotheses and assessments, report. */
export interface RunDetail {
  run: RunSummary;
  events: RunEvent[];
  evidence: Evidence[];
  hypotheses: Array<{ iteration: number; assessment: HypothesisAssessment }>;
  assessments: Array<{ iteration: number; assessment: JudgeAssessment }>;
  report: ResearchReport | null;
  markdown: string | null;
  shortfalls: Shortfall[];
}

/** Loads a run with everything it saved, or null when there is no such run. */
export async function getRunDetail(runId: string): Promise<RunDetail | null> {
  const run = await getRun(runId);
  if (!run) return null;
  const [events, evidence, assessments, saved] = await Promise.all([listRunEvents(runId), getRunEvidence(runId), listAssessments(runId), getReport(runId)]);
  const hypotheses = events.flatMap((e) => (e.type === "hypotheses" ? [{ iteration: e.data.iteration, assessment: e.data.assessment }] : []));
  const shortfalls = events.flatMap((e) => (e.type === "shortfall" ? [{ source: e.data.source, message: e.data.message }] : []));
  return {
    run,
    events,
    evidence,
    hypotheses,
    assessments,
    report: saved?.report ?? null,
    markdown: saved?.markdown ?? null,
    shortfalls,
  };
}
