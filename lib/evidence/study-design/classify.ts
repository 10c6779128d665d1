import type { Evidence } from "@/lib/domain/evidence";
import type { DesignInfo, StudyDesign } from "@/lib/domain/study-design";

const ANIMAL =
  /\b(?:rats?|mice|mouse|murine|dogs?|canine|beagles?|rabbits?|hamsters?|guinea pigs?|monkeys?|primates?|pigs?|piglets?|swine|sheep|cats?|zebrafish|rodents?|animals?)\b/gi;
/**
 * Animal words that are part of a disease or syndrome name ("rabbit syndrome", an extrapyramidal side effect of
 * neuroleptics in people), not a species studied. Source: our reading of BC5CDR (PMIDs 1786266, 11532387).
 */
const ANIMAL_IN_DISEASE_NAME = /\b(?:rabbit|cat|dog|mouse|pig)[- ](?:syndrome|scratch|ear|eye|bite)\b/gi;
/** MeSH check tags naming the species studied (NLM indexing: "Humans", "Animals"). */
const MESH_HUMANS = "humans";
const MESH_ANIMALS = "animals";
const HUMAN =
  /\b(?:patients?|subjects|volunteers|children|infants?|newborns?|wom[ae]n|m[ae]n|boys?|girls?|humans?|participants|adults|survivors)\b/gi;
const IN_VITRO =
  /\b(?:in vitro|cultured|cell lines?|cell cultures?|isolated (?:cells|myocytes|cardiomyocytes|hepatocytes)|primary cultures?)\b/i;
const MOLECULAR =
  /\b(?:mRNA|protein expression|gene expression|signal(?:l)?ing|pathway|receptors?|enzymes?|in situ hybridi[sz]ation|western blot|immunoblot\w*|immunohistochem\w*|adenylate cyclase|knockout|transgenic)\b/i;
const CASE_REPORT =
  /\b(?:case reports?|case series|(?:a|the) case of|case study|(?:first|previously) (?:reported|described) cases?|(?:we|authors) (?:report|describe|present)\b|\d+-year-old (?:man|woman|boy|girl|patient|male|female))/i;
/**
 * A case described in a person: case wording together with a patient ("Here we present a case of … The patient
 * developed …", "the first reported case … in a patient being treated with imipramine"). Source: our reading of
 * BC5CDR case reports (PMIDs 1786266, 11532387), which an animal-word count misread as animal work.
 */
const HUMAN_CASE =
  /\b(?:case reports?|case series|(?:a|the) case of|(?:first|previously) (?:reported|described) cases?|\d+-year-old (?:man|woman|boy|girl|patient))/i;
const PATIENT = /\b(?:patients?|man|woman|boy|girl)\b/i;

function count(text: string, re: RegExp): number {
  return text.match(re)?.length ?? 0;
}

/**
 * Classifies a record's study design. Order of the rules: publication types (meta-analysis/systematic review,
 * randomized controlled trial, clinical trial, case report, review), then ClinicalTrials.gov records
 * ("registry-trial": CEBM level 3 with posted results, 4 without), then design words of the title and abstract:
 * the MeSH check tags when present ("Animals" without "Humans" → animal work); then animal work is recognised when
 * animal words outnumber human words (animal abstracts often mention patients in their background), unless the
 * record describes a case in a person ("we present a case of …", "the first reported case … in a patient") or
 * carries the MeSH tag "Humans"; animal words inside a disease name ("rabbit syndrome") do not count; then, for
 * human studies: randomized trial, phase/open-label trial, case report/series,
 * cohort (prospective, retrospective, follow-up), case-control or cross-sectional, other human study;
 * then narrative review, animal, in vitro, unclassified.
 * Source of the levels: OCEBM Levels of Evidence Working Group 2011 ("Is this intervention harmful?" row).
 */
export function classifyStudy(e: Evidence): DesignInfo {
  const text = `${e.citation.title} ${e.citation.abstract}`;
  const types = e.citation.publicationTypes.map((t) => t.toLowerCase());
  const mesh = new Set(e.citation.meshTerms.map((m) => m.term.toLowerCase()));
  const meshHuman = mesh.has(MESH_HUMANS);
  const meshAnimal = mesh.has(MESH_ANIMALS);
  const animalWords = count(text, ANIMAL) - count(text, ANIMAL_IN_DISEASE_NAME);
  const humanWords = count(text, HUMAN);
  const molecular = MOLECULAR.test(text);
  const make = (design: StudyDesign, level: number | null, human: boolean): DesignInfo => ({
    design,
    level,
    human,
    mechanistic: design === "animal" || design === "in-vitro" || molecular,
  });
  if (types.some((t) => t.includes("meta-analysis") || t.includes("systematic review")))
    return make("meta-analysis", 1, true);
  if (types.some((t) => t.includes("randomized controlled trial"))) return make("randomized-trial", 2, true);
  if (e.trial || e.citation.source === "ctgov") return make("registry-trial", e.trial?.hasResults ? 3 : 4, true);
  if (types.some((t) => t.startsWith("clinical trial"))) return make("clinical-trial", 3, true);
  if (types.some((t) => t.includes("case reports"))) return make("case-report", 4, true);
  if (/\bmeta-analy[sz]is\b|\bsystematic review\b/i.test(text)) return make("meta-analysis", 1, true);
  // MeSH check tags, when the record has them, say which species was studied.
  if (meshAnimal && !meshHuman) return make(IN_VITRO.test(text) && animalWords === 0 ? "in-vitro" : "animal", 5, false);
  // A case described in a person is human evidence, whatever animal words its background uses.
  const humanCase = HUMAN_CASE.test(text) && PATIENT.test(text);
  if (animalWords > humanWords && !humanCase && !meshHuman) return make("animal", 5, false);
  if (humanWords > 0 || /\btrial\b/i.test(text) || CASE_REPORT.test(text)) {
    if (/\brandomi[sz]ed\b/i.test(text) && /\b(?:trial|placebo|double-blind)\b/i.test(text))
      return make("randomized-trial", 2, true);
    if (
      /\bphase (?:I{1,3}|IV|[1-4])\b/i.test(text) ||
      /\b(?:open-label|single-arm|non-randomi[sz]ed|uncontrolled) (?:trial|study)\b/i.test(text)
    ) {
      return make("clinical-trial", 3, true);
    }
    if (CASE_REPORT.test(text)) return make("case-report", 4, true);
    if (/\b(?:cohort|prospective(?:ly)?|retrospective(?:ly)?|follow-up|longitudinal)\b/i.test(text))
      return make("cohort", 3, true);
    if (/\b(?:case-control|cross-sectional)\b/i.test(text)) return make("case-control", 4, true);
    if (humanWords > 0 && !types.includes("review")) return make("human-other", 4, true);
  }
  if (types.includes("review") || /^(?:a )?review\b/i.test(e.citation.title)) return make("review", 5, false);
  if (animalWords > 0) return make("animal", 5, false);
  if (IN_VITRO.test(text)) return make("in-vitro", 5, false);
  return make("unclassified", null, false);
}
