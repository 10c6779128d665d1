/**
 * Study design classes, from publication types, registry facts, MeSH headings and design words of the abstract:
 * systematic reviews with and without a meta-analysis, trials, observational designs, case reports, other studies in
 * people, animal and in vitro work, narrative reviews, editorials/comments/letters (opinion, no study), and records
 * none of these fit.
 */
export type StudyDesign =
  | "meta-analysis"
  | "systematic-review"
  | "randomized-trial"
  | "clinical-trial"
  | "registry-trial"
  | "cohort"
  | "case-control"
  | "case-report"
  | "human-other"
  | "animal"
  | "in-vitro"
  | "review"
  | "opinion"
  | "unclassified";

/**
 * A record's design: `level` is the Oxford CEBM 2011 level of evidence for harms (1 = systematic review,
 * 2 = randomized trial, 3 = non-randomized controlled cohort/follow-up, 4 = case series, case-control,
 * 5 = mechanism-based reasoning, which includes animal and in vitro work, and narrative reviews), or null for
 * an editorial, comment or letter and an unclassified record (no study to rate); `human` is true for studies in
 * people (systematic reviews and meta-analyses included); `mechanistic` for animal/in vitro work or abstracts with
 * molecular terms.
 */
export interface DesignInfo {
  design: StudyDesign;
  level: number | null;
  human: boolean;
  mechanistic: boolean;
}

/** Singular and plural labels of each design, for reasoning strings ("3 case reports"). */
export const DESIGN_LABELS: Record<StudyDesign, [string, string]> = {
  "meta-analysis": ["meta-analysis", "meta-analyses"],
  "systematic-review": ["systematic review", "systematic reviews"],
  "randomized-trial": ["randomized trial", "randomized trials"],
  "clinical-trial": ["non-randomized clinical trial", "non-randomized clinical trials"],
  "registry-trial": ["registered trial", "registered trials"],
  cohort: ["cohort study", "cohort studies"],
  "case-control": ["case-control or cross-sectional study", "case-control or cross-sectional studies"],
  "case-report": ["case report or series", "case reports or series"],
  "human-other": ["other human study", "other human studies"],
  animal: ["animal study", "animal studies"],
  "in-vitro": ["in vitro study", "in vitro studies"],
  review: ["narrative review", "narrative reviews"],
  opinion: ["editorial, comment or letter", "editorials, comments or letters"],
  unclassified: ["record without a study design", "records without a study design"],
};

/** Display order of designs, strongest clinical evidence first. */
export const DESIGN_ORDER: readonly StudyDesign[] = Object.keys(DESIGN_LABELS) as StudyDesign[];

/**
 * Counts of designs as a phrase in display order, e.g. "12 animal studies, 3 case reports or series,
 * 1 randomized trial"; "no records" when empty.
 */
export function designSummary(designs: DesignInfo[]): string {
  const counts = new Map<StudyDesign, number>();
  for (const d of designs) counts.set(d.design, (counts.get(d.design) ?? 0) + 1);
  const parts = DESIGN_ORDER.filter((d) => counts.has(d)).map((d) => {
    const n = counts.get(d)!;
    return `${n} ${DESIGN_LABELS[d][n === 1 ? 0 : 1]}`;
  });
  return parts.length > 0 ? parts.join(", ") : "no records";
}
