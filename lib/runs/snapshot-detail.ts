import type { RunDetail } from "@/lib/runs/projections";
import type { RunSnapshot } from "@/lib/domain/snapshot";

/**
 * The RunDetail of a frozen snapshot (a share link's copy), built from the snapshot alone, never from live rows:
 * hypotheses, assessments, the report and shortfalls come from its saved events, evidence from its frozen records
 * (empty for snapshots frozen before they carried evidence). The owner is not part of a snapshot (null).
 */
export function snapshotToDetail(snapshot: RunSnapshot): RunDetail {
  const { run, events } = snapshot;
  const report = events.findLast((e) => e.type === "report");
  const evidence = snapshot.evidence ?? [];
  return {
    run: {
      id: run.id,
      mode: run.mode,
      question: run.question,
      status: run.status,
      backend: run.backend,
      model: run.model,
      sources: run.sources,
      maxIterations: run.maxIterations,
      iterations: run.iterations ?? events.findLast((e) => e.type === "iteration-started")?.data.iteration ?? 0,
      confidence: run.confidence ?? null,
      evidenceCount: evidence.length,
      error: run.error,
      ownerId: null,
      createdAt: new Date(run.createdAt),
      finishedAt: run.finishedAt ? new Date(run.finishedAt) : null,
    },
    events,
    evidence,
    hypotheses: events.flatMap((e) => (e.type === "hypotheses" ? [{ iteration: e.data.iteration, assessment: e.data.assessment }] : [])),
    assessments: events.flatMap((e) => (e.type === "assessment" ? [{ iteration: e.data.iteration, assessment: e.data.assessment }] : [])),
    report: report?.data.report ?? null,
    markdown: report?.data.markdown ?? null,
    shortfalls: events.flatMap((e) => (e.type === "shortfall" ? [{ source: e.data.source, message: e.data.message }] : [])),
  };
}
