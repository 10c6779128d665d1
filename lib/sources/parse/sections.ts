import type { SectionType } from "@/lib/domain/fulltext";

/** JATS `sec-type` values (JATS 1.3 "Suggested values", and the `a|b` pairs PMC writes) by section kind. */
const SEC_TYPES: Array<[RegExp, SectionType]> = [
  [/^(?:intro|introduction|background)$/, "introduction"],
  [/^(?:results?\|discussion|results?)$/, "results"],
  [/^(?:materials?\|methods|methods?|subjects?\|methods|patients\|methods|materials)$/, "methods"],
  [/^discussion$/, "discussion"],
  [/^(?:conclusions?|summary)$/, "conclusions"],
  [/^(?:cases?|case-report|case-presentation|case report)$/, "case-report"],
];

/**
 * Section headings by kind, matched against the heading without its number ("2.1.", "II.") and lower-cased. Order
 * matters: "Results and Discussion" is results, "Case Report and Discussion" the case. Source: our reading of the
 * headings in ../shared/fixtures/fulltext (IMRaD, case reports, "Model and Results", "Experimental", "Denouement").
 */
const TITLES: Array<[RegExp, SectionType]> = [
  [/^(?:the )?case(?:s)?(?: (?:report|presentation|description|history|summary|details))?s?\b/, "case-report"],
  [/^(?:presentation of (?:the )?case|clinical (?:case|presentation)|patient presentation)\b/, "case-report"],
  [/^(?:introduction|background|overview|rationale)\b/, "introduction"],
  [/^(?:(?:main |key |principal )?results?|findings|model and results|outcomes?)\b/, "results"],
  [
    new RegExp(
      "^(?:(?:materials?|patients?|subjects?|participants?) and methods|methods?|methodology|" +
        "experimental(?: (?:section|procedures|design))?|study design|design|study population|trial design)\\b",
    ),
    "methods",
  ],
  [/^(?:discussion|comment|interpretation|denouement)\b/, "discussion"],
  [/^(?:conclusions?|concluding remarks|summary)\b/, "conclusions"],
];

/** A heading without its number or letter ("2.1.", "IV.", "A.") and its closing punctuation, in lower case. */
export function headingWords(heading: string): string {
  return heading
    .trim()
    .replace(/^(?:\d+(?:\.\d+)*\.?|[IVX]+\.|[A-H]\.)\s*/, "")
    .replace(/[:.]\s*$/, "")
    .toLowerCase();
}

/**
 * The kind of a section from its JATS `sec-type` (when it names one) or its heading (see TITLES), else null: the
 * caller then keeps the kind of the enclosing section (a "3.1 Serum catalase" under "3. Results" is results).
 */
export function sectionTypeOf(heading: string | null, secType?: string | null): SectionType | null {
  const type = secType?.trim().toLowerCase();
  if (type) for (const [pattern, kind] of SEC_TYPES) if (pattern.test(type)) return kind;
  const words = heading ? headingWords(heading) : "";
  if (!words) return null;
  for (const [pattern, kind] of TITLES) if (pattern.test(words)) return kind;
  return null;
}

/** Headings that open a reference list (PDF text after them is not the article's own). */
export const REFERENCES_HEADING = /^(?:references?|bibliography|literature cited|works cited|references and notes)$/i;
