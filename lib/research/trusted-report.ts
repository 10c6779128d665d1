import type { ReportInput } from "./backend";
import type { ResearchReport } from "@/lib/domain/report";
import { extractiveHypothesize, extractiveJudge, extractiveReport } from "@/lib/research/agents/extractive";
import { normaliseAssessment } from "./normalise-chain";

/**
 * The extractive report of a run's evidence: what is published when the model's report still fails the critic after
 * its revisions. The extractive agents read the same records the report agent was given — hypotheses by
 * literature-based discovery (chains typed as every backend's, normaliseAssessment), a judge assessment at the run's
 * last iteration, then the report of sentences quoted from the abstracts — so nothing in it is model-written; its
 * methodology says it was written without a language model. Deterministic.
 */
export function extractiveReportOf(input: Omit<ReportInput, "feedback" | "hooks" | "signal">): ResearchReport {
  const hypotheses = normaliseAssessment(
    extractiveHypothesize({ question: input.question, evidence: input.evidence, previous: null }),
  );
  const iteration = Math.max(1, input.iterations);
  const assessment = extractiveJudge({
    question: input.question,
    evidence: input.evidence,
    hypotheses,
    iteration,
    maxIterations: iteration,
  });
  return extractiveReport({ ...input, hypotheses, assessments: [assessment] });
}
