/**
 * Cue words of a study's design, matched case-insensitively in its title and the study sentences of its abstract.
 * Source of every list: our reading of the BC5CDR training abstracts with even PMIDs and the even-PMID half of the
 * MEDLINE 2016 sample (bench/study-types/README.md); the odd halves are held out.
 */

/** Small numbers as words, for "two patients", "three cases". */
const FEW = "(?:a|an|one|two|three|four|five|six|seven|eight|nine|\\d)";
/** People a case describes. */
const PERSON =
  "(?:cases?|patients?|m[ae]n|wom[ae]n|males?|females?|boys?|girls?|infants?|child(?:ren)?|neonates?|newborns?|twins?|lady|gentleman|adolescents?|primigravida)";

/** Randomised allocation or double blinding of a comparison in people (randomisation is rarely left unsaid). */
export const RANDOMISED =
  /\b(?:(?<!non-?)randomi[sz]ed|randomly (?:assigned|allocated|divided|selected to receive)|random (?:assignment|allocation)|double[- ]blind(?:ed)?|(?:allocated|assigned) to (?:receive )?(?:either|placebo))\b/i;

/** A trial without randomisation: phases, open or pilot treatment studies, placebo or crossover comparisons. */
export const TRIAL =
  /\b(?:phase (?:i{1,3}|iv|[1-4])(?:\/(?:i{1,3}|[1-4]))?\b|open[- ]label|open (?:study|trial)|single[- ]arm|non-?randomi[sz]ed|uncontrolled (?:trial|study)|pilot (?:study|trial)|therapeutic trial|dose[- ]escalation|maximum tolerated dose|dose-limiting|(?:objective |overall )?response rate|(?:complete|partial) (?:remission|response)s?|quasi[- ]experimental|cross[- ]?over (?:study|design|trial|comparison)|controlled (?:clinical )?(?:study|trial)|(?:clinical|multicent(?:er|re)|comparative|prospective) trial)\b/i;

/** Weaker trial wording, which a case report may also use ("a placebo had no effect"): placebo, single blinding. */
export const TRIAL_WEAK =
  /\b(?:placebo|single[- ]blind(?:ed)?|sham|we treated (?:\d+|[a-z]+) (?:patients|children|subjects))\b/i;

/**
 * Volunteers or patients dosed or challenged by the investigators: healthy volunteers given a drug, a drug "given to
 * 24 patients", provocation and challenge tests, experimentally induced pain.
 */
export const VOLUNTEERS = new RegExp(
  [
    "\\b(?:healthy|normal) (?:volunteers|subjects|adults|men|women|males|females)\\b[^.]*\\b(?:received|were given|were administered|inhaled|injected|infused|instill|\\d+(?:\\.\\d+)? ?(?:mg|µg|mcg|micrograms?)\\b|doses?\\b)",
    "\\b(?:received|were given|were administered|inhaled|injected|infused|instilled|\\d+(?:\\.\\d+)? ?(?:mg|µg|mcg|micrograms?))\\b[^.]*\\b(?:healthy |normal )?volunteers\\b",
    "\\bvolunteers (?:received|were given|were administered|inhaled|were injected|were infused|were treated|were studied|were challenged)\\b",
    "\\b(?:was|were) (?:given|administered|infused|injected) (?:[\\w-]+ ){0,4}to (?:\\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|[a-z]+teen|[a-z]+ty(?:-[a-z]+)?) (?:[\\w-]+ ){0,3}(?:patients|subjects|volunteers|children|women|men)\\b",
    "\\b(?:provocation|challenge) (?:tests?|studies|with)\\b|\\b(?:provoked|challenged) (?:by|with)\\b|\\bexperimental(?:ly)? (?:induced )?pain\\b",
  ].join("|"),
  "i",
);

/** Patients counted and given a treatment ("151 patients … received didanosine"): a treatment study. */
export const PATIENTS_TREATED =
  /\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|[a-z]+teen|[a-z]+ty(?:-[a-z]+)?|hundred) (?:[\w-]+ ){0,3}(?:patients|subjects|children)\b[^.]*\b(?:received|were given|were treated with|were administered)\b/i;

/** The description of one patient or a few in the authors' words: case reports and case series. */
export const CASE = new RegExp(
  [
    "\\bcase (?:reports?|series|summary|description|presentation)\\b",
    "\\b(?:a|this|our|one) (?:new |further |similar |fatal |unusual |rare )?case (?:of|with|is|was)\\b",
    "\\b(?<!in )the case (?:of|with)\\b",
    "\\b(?:the|this|our) (?:present|current|reported|described) case\\b",
    "\\b\\d+ (?:new )?(?:cases|reports) of\\b",
    "\\b(?:first|previously (?:un)?reported) (?:reported |published |described |known )?cases?\\b",
    `\\b(?:we|authors?) (?:here )?(?:have )?(?:report(?:ed)?|describ(?:e|ed)|present(?:ed)?|studied|observed|encountered|investigated) (?:on )?(?:(?:${FEW}|\\d+) )?(?:[\\w-]+ ){0,3}${PERSON}\\b`,
    `\\b(?:this|the present|our) (?:report|article|paper|letter) (?:describes|reports|presents|documents|illustrates)\\b[^.]{0,100}\\b${PERSON}\\b`,
    `\\b(?:a|an|the) (?:[\\w-]+ ){0,3}${PERSON} (?:is|was|are|were) (?:described|reported|presented)\\b`,
    `\\b(?:is|are|was|were) (?:described|reported|presented) (?:in|of) (?:a|an|${FEW}) (?:[\\w-]+ ){0,3}${PERSON}\\b`,
    `(?:^|[.!?]\\s+)${FEW} (?:[\\w-]+ ){0,3}${PERSON}\\b[^.]*\\b(?:are|is|were|was) (?:described|reported|presented)\\b`,
    "\\b(?:a|an) (?:[\\w-]+ ){0,2}(?:\\d+|[a-z]+(?:-[a-z]+)?)[- ](?:year|yr|y|month|week|day)s?[- ]old\\b",
    "(?:^|[.!?]\\s+)(?:a|an) (?:[\\w-]+ ){0,4}(?:man|woman|male|female|boy|girl|patient|child|infant|neonate|lady|gentleman)\\b(?!-)",
  ].join("|"),
  "i",
);

/**
 * Weaker signs of a case or a short series, which a cohort may also use ("in a patient", "four cases of"); they count
 * only when no larger group is named (see GROUP_SIZE).
 */
export const CASE_WEAK = new RegExp(
  [
    `\\b${FEW} (?:new |further |similar |fatal )?cases (?:of|with|in)\\b`,
    `\\bin (?:${FEW}|[1-9]) (?:such|similar|these) cases\\b`,
    `\\bin (?:one|two|three|four|five|six|seven|eight|nine) (?:[\\w-]+ ){0,2}patients\\b`,
    `\\bin (?:a|an|one|this|our) (?:[\\w-]+ ){0,4}(?:man|woman|male|female|boy|girl|patient|child|infant|neonate|lady)\\b(?!-)`,
    "\\b(?:the|this|our) patient(?:'s)? (?:described|reported|presented|developed|recovered|had|was)\\b",
    "\\brechallenge\\b",
    `\\b${FEW} (?:[\\w-]+ ){0,3}${PERSON}\\b[^.]*\\b(?:developed|presented|experienced|suffered)\\b`,
  ].join("|"),
  "i",
);

/** The largest group of people a sentence counts ("42 patients", "Thirteen patients"), for telling series apart. */
export const GROUP_SIZE =
  /\b(\d+|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred)[\w-]* (?:[\w-]+ ){0,3}(?:patients|subjects|participants|children|infants|women|men|cases|volunteers|recipients|users)\b/gi;

/** An explicit case-control or cross-sectional design. */
export const CASE_CONTROL_DESIGN =
  /\b(?:case[- ]control|cross[- ]sectional (?:study|survey|analysis|design|data|sample|comparison|evaluation))\b/i;

/** An explicit cohort design. */
export const COHORT_DESIGN = /\bcohorts?\b/i;

/** Groups followed over time for outcomes: prospective or retrospective series, follow-up, incidence. */
export const FOLLOW_UP =
  /\b(?:prospective(?:ly)?|retrospective(?:ly)?|followed (?:up )?(?:for|during|over|prospectively|until)|follow-up (?:period|of|study)|longitudinal(?:ly)?|incidence|consecutive (?:patients|children|cases|adults)|medical records|case notes|database|registry|chart review|serial (?:studies|measurements|examinations|assessments|audiograms|echocardiograms)|(?:\d+|[a-z]+) (?:\(\d+(?:\.\d+)?%\) )?of (?:the )?\d+ (?:[\w-]+ ){0,2}(?:patients|children|subjects|women|men)\b(?: \w+){0,3} (?:treated|receiving|given|taking|exposed|on))\b/i;

/** Cases against matched controls, or users against non-users. */
export const MATCHED_CONTROLS =
  /\b(?:cases and (?:\d+ )?(?:matched )?controls|(?:age[- ]|sex[- ]|pair[- ])?matched (?:controls?|non-?users|comparison)|control groups? (?:matched|of (?:healthy|normal))|(?:users|abusers) (?:were )?(?:and|vs\.?|versus|compared with) (?:\d+ )?(?:never[- ]users|non-?users|controls)|\d+ (?:[\w-]+ ){0,4}(?:users|abusers|patients|smokers|subjects)\b[^.]{0,80}\band (?:\d+ )?(?:healthy |matched |normal )?controls)\b/i;

/** Weaker signs of a comparison at one time: healthy controls, prevalence, surveys, odds ratios. */
export const COMPARISON =
  /\b(?:(?:healthy|normal) (?:controls|control subjects|comparison (?:subjects|participants))|(?:compared|comparison) with (?:\d+ )?(?:healthy|normal|age-matched) (?:controls|subjects|volunteers)|prevalence|odds ratios?|questionnaire|survey)\b/i;
