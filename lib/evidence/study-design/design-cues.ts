/**
 * Cue words of a study's design, matched case-insensitively in its title and the study sentences of its abstract.
 * Source of every list: our reading of the BC5CDR training abstracts with even PMIDs and the even-PMID half of the
 * MEDLINE 2016 sample (bench/study-types/README.md); the odd halves are held out.
 */
import { anyOf, eitherOf } from "./text-cues";

/** Small numbers as words, for "two patients", "three cases". */
const FEW = String.raw`(?:a|an|one|two|three|four|five|six|seven|eight|nine|\d)`;
/** Counts of people in words or digits ("Forty-six", "151"). */
const COUNT =
  String.raw`(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|[a-z]+teen` +
  String.raw`|[a-z]+ty(?:-[a-z]+)?)`;
/** People a case describes. */
const PERSON =
  String.raw`(?:cases?|patients?|m[ae]n|wom[ae]n|males?|females?|boys?|girls?|infants?|child(?:ren)?|neonates?` +
  String.raw`|newborns?|twins?|lady|gentleman|adolescents?|primigravida)`;
/** One person described. */
const ONE_PERSON = String.raw`(?:man|woman|male|female|boy|girl|patient|child|infant|neonate|lady|gentleman)`;

/** Randomised allocation or double blinding of a comparison in people (randomisation is rarely left unsaid). */
export const RANDOMISED = anyOf([
  String.raw`(?<!non-?)randomi[sz]ed|randomly (?:assigned|allocated|divided|selected to receive)`,
  String.raw`random (?:assignment|allocation)|double[- ]blind(?:ed)?`,
  String.raw`(?:allocated|assigned) to (?:receive )?(?:either|placebo)`,
]);

/** A trial without randomisation: phases, open or pilot treatment studies, crossover comparisons, response rates. */
export const TRIAL = anyOf([
  String.raw`phase (?:i{1,3}|iv|[1-4])(?:\/(?:i{1,3}|[1-4]))?\b|open[- ]label|open (?:study|trial)|single[- ]arm`,
  String.raw`non-?randomi[sz]ed|uncontrolled (?:trial|study)|pilot (?:study|trial)|therapeutic trial`,
  String.raw`dose[- ]escalation`,
  String.raw`maximum tolerated dose|dose-limiting|(?:objective |overall )?response rate`,
  String.raw`(?:complete|partial) (?:remission|response)s?|quasi[- ]experimental`,
  String.raw`cross[- ]?over (?:study|design|trial|comparison)|controlled (?:clinical )?(?:study|trial)`,
  String.raw`(?:clinical|multicent(?:er|re)|comparative|prospective) trial`,
]);

/** Weaker trial wording, which a case report may also use ("a placebo had no effect"): placebo, single blinding. */
export const TRIAL_WEAK = anyOf([
  String.raw`placebo|single[- ]blind(?:ed)?|sham|we treated (?:\d+|[a-z]+) (?:patients|children|subjects)`,
]);

/** Words of dosing, in a sentence about volunteers. */
const DOSED = String.raw`(?:received|were given|were administered|inhaled|injected|infused)`;
const DOSE = String.raw`\d+(?:\.\d+)? ?(?:mg|µg|mcg|micrograms?)`;

/**
 * Volunteers or patients dosed or challenged by the investigators: healthy volunteers given a drug, a drug "given to
 * 24 patients", provocation and challenge tests, experimentally induced pain.
 */
export const VOLUNTEERS = eitherOf([
  String.raw`\b(?:healthy|normal) (?:volunteers|subjects|adults|men|women|males|females)\b[^.]*` +
    String.raw`\b(?:${DOSED}|instill|${DOSE}\b|doses?\b)`,
  String.raw`\b(?:${DOSED}|instilled|${DOSE})\b[^.]*\b(?:healthy |normal )?volunteers\b`,
  String.raw`\bvolunteers (?:received|were given|were administered|inhaled|were injected|were infused|were treated` +
    String.raw`|were studied|were challenged)\b`,
  String.raw`\b(?:was|were) (?:given|administered|infused|injected) (?:[\w-]+ ){0,4}to ${COUNT} (?:[\w-]+ ){0,3}` +
    String.raw`(?:patients|subjects|volunteers|children|women|men)\b`,
  String.raw`\b(?:provocation|challenge) (?:tests?|studies|with)\b|\b(?:provoked|challenged) (?:by|with)\b`,
  String.raw`\bexperimental(?:ly)? (?:induced )?pain\b`,
]);

/** Patients counted and given a treatment ("151 patients … received didanosine"): a treatment study. */
export const PATIENTS_TREATED = anyOf([
  String.raw`(?:${COUNT}|hundred) (?:[\w-]+ ){0,3}(?:patients|subjects|children)\b[^.]*` +
    String.raw`\b(?:received|were given|were treated with|were administered)`,
]);

/** The description of one patient or a few in the authors' words: case reports and case series. */
export const CASE = eitherOf([
  String.raw`\bcase (?:reports?|series|summary|description|presentation)\b`,
  String.raw`\b(?:a|this|our|one) (?:new |further |similar |fatal |unusual |rare )?case (?:of|with|is|was)\b`,
  String.raw`\b(?<!in )the case (?:of|with)\b`,
  String.raw`\b(?:the|this|our) (?:present|current|reported|described) case\b`,
  String.raw`\b\d+ (?:new )?(?:cases|reports) of\b`,
  String.raw`\b(?:first|previously (?:un)?reported) (?:reported |published |described |known )?cases?\b`,
  String.raw`\b(?:we|authors?) (?:here )?(?:have )?(?:report(?:ed)?|describ(?:e|ed)|present(?:ed)?|studied|observed` +
    String.raw`|encountered|investigated) (?:on )?(?:(?:${FEW}|\d+) )?(?:[\w-]+ ){0,3}${PERSON}\b`,
  String.raw`\b(?:this|the present|our) (?:report|article|paper|letter) (?:describes|reports|presents|documents` +
    String.raw`|illustrates)\b[^.]{0,100}\b${PERSON}\b`,
  String.raw`\b(?:a|an|the) (?:[\w-]+ ){0,3}${PERSON} (?:is|was|are|were) (?:described|reported|presented)\b`,
  String.raw`\b(?:is|are|was|were) (?:described|reported|presented) (?:in|of) (?:a|an|${FEW}) (?:[\w-]+ ){0,3}` +
    String.raw`${PERSON}\b`,
  String.raw`(?:^|[.!?]\s+)${FEW} (?:[\w-]+ ){0,3}${PERSON}\b[^.]*\b(?:are|is|were|was) (?:described|reported` +
    String.raw`|presented)\b`,
  String.raw`\b(?:a|an) (?:[\w-]+ ){0,2}(?:\d+|[a-z]+(?:-[a-z]+)?)[- ](?:year|yr|y|month|week|day)s?[- ]old\b`,
  String.raw`(?:^|[.!?]\s+)(?:a|an) (?:[\w-]+ ){0,4}${ONE_PERSON}\b(?!-)`,
]);

/**
 * Weaker signs of a case or a short series, which a cohort may also use ("in a patient", "four cases of"); they count
 * only when no larger group is named (see GROUP_SIZE).
 */
export const CASE_WEAK = eitherOf([
  String.raw`\b${FEW} (?:new |further |similar |fatal )?cases (?:of|with|in)\b`,
  String.raw`\bin (?:${FEW}|[1-9]) (?:such|similar|these) cases\b`,
  String.raw`\bin (?:one|two|three|four|five|six|seven|eight|nine) (?:[\w-]+ ){0,2}patients\b`,
  String.raw`\bin (?:a|an|one|this|our) (?:[\w-]+ ){0,4}(?:man|woman|male|female|boy|girl|patient|child|infant` +
    String.raw`|neonate|lady)\b(?!-)`,
  String.raw`\b(?:the|this|our) patient(?:'s)? (?:described|reported|presented|developed|recovered|had|was)\b`,
  String.raw`\brechallenge\b`,
  String.raw`\b${FEW} (?:[\w-]+ ){0,3}${PERSON}\b[^.]*\b(?:developed|presented|experienced|suffered)\b`,
]);

/** The largest group of people a sentence counts ("42 patients", "Thirteen patients"), for telling series apart. */
export const GROUP_SIZE = new RegExp(
  String.raw`\b(\d+|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty` +
    String.raw`|forty|fifty|sixty|seventy|eighty|ninety|hundred)[\w-]* (?:[\w-]+ ){0,3}(?:patients|subjects` +
    String.raw`|participants|children|infants|women|men|cases|volunteers|recipients|users)\b`,
  "gi",
);

/** An explicit case-control or cross-sectional design. */
export const CASE_CONTROL_DESIGN = anyOf([
  String.raw`case[- ]control|cross[- ]sectional (?:study|survey|analysis|design|data|sample|comparison|evaluation)`,
]);

/** An explicit cohort design. */
export const COHORT_DESIGN = anyOf(["cohorts?"]);

/** Groups followed over time for outcomes: prospective or retrospective series, follow-up, incidence. */
export const FOLLOW_UP = anyOf([
  String.raw`prospective(?:ly)?|retrospective(?:ly)?|followed (?:up )?(?:for|during|over|prospectively|until)`,
  String.raw`follow-up (?:period|of|study)|longitudinal(?:ly)?|incidence`,
  String.raw`consecutive (?:patients|children|cases|adults)`,
  String.raw`medical records|case notes|database|registry|chart review`,
  String.raw`serial (?:studies|measurements|examinations|assessments|audiograms|echocardiograms)`,
  String.raw`(?:\d+|[a-z]+) (?:\(\d+(?:\.\d+)?%\) )?of (?:the )?\d+ (?:[\w-]+ ){0,2}(?:patients|children|subjects` +
    String.raw`|women|men)\b(?: \w+){0,3} (?:treated|receiving|given|taking|exposed|on)`,
]);

/** Cases against matched controls, or users against non-users. */
export const MATCHED_CONTROLS = anyOf([
  String.raw`cases and (?:\d+ )?(?:matched )?controls|(?:age[- ]|sex[- ]|pair[- ])?matched (?:controls?|non-?users` +
    String.raw`|comparison)`,
  String.raw`control groups? (?:matched|of (?:healthy|normal))`,
  String.raw`(?:users|abusers) (?:were )?(?:and|vs\.?|versus|compared with) (?:\d+ )?(?:never[- ]users|non-?users` +
    String.raw`|controls)`,
  String.raw`\d+ (?:[\w-]+ ){0,4}(?:users|abusers|patients|smokers|subjects)\b[^.]{0,80}\band (?:\d+ )?` +
    String.raw`(?:healthy |matched |normal )?controls`,
]);

/** Weaker signs of a comparison at one time: healthy controls, prevalence, surveys, odds ratios. */
export const COMPARISON = anyOf([
  String.raw`(?:healthy|normal) (?:controls|control subjects|comparison (?:subjects|participants))`,
  String.raw`(?:compared|comparison) with (?:\d+ )?(?:healthy|normal|age-matched) (?:controls|subjects|volunteers)`,
  String.raw`prevalence|odds ratios?|questionnaire|survey`,
]);
