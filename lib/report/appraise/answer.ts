import type { Evidence } from "@/lib/domain/evidence";
import type { ResearchReport } from "@/lib/domain/report";
import { bottomLine, type BottomLine } from "./bottom-line";
import { gradeCertainty, type GradeCertainty } from "./grade";
import { readQuestionEvidence, type EvidenceReading } from "@/lib/reading/read";
import type { ConceptMatch, RecordStance, StanceReading } from "@/lib/reading/stance";
import { studyTypeOf, type StudyDesign } from "./study-type";

/** A report's bottom line with its GRADE certainty, as the `--json` contract and exports carry it. */
export interface ReportAnswer {
  answer: BottomLine;
  certainty: GradeCertainty;
}

/** What the bottom line and GRADE need of one record: its id, study design and stance (see ReportRecord). */
export interface AnsweredRecord {
  id: string;
  studyType: StudyDesign;
  stance: RecordStance;
  /** How strongly the record bears on the question, 0–1 (lib/reading readEvidence). */
  bearing: number;
  /** How it was read (lib/reading): a "possibly" of the relation model weighs less than hedged findings. */
  method: StanceReading["method"];
  /** The concepts the reading rests on (lib/reading), which name related evidence in the bottom line. */
  match?: ConceptMatch[];
}

/**
 * The bottom line and GRADE certainty from records already read (the report page's compact records carry their
 * stance): pure, so the page and the exports compute the same figures. `notAnswered`: the report says the evidence
 * does not answer the question, so the bottom line is "unclear" and says so, whatever the records lean to.
 */
export function answerFromRecords(
  question: string,
  records: AnsweredRecord[],
  drugCandidates: string[],
  notAnswered = false,
  outOfScope?: string,
): ReportAnswer {
  return {
    answer: bottomLine({ question, stances: records, drugCandidates, notAnswered, outOfScope }),
    certainty: gradeCertainty(records.map((r) => ({ id: r.id, design: r.studyType, stance: r.stance }))),
  };
}

/**
 * The bottom line and GRADE certainty of a run from its question, evidence (read once through lib/reading, the
 * reading the claim check and chat share) and report (its drug candidates); null for a run without a report.
 */
export function reportAnswer(
  question: string,
  evidence: Evidence[],
  report: ResearchReport | null,
): ReportAnswer | null {
  return report ? answerFromReading(readQuestionEvidence(question, evidence), evidence, report) : null;
}

/** {@link reportAnswer} from a reading already made of the run's question over its evidence (same order). */
export function answerFromReading(read: EvidenceReading, evidence: Evidence[], report: ResearchReport): ReportAnswer {
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
    read.proposition.text,
    records,
    report.drugCandidates,
    report.notAnswered !== undefined,
    report.outOfScope?.reason,
  );
}
