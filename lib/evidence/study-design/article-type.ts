import type { StudyDesign } from "@/lib/domain/study-design";
import {
  OPINION_TITLE,
  OWN_META_ANALYSIS,
  OWN_SYSTEMATIC_REVIEW,
  ownWork,
  PAST_TENSE,
  REVIEW_BODY,
  REVIEW_TITLE,
} from "./article-cues";
import { CASE } from "./design-cues";
import { countMatches, IN_VITRO, SPECIES } from "./text-cues";
import { largestGroup, type CaseCues } from "./text-reading";

/** The authors speaking of their own work ("we show", "here", "our results"): a study, or a review saying so. */
const FIRST_PERSON = /\b(?:we|our|here)\b/i;

/** A study reporting its own data: "this study", "the data show", "these results", a new species described. */
const STUDY_REPORT = new RegExp(
  String.raw`\b(?:this (?:study|work)|the present (?:study|work)|the data|(?:these|our|the) (?:results|data|findings)` +
    String.raw`|(?:results|data|findings|analys[ie]s) (?:show|shows|indicate|suggest|demonstrate|reveal|highlight` +
    String.raw`|underline)|n\. sp\.|\d ± \d)`,
  "i",
);

/** Fewest sentences an abstract needs before its tense says anything. Our choice. */
const TENSE_MIN_SENTENCES = 3;

/** The authors calling their review narrative ("This narrative review is based on the systematic search …"). */
const NARRATIVE = /\bnarrative (?:review|overview)\b/i;

/**
 * A meta-analysis or systematic review the authors did (not one they cite), from the title and study sentences; none
 * when they call their review narrative, whatever search it drew on.
 */
export function pooledReview(title: string, body: string): "meta-analysis" | "systematic-review" | null {
  if (NARRATIVE.test(`${title} ${body}`)) return null;
  if (ownWork(OWN_META_ANALYSIS, title, body)) return "meta-analysis";
  if (ownWork(OWN_SYSTEMATIC_REVIEW, title, body)) return "systematic-review";
  return null;
}

/**
 * A review of the literature or an editorial rather than a study, from the title and abstract: an editorial,
 * comment or reply (title wording); a meta-analysis or systematic review the authors did; a review named in the
 * title, unless the title names a case ("… a case report and review of the literature"); when no case is described,
 * review wording in the abstract, or an abstract of at least {@link TENSE_MIN_SENTENCES} sentences, at most one in
 * the past tense, that reports no study of its own (no first person, no counted group, species or cells, no "the
 * data show"): a study reports what was done, a review states what is known; null otherwise.
 */
export function articleType(title: string, sentences: string[], body: string, cases: CaseCues): StudyDesign | null {
  if (OPINION_TITLE.test(title)) return "opinion";
  const pooled = pooledReview(title, body);
  if (pooled) return pooled;
  if (REVIEW_TITLE.test(title) && !CASE.test(title)) return "review";
  if (cases.described) return null;
  if (REVIEW_BODY.test(body)) return "review";
  const past = sentences.filter((sentence) => PAST_TENSE.test(sentence)).length;
  const text = `${title} ${body}`;
  const studied =
    FIRST_PERSON.test(text) ||
    largestGroup(text) > 0 ||
    cases.few ||
    STUDY_REPORT.test(text) ||
    countMatches(text, SPECIES) > 0 ||
    countMatches(text, IN_VITRO) > 0;
  if (sentences.length >= TENSE_MIN_SENTENCES && past <= 1 && !studied) return "review";
  return null;
}
