/**
 * The numbers a methods or results sentence states, by kind: a dose ("500 mg daily", "3 mg/kg every three weeks"), a
 * sample size ("524 patients", "n = 6"), a duration or time point ("for three weeks", "on hospital day 4"), a rate
 * ("10.1%"), an effect size with its interval ("OR 1.52 (95% CI 1.10–2.09)"), a laboratory value ("128.0 × 10^9/L",
 * "11.0 g/dL"). Regular expressions over plain text; our patterns, written from the units and phrasings of clinical
 * reports (the dose units are the critic's dosage pattern's, lib/report/appraise/critic-checks.ts).
 */
export type QuantityKind = "dose" | "sample" | "duration" | "rate" | "effect" | "lab";

/** One quantity found in a text: its kind, its words as written and where they are. */
export interface Quantity {
  kind: QuantityKind;
  text: string;
  start: number;
  end: number;
}

const NUMBER_WORDS = "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|fifteen|twenty|thirty";
const NUM = String.raw`(?:\d+(?:[.,]\d+)*|${NUMBER_WORDS})`;
const RANGE = String.raw`${NUM}(?:\s*(?:-|–|to)\s*${NUM})?`;
const FREQUENCY =
  String.raw`(?:\s*(?:once|twice|three times|four times)?\s*` +
  String.raw`(?:daily|a day|per day|a week|per week|weekly|nightly|every \w+(?: \w+)? (?:hours?|days?|weeks?)|` +
  String.raw`q\.?d\.?|b\.?i\.?d\.?|t\.?i\.?d\.?))?`;
const DOSE_UNIT = String.raw`(?:mg|g|µg|μg|ug|mcg|ng|IU|U|units?|mmol|mEq)`;
const PER = String.raw`(?:\s*\/\s*(?:kg|m2|m²|day|d|h|hr|dose|wk|week))*`;
const LAB_UNIT =
  String.raw`(?:g\/dL|mg\/dL|mg\/L|µg\/L|μg\/L|ng\/mL|ng\/dL|pg\/mL|mEq\/L|mmol\/L|µmol\/L|μmol\/L|` +
  String.raw`IU\/L|U\/L|mU\/L|mIU\/mL|\/[µμu]L|\/mm3|\/mm³|× ?10\^-?\d+\/L|x ?10\^-?\d+\/L|fl|fL)`;
const SUBJECTS =
  "(?:patients?|participants?|subjects?|people|persons|individuals|adults|children|infants|women|men|cases|" +
  "controls|volunteers|rats|mice|animals|dogs|rabbits|eyes|pregnancies|admissions|records)";
const TIME_UNIT = String.raw`(?:hours?|days?|weeks?|months?|years?|minutes?|h|d|wk|mo|yr)`;

const PATTERNS: Array<[QuantityKind, RegExp]> = [
  [
    "effect",
    new RegExp(
      String.raw`\b(?:OR|aOR|HR|aHR|RR|IRR|SMD|MD|odds ratio|hazard ratio|relative risk|risk ratio|mean difference)\b` +
        String.raw`[\s,:=]*(?:(?:was|were|of|is)\s+)?${NUM}[^()]{0,12}\(\s*95\s*%\s*(?:CI|confidence interval)[^)]*\)`,
      "gi",
    ),
  ],
  ["lab", new RegExp(String.raw`(?<![\w.])${RANGE}\s*${LAB_UNIT}(?![A-Za-z])`, "gi")],
  [
    "dose",
    new RegExp(
      String.raw`(?<![\w.])${RANGE}\s*-?\s*${DOSE_UNIT}(?![A-Za-z0-9])${PER}(?!\s*\/\s*(?:d?L|mL|l)\b)${FREQUENCY}`,
      "gi",
    ),
  ],
  [
    "sample",
    new RegExp(
      String.raw`\b(?:n\s*=\s*\d+|(?:${NUM}-)?${NUM}(?:\s+[a-z]+){0,3}\s+${SUBJECTS}\b|\d+\s+of\s+\d+\s+${SUBJECTS}?)`,
      "gi",
    ),
  ],
  [
    "duration",
    new RegExp(
      String.raw`\b(?:(?:for|after|over|within|during)\s+(?:the\s+)?(?:first\s+|following\s+|next\s+)?` +
        String.raw`${RANGE}(?:\s*\(\d+\))?\s+${TIME_UNIT}\b|${RANGE}(?:\s*\(\d+\))?[- ]${TIME_UNIT}\b|` +
        String.raw`(?:hospital\s+)?day\s+\d+\b|\d+(?:st|nd|rd|th)\s+(?:day|week|month)\b)`,
      "gi",
    ),
  ],
  ["rate", /(?<![\w.])\d+(?:[.,]\d+)?\s*%(?!\s*(?:CI|confidence))/gi],
];

/** The quantities of a text, left to right (a span is read as its first kind above: effect, lab, dose, …). */
export function findQuantities(text: string): Quantity[] {
  const found: Quantity[] = [];
  for (const [kind, pattern] of PATTERNS) {
    for (const m of text.matchAll(pattern)) {
      const start = m.index ?? 0;
      const end = start + m[0].trimEnd().length;
      if (found.some((q) => start < q.end && q.start < end)) continue;
      found.push({ kind, text: text.slice(start, end), start, end });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** What a question asks for in numbers, by its words ("what doses…", "how many patients…", "for how long…"). */
const ASKS: Array<[QuantityKind, RegExp]> = [
  ["dose", /\b(?:doses?|dosages?|dosing|dosed|how much|mg\b|regimens?)/i],
  [
    "sample",
    new RegExp(
      String.raw`\bhow many (?:patients|participants|subjects|people|rats|mice|animals|children|cases)|` +
        String.raw`\bsample sizes?\b|\bnumber of (?:patients|participants|subjects|animals|rats)\b|` +
        String.raw`\bwere (?:enrolled|included|randomi[sz]ed)\b`,
      "i",
    ),
  ],
  [
    "duration",
    new RegExp(
      String.raw`\bhow long\b|\bdurations?\b|\bfor how many (?:days|weeks|months|years)\b|` +
        String.raw`\bhow many (?:days|weeks|months|years)\b|` +
        String.raw`\b(?:which|what) (?:hospital )?day\b|\bwhen\b|\btime to\b|\bonset\b|\bfollow-?up\b`,
      "i",
    ),
  ],
  [
    "rate",
    /\brates?\b|\bincidence\b|\bproportion\b|\bpercentage\b|\bmortality\b|\bhow often\b|\bfrequency\b|\bprevalence\b/i,
  ],
  [
    "effect",
    /\bodds ratio\b|\bhazard ratio\b|\brelative risk\b|\brisk ratio\b|\beffect sizes?\b|\bconfidence intervals?\b/i,
  ],
  [
    "lab",
    new RegExp(
      String.raw`\b(?:counts?|levels?|concentrations?|values?|laborator(?:y|ies)|lab|titres?|titers?|TSH|T4|T3|` +
        String.raw`glucose|platelets?|creatinine|haemoglobin|hemoglobin|ANC|WBC|neutrophils?)\b`,
      "i",
    ),
  ],
];

/** The kinds of number a question asks for (none for a question that asks no number). */
export function askedQuantities(question: string): Set<QuantityKind> {
  return new Set(ASKS.flatMap(([kind, pattern]) => (pattern.test(question) ? [kind] : [])));
}
