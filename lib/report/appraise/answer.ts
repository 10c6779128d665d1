import type { Evidence } from "@/lib/domain/evidence";
import type { ResearchReport } from "@/lib/domain/report";
import { readQuestionEvidence, type EvidenceReading } from "@/lib/reading/read";
import { answerFromRecords, type ReportAnswer } from "./answer-records";
import { studyTypeOf } from "./study-type";

/**
 * The bottom line and GRADE certainty of a run from its question, evidence (read once through lib/reading, the
 * reading the claim check and chat share) and report (its drug candidates); null for a run without a report.
 */
export function reportAnswer(
  question: string,
  evidence: Evidence[],
  report: ResearchReport | null,
): ReportAnswer | null {
  return report ? answerFromReading(question, readQuestionEvidence(question, evidence), evidence, report) : null;
}

/** {@link reportAnswer} from a reading already made of `question` over `evidence` (same order). */
export function answerFromReading(
  question: string,
  read: EvidenceReading,
  evidence: Evidence[],
  report: ResearchReport,
): ReportAnswer {
  const stances = read.readings;
  const records = evidence.map((e, i) => ({
    id: e.id,
    studyType: studyTypeOf(e).design,
    stance: stances[i].stance,
    bearing: stances[i].bearing,
    method: stances[i].method,
    match: stances[i].match,
  }));
  return answerFromRecords(
    question,
    records,
    report.drugCandidates,
    report.notAnswered !== undefined,
    report.outOfScope?.reason,
  );
}
