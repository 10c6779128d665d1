import { bottomLine, type BottomLine } from "./bottom-line";
import { gradeCertainty, type GradeCertainty } from "./grade";
import type { ConceptMatch, RecordStance, StanceReading } from "@/lib/reading/stance";
import type { StudyDesign } from "./study-type";

// Pure, and free of the reading itself (which loads the vocabularies from disk): the report page's client components
// compute the bottom line from records already read.

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
