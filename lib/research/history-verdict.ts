import { getReport, getRunEvidence } from "@/lib/db/runs";
import { reportAnswer } from "@/lib/report/appraise/answer";

/**
 * The bottom line of a research run's latest report, as the history shows it instead of the judge's confidence:
 * "probably yes", "unclear", "open question", or "top candidates: A, B" for an open question
 * (lib/report/appraise/answer,
 * the same figures as the report page); null without a report.
 */
export async function researchVerdict(run: { id: string; question: string }): Promise<string | null> {
  const [saved, evidence] = await Promise.all([getReport(run.id), getRunEvidence(run.id)]);
  const answer = saved ? reportAnswer(run.question, evidence, saved.report)?.answer : null;
  if (!answer) return null;
  if (answer.kind === "candidates") return `top candidates: ${answer.candidates.join(", ")}`;
  return answer.kind === "open" ? "open question" : answer.verdict;
}
