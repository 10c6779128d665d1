import type { StudyDesign } from "@/lib/domain/study-design";

/**
 * Publication types that name a design, strongest first: the first rule any of a record's types matches decides.
 * Names are NLM's (https://www.nlm.nih.gov/mesh/pubtypes.html) and Europe PMC's JATS article types
 * ("review-article", "case-report", "article-commentary"), compared lower-cased with hyphens read as spaces.
 * - veterinary trials and observational studies are animal work, whatever their design;
 * - "Observational Study" is `cohort` here; the classifier reads case-control and cross-sectional designs from the
 *   abstract (see classify.ts);
 * - "Case Reports" outranks "Review" and "Letter": a case published as a letter, with a review of earlier cases, is
 *   still a case report;
 * - notices of errata, corrections and retractions, and trial protocols, report no findings: unclassified.
 * "Journal Article", "Comparative Study", "Multicenter Study", "Research Support, …" name no design.
 */
const RULES: ReadonlyArray<[RegExp, StudyDesign]> = [
  [/^meta analysis$/, "meta-analysis"],
  [/^systematic review$/, "systematic-review"],
  [/\bveterinary$/, "animal"],
  [/^(?:randomized controlled trial|equivalence trial|pragmatic clinical trial)$/, "randomized-trial"],
  [
    /^(?:clinical trial(?:, phase (?:i|ii|iii|iv))?|controlled clinical trial|adaptive clinical trial|clinical study)$/,
    "clinical-trial",
  ],
  [/^(?:case reports?|case study|clinical conference)$/, "case-report"],
  [/^observational study$/, "cohort"],
  [/^(?:review|review article|scoping review|practice guideline|guideline)$/, "review"],
  [/^consensus development conference(?:, nih)?$/, "review"],
  [/^(?:published erratum|correction|retraction (?:of publication|notice)|expression of concern)$/, "unclassified"],
  [/^clinical trial protocol$/, "unclassified"],
  [/^(?:editorial|comment|article commentary|letter|news|newspaper article|interview|lecture)$/, "opinion"],
];

/**
 * The design a record's publication types name, or null when they name none ("Journal Article" alone).
 * @param types publication types as a source gives them, any case ("Randomized Controlled Trial", "review-article").
 */
export function publicationTypeDesign(types: readonly string[]): StudyDesign | null {
  const normalised = types.map((t) => t.trim().toLowerCase().replace(/-/g, " "));
  for (const [pattern, design] of RULES) {
    if (normalised.some((t) => pattern.test(t))) return design;
  }
  return null;
}
