/**
 * Cue words of an article that reviews or comments on others' work rather than reporting a study. Source: our reading
 * of the BC5CDR training abstracts with even PMIDs and the even-PMID half of the MEDLINE 2016 sample
 * (bench/study-types/README.md); the odd halves are held out.
 */
import { anyOf, eitherOf } from "./text-cues";

/** A review in the title: "…: a review", "Review of …", "an overview", "an update", "current concepts". */
export const REVIEW_TITLE = eitherOf([
  String.raw`(?:^|[.:?]\s*|\b(?:a|brief|short|literature|narrative|comprehensive|critical|mini|clinical|selective` +
    String.raw`|historical|an) )(?:review|overview|update)\b(?!\s+of (?:the )?(?:[\w-]+ ){0,2}(?:records|charts` +
    String.raw`|admissions|files|cases|database|registry|reports|experience|patients))`,
  String.raw`\bcurrent (?:concepts|status|knowledge|perspectives|clinical experience)\b`,
  String.raw`\bstate of the art\b|\brecent advances\b`,
]);

/** A review in the abstract: "This review…", "we review", "… is reviewed", "areas covered in this review". */
export const REVIEW_BODY = anyOf([
  String.raw`(?:this|the present|our) (?:review|overview|mini-review)`,
  String.raw`(?:this|the present|our) (?:article|paper|chapter) (?:reviews|summari[sz]es|discusses|outlines` +
    String.raw`|provides an overview|highlights|focuses on|describes (?:the )?(?:current|recent))`,
  String.raw`(?:we|authors?) (?:review|summari[sz]e|overview)|(?:is|are) (?:reviewed|summari[sz]ed)`,
  String.raw`review(?:s|ed)? (?:of )?(?:the )?(?:literature|current (?:literature|knowledge|evidence)` +
    String.raw`|recent (?:literature|advances|findings|developments|data|studies))`,
  String.raw`literature review|areas covered|will be (?:discussed|addressed|reviewed|considered|outlined)`,
  String.raw`recent advances in|we (?:provide|give|present) (?:an? )?(?:update|overview|summary)`,
]);

/** A systematic search of the literature. */
const SYSTEMATIC_REVIEW = anyOf([
  String.raw`systematic(?:ally)? (?:review(?:ed)?|literature (?:search|review)|search(?:ed)?)`,
  String.raw`(?:searched|search of|searches of) (?:the )?(?:medline|pubmed|embase|cochrane|web of science|scopus` +
    String.raw`|cinahl|psycinfo)`,
  "prisma",
]);

/** A quantitative pooling of studies. */
const META_ANALYSIS = anyOf([String.raw`meta-?analys[ie]s|pooled analysis|meta-regression`]);

/**
 * Patterns of the authors' own work with a design (a pooling or a systematic review that was theirs, not one they
 * cite): the design in the title, or in a study sentence after "we", "this", "our", "the present", or before "was
 * performed/conducted".
 */
function ownWorkPatterns(design: RegExp): { title: RegExp; body: RegExp[] } {
  return {
    title: design,
    body: [
      new RegExp(`\\b(?:we|this|the present|our) (?:[\\w-]+ ){0,4}?(?:${design.source})`, "i"),
      new RegExp(
        `(?:${design.source})(?: [\\w-]+){0,3} (?:was|were) (?:performed|conducted|undertaken|carried out)`,
        "i",
      ),
    ],
  };
}

/** The authors' own meta-analysis, see {@link ownWorkPatterns}. */
export const OWN_META_ANALYSIS = ownWorkPatterns(META_ANALYSIS);
/** The authors' own systematic review, see {@link ownWorkPatterns}. */
export const OWN_SYSTEMATIC_REVIEW = ownWorkPatterns(SYSTEMATIC_REVIEW);

/** Whether a title or study sentences name the authors' own work of a design ({@link ownWorkPatterns}). */
export function ownWork(patterns: { title: RegExp; body: RegExp[] }, title: string, body: string): boolean {
  return patterns.title.test(title) || patterns.body.some((p) => p.test(body));
}

/** An editorial, a comment on another article, a reply or a correction notice (title wording). */
export const OPINION_TITLE = new RegExp(
  String.raw`^(?:editorial|comment(?:ary)? on|commentary|reply|response to|in reply|letter to the editor|erratum` +
    String.raw`|correction|re:)\b`,
  "i",
);

/**
 * Past-tense reporting ("were treated", "was measured", "the patient developed", "we found"; not "has been found"): a
 * study describes what was done; a narrative review states what is known, in the present tense.
 */
export const PAST_TENSE = anyOf([
  "was|were|had|did",
  String.raw`(?<!\b(?:has|have|been|be|is|are|being)\s)(?:developed|received|showed|found|occurred|resulted|remained` +
    String.raw`|improved|revealed|demonstrated|underwent|presented|experienced|recovered|died|required|achieved` +
    String.raw`|completed|enrolled|participated|responded|resolved|returned|disappeared|persisted|worsened|began` +
    String.raw`|became|took|gave)`,
]);
