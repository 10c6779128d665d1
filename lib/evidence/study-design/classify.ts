import type { Evidence } from "@/lib/domain/evidence";
import type { DesignInfo, StudyDesign } from "@/lib/domain/study-design";
import { articleType, pooledReview } from "./article-type";
import { CASE_CONTROL_DESIGN, COHORT_DESIGN, MATCHED_CONTROLS, RANDOMISED } from "./design-cues";
import { humanDesign } from "./human-design";
import { meshDesign } from "./mesh";
import { publicationTypeDesign } from "./publication-types";
import { subjectOf } from "./subject";
import { anyOf } from "./text-cues";
import { abstractSentences, caseCues, textSubjects } from "./text-reading";

const MOLECULAR = anyOf([
  String.raw`mRNA|protein expression|gene expression|signal(?:l)?ing|pathway|receptors?|enzymes?`,
  String.raw`in situ hybridi[sz]ation|western blot|immunoblot\w*|immunohistochem\w*|adenylate cyclase|knockout`,
  "transgenic",
]);

/**
 * Oxford CEBM 2011 level of evidence of each design for harms ("Is this intervention harmful?" row; OCEBM Levels of
 * Evidence Working Group 2011): 1 systematic review, 2 randomized trial, 3 non-randomized controlled cohort or
 * follow-up study, 4 case series, case-control, historically controlled studies, 5 mechanism-based reasoning.
 * Registered trials are 3 with posted results and 4 without (set in {@link classifyStudy}); editorials, comments,
 * letters and unclassified records have no level.
 */
const LEVEL: Record<StudyDesign, number | null> = {
  "meta-analysis": 1,
  "systematic-review": 1,
  "randomized-trial": 2,
  "clinical-trial": 3,
  "registry-trial": 4,
  cohort: 3,
  "case-control": 4,
  "case-report": 4,
  "human-other": 4,
  animal: 5,
  "in-vitro": 5,
  review: 5,
  opinion: null,
  unclassified: null,
};

/** Designs of studies in people (the `human` flag of DesignInfo). */
const HUMAN: ReadonlySet<StudyDesign> = new Set([
  "meta-analysis",
  "systematic-review",
  "randomized-trial",
  "clinical-trial",
  "registry-trial",
  "cohort",
  "case-control",
  "case-report",
  "human-other",
]);

/**
 * Designs already read, per record object: a run classifies the same records at several stages (features, hypotheses,
 * the report's tables). Records are not changed after they are parsed, and the design is frozen.
 */
const READ = new WeakMap<Evidence, DesignInfo>();

/**
 * Classifies a record's study design. Order of the rules:
 * 1. publication types ({@link publicationTypeDesign}): meta-analysis, systematic review, randomized controlled trial,
 *    clinical trial (randomized when the abstract says so: NLM typed randomised trials "Clinical Trial" before 1990),
 *    case report, review (a systematic review or meta-analysis when the authors say they did one: NLM typed them
 *    "Review" before 2019), editorial/comment/letter, notices; a veterinary type, or a clinical design with the MeSH
 *    check tag "Animals" and not "Humans", is animal work;
 * 2. ClinicalTrials.gov records ("registry-trial": CEBM level 3 with posted results, 4 without);
 * 3. the title and the abstract's study sentences (background left out) with the MeSH headings: reviews and
 *    editorials ({@link articleType}), then who was studied ({@link subjectOf}), then for people the design
 *    ({@link humanDesign}); animal and in vitro work; unclassified when nothing is recognised.
 * `mechanistic` is set for animal and in vitro work and for abstracts with molecular terms. The result is frozen and
 * kept per record object (see READ).
 * Source of the levels: OCEBM Levels of Evidence Working Group 2011 ("Is this intervention harmful?" row).
 * Measured by `npm run eval -- studytypes` (docs/benchmarks.md).
 */
export function classifyStudy(e: Evidence): DesignInfo {
  let design = READ.get(e);
  if (!design) {
    design = Object.freeze(readDesign(e));
    READ.set(e, design);
  }
  return design;
}

function readDesign(e: Evidence): DesignInfo {
  const { title, abstract } = e.citation;
  const sentences = abstractSentences(abstract);
  const body = sentences.study.join(" ");
  const mesh = meshDesign(e.citation.meshTerms);
  const molecular = MOLECULAR.test(`${title} ${abstract}`);
  const make = (design: StudyDesign, level = LEVEL[design]): DesignInfo => ({
    design,
    level,
    human: HUMAN.has(design),
    mechanistic: design === "animal" || design === "in-vitro" || molecular,
  });
  const typed = publicationTypeDesign(e.citation.publicationTypes);
  const animalOnly = mesh.animals && !mesh.humans;
  const all = `${title} ${body}`;
  if (typed === "meta-analysis" || typed === "systematic-review") return make(typed);
  if (typed === "randomized-trial") return make(animalOnly ? "animal" : typed);
  if (e.trial || e.citation.source === "ctgov") return make("registry-trial", e.trial?.hasResults ? 3 : 4);
  if (typed === "clinical-trial")
    return make(animalOnly ? "animal" : RANDOMISED.test(all) ? "randomized-trial" : typed);
  if (typed === "case-report") return make(animalOnly ? "animal" : typed);
  if (typed === "review") return make(pooledReview(title, body) ?? typed);
  if (typed === "opinion" || typed === "animal" || typed === "unclassified") return make(typed);

  const text = textSubjects(title, body);
  const cases = caseCues(all);
  const article = typed === "cohort" ? null : articleType(title, sentences.all, body, cases);
  if (article) return make(article);
  const humanOnly =
    cases.described ||
    cases.few ||
    [RANDOMISED, CASE_CONTROL_DESIGN, COHORT_DESIGN, MATCHED_CONTROLS].some((p) => p.test(all));
  const subject = typed === "cohort" ? "people" : subjectOf(mesh, text, humanOnly);
  if (subject === "people") return make(humanDesign(all, cases, mesh, typed === "cohort"));
  if (subject === "animals") return make("animal");
  if (subject === "in-vitro") return make("in-vitro");
  return make("unclassified");
}
