import type { RunDetail } from "@/lib/db/run-detail";

/**
 * The `--json` contract of a research run: `{ runId, status, question, backend, iterations, evidence, hypotheses,
 * assessments, report, markdown, removedReferences, shortfalls }`. `hypotheses` and `assessments` are the
 * per-iteration outputs in order; `report` is null when the run ended before writing one. Every reference of the
 * report carries the pmid, doi, nctId and url it has.
 */
export function runToJson(detail: RunDetail) {
  return {
    runId: detail.run.id,
    status: detail.run.status,
    question: detail.run.question,
    backend: detail.run.backend,
    model: detail.run.model,
    sources: detail.run.sources,
    iterations: detail.run.iterations,
    error: detail.run.error,
    evidence: detail.evidence,
    hypotheses: detail.hypotheses,
    assessments: detail.assessments,
    report: detail.report,
    markdown: detail.markdown,
    removedReferences: detail.report?.removedReferences ?? 0,
    shortfalls: detail.shortfalls,
  };
}
