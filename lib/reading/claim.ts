import { expandContractions } from "@/lib/text/contractions";
import { organNamed, organOfToxicForm, type Organ } from "@/lib/vocabularies/organs";

/** The relation a polar claim states between a chemical and a disease: it causes the disease, or treats/prevents it. */
export type ClaimRelation = "causes" | "treats";

/**
 * A claim about a chemical and a disease (or an organ) with its polarity, as read by {@link parsePolarClaim}:
 * "Cocaine is safe for the heart." → { chemical "Cocaine", target "heart", organ heart, relation "causes",
 * negated true, form "is safe for" }. `organ` is set when the target names an organ ("the heart", "the
 * kidneys", "liver damage"): the claim is then about every disease of that organ.
 */
export interface PolarClaim {
  chemical: string;
  target: string;
  organ: Organ | null;
  relation: ClaimRelation;
  negated: boolean;
  form: string;
}

const MODAL = String.raw`(?:(?:can|may|might|could|will|would|often|frequently|commonly|does|do)\s+)?`;
const CAUSE_VERBS =
  String.raw`(?:cause[sd]?|induce[sd]?|lead[s]?\s+to|led\s+to|produce[sd]?|provoke[sd]?|trigger(?:s|ed)?|` +
  String.raw`result(?:s|ed)?\s+in|increase[sd]?\s+the\s+risk\s+of|damage[sd]?|harm(?:s|ed)?|injure[sd]?|` +
  String.raw`worsen(?:s|ed)?|exacerbate[sd]?)`;
const CAUSE_BASE =
  String.raw`(?:cause|induce|lead\s+to|produce|provoke|trigger|result\s+in|increase\s+the\s+risk\s+of|damage|harm|` +
  String.raw`injure|worsen|exacerbate)`;
const ASSOCIATED =
  String.raw`(?:associated\s+with|linked\s+(?:to|with)|related\s+to|toxic\s+(?:to|for)|harmful\s+(?:to|for)|` +
  String.raw`a\s+cause\s+of|a\s+risk\s+factor\s+for)`;
const TREAT_VERBS =
  String.raw`(?:protect(?:s|ed)?\s+(?:against|from)|protect(?:s|ed)?|prevent(?:s|ed)?|treat(?:s|ed)?|reverse[sd]?|` +
  String.raw`attenuate[sd]?|ameliorate[sd]?|alleviate[sd]?|cure[sd]?|reduce[sd]?\s+the\s+risk\s+of)`;
const TREAT_BASE =
  String.raw`(?:protect\s+against|protect\s+from|protect|prevent|treat|reverse|attenuate|ameliorate|alleviate|cure|` +
  String.raw`reduce\s+the\s+risk\s+of)`;
const EFFECTIVE_FOR =
  String.raw`\s+(?:for|against|in\s+treating|in\s+the\s+treatment\s+of|in\s+preventing|` +
  String.raw`in\s+the\s+prevention\s+of|in)`;
const EFFECTIVE = String.raw`(?:effective|efficacious|beneficial|useful)${EFFECTIVE_FOR}`;
const NOT_EFFECTIVE = String.raw`(?:not\s+(?:effective|efficacious|beneficial|useful)|ineffective)${EFFECTIVE_FOR}`;
const COPULA = String.raw`(?:is|are|was|were)`;

/** The claim forms, most specific first: [pattern with groups (chemical)(form)(target), relation, negated]. */
const FORMS: Array<[RegExp, ClaimRelation, boolean]> = [
  [
    new RegExp(
      String.raw`^(.+?)\s+((?:does|do|did|can|may|will)\s+not\s+${CAUSE_BASE}|cannot\s+${CAUSE_BASE})\s+(.+)$`,
      "i",
    ),
    "causes",
    true,
  ],
  [new RegExp(String.raw`^(.+?)\s+(${COPULA}\s+not\s+${ASSOCIATED})\s+(.+)$`, "i"), "causes", true],
  [
    new RegExp(
      String.raw`^(.+?)\s+((?:has|have|had|shows?|showed)\s+no\s+(?:significant\s+|adverse\s+|harmful\s+|` +
        String.raw`toxic\s+)?(?:effects?|impact|influence)\s+on)\s+(.+)$`,
      "i",
    ),
    "causes",
    true,
  ],
  [
    new RegExp(
      String.raw`^(.+?)\s+(${COPULA}\s+(?:safe|harmless|not\s+toxic|non-?toxic|not\s+harmful)\s+(?:for|to|` +
        String.raw`in)(?:\s+the\s+use\s+in)?)\s+(.+)$`,
      "i",
    ),
    "causes",
    true,
  ],
  [
    new RegExp(
      String.raw`^(.+?)\s+((?:does|do|did|can|may|will)\s+not\s+${TREAT_BASE}|cannot\s+${TREAT_BASE})\s+(.+)$`,
      "i",
    ),
    "treats",
    true,
  ],
  [new RegExp(String.raw`^(.+?)\s+(${COPULA}\s+${NOT_EFFECTIVE})\s+(.+)$`, "i"), "treats", true],
  [new RegExp(String.raw`^(.+?)\s+(${MODAL}${TREAT_VERBS})\s+(.+)$`, "i"), "treats", false],
  [new RegExp(String.raw`^(.+?)\s+(${COPULA}\s+${EFFECTIVE})\s+(.+)$`, "i"), "treats", false],
  [new RegExp(String.raw`^(.+?)\s+(${MODAL}${CAUSE_VERBS})\s+(.+)$`, "i"), "causes", false],
  [
    new RegExp(String.raw`^(.+?)\s+(${COPULA}\s+(?:(?:strongly|significantly|often)\s+)?${ASSOCIATED})\s+(.+)$`, "i"),
    "causes",
    false,
  ],
];

/** "X is (not) cardiotoxic / hepatotoxic / nephrotoxic …": a harm to the organ of the combining form. */
const TOXIC_ADJECTIVE =
  /^(.+?)\s+((?:is|are|was|were)\s+(not\s+|non-?)?(cardio|hepato|nephro|neuro|oto|myelo|pneumo)-?toxic)$/i;

/** Harm nouns after an organ ("liver damage", "kidney injury"): the target is then the organ's diseases. */
const ORGAN_HARM = new RegExp(
  "^(.+?)\\s+(?:damage|injury|injuries|toxicity|disease|diseases|disorders?|problems?|function|dysfunction|" +
    "abnormalities)$",
  "i",
);

/**
 * Words that make a claim a comparison or a quantity ("more than", "50%", "10 mg"), which the polarity reading does not
 * cover; digits in names ("5-FU", "MK-801") are fine.
 */
const NOT_POLAR =
  /\b(?:than|versus|vs\.?|compared|more|less|higher|lower|per\s+cent|percent)\b|\d\s*(?:%|mg|g\b|fold|times)/i;

/** A trailing population or study qualifier of a target ("the heart in this cohort", "seizures in children"). */
const QUALIFIER = new RegExp(
  "\\s+(?:in|among|during|within)\\s+(?:this|these|that|those|the|our|all|some|many|most|such|healthy|elderly|" +
    "young|older|pregnant|patients|people|humans|adults|children|infants|rats|mice|animals|women|men|users|" +
    "volunteers)\\b.*$",
  "i",
);

function cleanTarget(target: string): string {
  return target
    .trim()
    .replace(/^(?:the|a|an)\s+/i, "")
    .replace(/^[\p{L}\p{N}]+-(?:induced|associated|related)\s+/iu, "")
    .replace(QUALIFIER, "")
    .trim();
}

/**
 * Reads a claim about a chemical and a disease or organ, with its polarity. Recognised forms:
 * - causes: "X causes / induces / leads to / produces / triggers / increases the risk of / damages Y", "X is
 *   associated with / linked to / toxic to Y" (with "can", "may", … before the verb);
 * - does not cause: "X does not cause Y" (and the other verbs), "X is not associated with Y", "X has no effect on Y",
 *   "X is safe for Y" / "is harmless to" / "is not toxic to" (X does not harm Y);
 * - organ toxicity: "X is cardiotoxic / hepatotoxic / nephrotoxic …" (X causes diseases of that organ; "is not …"
 * denies it);
 * - treats: "X protects against / prevents / treats / reverses / attenuates Y", "X is effective for / against Y";
 * - does not treat: "X does not prevent Y", "X is not effective for Y".
 * A target that names an organ ("the heart", "the kidneys", "liver damage") sets `organ`.
 * @returns null for other claim shapes (comparisons, numbers, several clauses), which keep the lexical reading.
 */
export function parsePolarClaim(claim: string): PolarClaim | null {
  const text = expandContractions(claim.trim().replace(/[.!;]+$/, "")).replace(/\s+/g, " ");
  if (NOT_POLAR.test(text) || /[,;:?]/.test(text)) return null;
  const toxic = TOXIC_ADJECTIVE.exec(text);
  if (toxic) {
    const organ = organOfToxicForm(toxic[4]);
    return {
      chemical: toxic[1].trim(),
      target: organ!.name,
      organ,
      relation: "causes",
      negated: Boolean(toxic[3]),
      form: toxic[2].toLowerCase().replace(/\s+/g, " "),
    };
  }
  for (const [pattern, relation, negated] of FORMS) {
    const m = pattern.exec(text);
    if (!m) continue;
    const chemical = m[1].trim();
    const target = cleanTarget(m[3]);
    if (!chemical || !target || chemical.split(" ").length > 5 || target.split(" ").length > 6) return null;
    const harm = ORGAN_HARM.exec(target);
    const organ = organNamed(target) ?? (harm ? organNamed(harm[1]) : null);
    return { chemical, target, organ, relation, negated, form: m[2].toLowerCase().replace(/\s+/g, " ") };
  }
  return null;
}

/** Words a question opens with: a text opening with one asks, it does not claim. */
const QUESTION_OPENING = new RegExp(
  "^\\s*(?:is|are|was|were|does|do|did|can|could|will|would|may|might|should|shall|must|has|have|had|which|what|" +
    "how|why|when|where|who|whom|whose)\\b",
  "i",
);

/**
 * Whether a text typed as a research question is a claim ("Amiodarone causes hypothyroidism.", "Statins are safe for
 * the liver."): a statement in one of the polar claim forms ({@link parsePolarClaim}) that neither ends with a
 * question mark nor opens like a question. The research form offers such a text a claim check.
 */
export function readsAsClaim(text: string): boolean {
  const t = text.trim();
  return t !== "" && !t.endsWith("?") && !QUESTION_OPENING.test(t) && parsePolarClaim(t) !== null;
}
