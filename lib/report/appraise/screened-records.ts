import type { Evidence } from "@/lib/domain/evidence";
import { isRetracted } from "@/lib/evidence/provenance";
import { readQuestionEvidence } from "@/lib/reading/read";
import type { ScreenedRecord } from "./flow-diagram";

// Server-side: the reading loads the vocabularies (node:fs), so the flow's module, which the report page's client
// components import, stays free of it.

/**
 * The screened records as the flow needs them: a run's evidence, each with its id, abstract presence, retraction and
 * whether it bears on `question` (lib/reading readQuestionEvidence, as the report's evidence meter reads it).
 */
export function screenedRecords(evidence: Evidence[], question: string): ScreenedRecord[] {
  const readings = readQuestionEvidence(question, evidence).readings;
  return evidence.map((e, i) => ({
    id: e.id,
    hasAbstract: e.citation.abstract.trim() !== "",
    retracted: isRetracted(e),
    bears: readings[i].stance !== "irrelevant",
  }));
}
