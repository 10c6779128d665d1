import type { ClaimReading } from "@/lib/domain/claim-check";
import type { Dictionary } from "@/lib/text/dictionary-tagger";
import { organNamed, type Organ } from "@/lib/vocabularies/organs";
import { parsePolarClaim } from "./claim";
import { classifyQuestion, type QuestionEntity, type QuestionKind } from "./question";
import { relationPhrase } from "./relation-phrase";

/**
 * What a question or a claim states or asks, as every mode reads it:
 * - `chemicals`: the drugs it names, as written (the first is the subject);
 * - `relation`: "causes" (harm), "treats" (treats or prevents), or "other" when it relates no chemical to a
 *   condition (a question about lace plants, "Is X an antioxidant?"): such a proposition is read by finding cues;
 * - `conditions`: the conditions it names, as written ("hepatotoxic" gives "hepatotoxicity");
 * - `organ`: the organ whose diseases the condition stands for ("nephrotoxic", "safe for the heart"), else null;
 * - `negated`: it states or asks the denial ("X does not cause Y", "Is X safe for the heart?");
 * - `kind`: of a question (lib/reading/question.ts); a claim about a chemical is "named-drug";
 * - `form`: the wording of the relation ("does not cause", "is hepatotoxic"), "" for a question.
 */
export interface Proposition {
  source: "question" | "claim";
  text: string;
  kind: QuestionKind;
  chemicals: string[];
  relation: "causes" | "treats" | "other";
  conditions: string[];
  organ: Organ | null;
  negated: boolean;
  form: string;
}

/**
 * The proposition of a research (or chat) question. It relates a chemical to a condition when the question names
 * a drug and a condition (or an organ), or asks which drugs cause or treat a named condition; otherwise its
 * relation is "other".
 * @param dictionary known chemical and disease names (the evidence's or the library's annotations), optional.
 */
export function questionProposition(question: string, dictionary?: Dictionary<QuestionEntity> | null): Proposition {
  const c = classifyQuestion(question, dictionary);
  const organ = c.organ ? organNamed(c.organ) : null;
  const hasCondition = c.conditions.length > 0 || organ !== null;
  const relates =
    hasCondition && (c.kind === "named-drug" ? c.drugs.length > 0 : c.kind === "open" || c.kind === "repurposing");
  return {
    source: "question",
    text: question,
    kind: c.kind,
    chemicals: c.drugs,
    relation: relates ? c.relation : "other",
    conditions: c.conditions,
    organ,
    negated: relates && c.negated,
    form: "",
  };
}

/**
 * The proposition of a claim with a polarity reading (lib/reading/claim.ts parsePolarClaim: "X causes Y", "X does not
 * cause Y", "X is safe for the heart", "X protects against Y"); null for other claim shapes (comparisons, numbers).
 */
export function claimProposition(claim: string): Proposition | null {
  const p = parsePolarClaim(claim);
  if (!p) return null;
  return {
    source: "claim",
    text: claim,
    kind: "named-drug",
    chemicals: [p.chemical],
    relation: p.relation,
    conditions: p.organ ? [] : [p.target],
    organ: p.organ,
    negated: p.negated,
    form: p.form,
  };
}

/**
 * A proposition resolved against the annotations of the records read (the shape a claim check saves as its
 * `reading`): the chemical's and the condition's annotation IDs (MeSH where annotated), and for an organ every
 * annotated disease of that organ, with their names.
 */
export type ResolvedProposition = ClaimReading;

/**
 * The proposition in one line, as the timeline shows it: "valproic acid — causes — diseases of the liver",
 * "open: which drugs cause seizures", "not about a drug and a condition: read for its findings".
 */
export function propositionText(p: Proposition): string {
  const condition = p.organ ? `diseases of the ${p.organ.name}` : p.conditions.join(" or ");
  if (p.relation === "other") return "not about a drug and a condition: read for its findings";
  if (p.kind === "open") return `open: which drugs cause ${condition}`;
  if (p.kind === "repurposing") return `open: which drugs treat or prevent ${condition}`;
  return `${p.chemicals[0]} — ${relationPhrase({ relation: p.relation, negated: p.negated })} — ${condition}`;
}
