import { DESIGN_LABELS, DESIGN_ORDER, type StudyDesign } from "@/lib/domain/study-design";
import { classifyStudy } from "@/lib/evidence/study-design/classify";
import type { Evidence } from "@/lib/domain/evidence";

export type { StudyDesign };

/** A record's study type for display: the design class and its label ("Randomized trial", "Animal study"…). */
export interface StudyType {
  design: StudyDesign;
  label: string;
}

/**
 * The study type of a record, from its publication types, registry facts and abstract, by the same classifier the
 * extractive judge scores with ({@link classifyStudy}), so a report's tables and the judge agree. The label is the
 * singular design label with a capital first letter.
 */
export function studyTypeOf(e: Evidence): StudyType {
  const { design } = classifyStudy(e);
  return { design, label: studyTypeLabel(design) };
}

/** "randomized trial" → "Randomized trial": the display label of a design class. */
export function studyTypeLabel(design: StudyDesign): string {
  const label = DESIGN_LABELS[design][0];
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** Display rank of a design, strongest clinical evidence first (meta-analysis 0 … unclassified last). */
export function studyTypeRank(design: StudyDesign): number {
  return DESIGN_ORDER.indexOf(design);
}
