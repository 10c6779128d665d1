import type { Dictionary } from "@/lib/text/dictionary-tagger";
import { tagText } from "@/lib/text/dictionary-tagger";

/**
 * What a research question asks (issue 9 §3):
 * - "named-drug": about a drug the question names ("Is valproic acid hepatotoxic?");
 * - "open": which drugs cause a condition ("Which drugs can cause torsade de pointes?");
 * - "repurposing": which (existing) drugs could treat or prevent a condition ("What existing drugs could treat X?").
 */
export type QuestionKind = "named-drug" | "open" | "repurposing";

/**
 * The classification of a question: its kind, the drugs and the conditions it names (as written, lower-case
 * unless an abbreviation), and the relation it asks about ("causes" for harm, "treats" for treatment/prevention).
 */
export interface QuestionClassification {
  kind: QuestionKind;
  drugs: string[];
  conditions: string[];
  relation: "causes" | "treats";
}

/** A named entity a dictionary can recognise in a question (shape of lib/evidence's Entity). */
export interface QuestionEntity {
  name: string;
  type: "chemical" | "disease" | "gene";
  meshId: string | null;
}

/**
 * "Which / what (existing, approved …) drugs …", "any drugs that …", "drugs that …" at the start: the question asks
 * for drugs rather than naming one. Source: our own pattern over the question forms of issue 9.
 */
const OPEN_SUBJECT =
  /\b(?:which|what|any|list|name|find|identify)\b(?:\s+[\w-]+){0,3}?\s+(?:drugs?|medications?|medicines?|agents?|compounds?|chemicals?|substances?|therapies|therapeutics|treatments?|pharmaceuticals?|molecules|inhibitors|antagonists|blockers)\b|^(?:drugs?|medications?|medicines?|agents?|compounds?)\s+(?:that|which)\b|^what\s+(?:causes|can cause|could cause|treats|can treat|could treat|prevents|can prevent)\b/i;

/** Treatment and prevention wording: the question asks which drugs treat, rather than cause, the condition. */
const TREATMENT = /\b(?:treat\w*|therap\w*|repurpos\w*|prevent\w*|protect\w*|cure\w*|manage\w*|ameliorat\w*|attenuat\w*|reverse\w*|benefit\w*|against)\b/i;

/** Harm wording: causes, induces, is associated with, -toxic, risk, adverse. */
const HARM = /\b(?:caus\w*|induc\w*|associated|toxic\w*|\w+toxic\w*|risk\w*|adverse|harm\w*|prolong\w*|trigger\w*|provok\w*|side effects?)\b/i;

/** Words a dictionary may tag but that name no particular drug or condition ("drugs", "agent", "disease"). */
const GENERIC_WORDS = new Set([
  "drug", "drugs", "medication", "medications", "medicine", "medicines", "agent", "agents", "compound", "compounds",
  "chemical", "chemicals", "substance", "substances", "treatment", "therapy", "disease", "diseases", "toxicity",
  "side effects", "adverse effects", "mechanism", "existing drugs",
]);

/** "<organ>otoxic(ity)" words name a condition: "hepatotoxic" → "hepatotoxicity". */
const TOXIC_ADJECTIVE = /\b([a-z]{3,}?o)toxic(?:ity|ities)?\b/gi;

/**
 * The subject of a yes/no question about one drug, read when no dictionary names a chemical: "Is X hepatotoxic?",
 * "Does X cause Y?", "Can X induce Y?", "Is X safe for …", "How does X cause Y?". One to three words.
 */
const NAMED_SUBJECT =
  /^(?:how\s+(?:does|do|can|could|might)\s+|why\s+(?:does|do|is|are)\s+|(?:is|are|does|do|can|could|did|will|may|might)\s+)((?!the\b|a\b|an\b|there\b|it\b|this\b|any\b)[\w,()+-]+(?:\s+(?!cause|induce|lead|increase|produce|trigger|prolong|protect|prevent|treat|safe|associated|linked|toxic|hepatotoxic|nephrotoxic|cardiotoxic|ototoxic|neurotoxic|harmful|have|has|damage|affect|worsen|impair)[\w,()+-]+){0,2}?)\s+(?:cause|causes|induce|induces|lead|leads|increase|increases|produce|trigger|prolong|protect|prevent|treat|safe|associated|linked|\w*toxic|harmful|have|has|damage|affect|worsen|impair)\b/i;

/** "Is X a/an …?" ("Is ergothioneine an antioxidant in people?"): X names the drug. */
const NAMED_ATTRIBUTE = /^(?:is|are)\s+((?!the\b|there\b|it\b|this\b)[\w,()+-]+(?:\s+[\w,()+-]+)?)\s+(?:a|an)\s+/i;

function clean(name: string): string {
  const trimmed = name.trim().replace(/[?,.]+$/, "");
  return /[A-Z].*[A-Z]/.test(trimmed) ? trimmed : trimmed.toLowerCase();
}

function unique(names: string[]): string[] {
  const seen = new Set<string>();
  return names.filter((n) => {
    const key = n.toLowerCase();
    if (!n || seen.has(key) || GENERIC_WORDS.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Classifies a research question (issue 9 §3). Rules, in order:
 * 1. the question asks for drugs ({@link OPEN_SUBJECT}: "which drugs …", "what existing drugs …") → "repurposing" when
 *    it has treatment wording ({@link TREATMENT}) and no harm wording before it, else "open";
 * 2. otherwise it names a drug → "named-drug"; without any named drug, treatment wording → "repurposing", else "open".
 * `drugs` and `conditions`: chemicals and diseases the dictionary (the library's annotated entity names, when given)
 * finds in the question, generic words left out; "<organ>otoxic" words add "<organ>otoxicity"; with no chemical
 * found, the subject of a yes/no question ("Is X hepatotoxic?") is taken as the named drug.
 * Deterministic and text-only: the same question gives the same classification before and after any search.
 */
export function classifyQuestion(question: string, dictionary?: Dictionary<QuestionEntity> | null): QuestionClassification {
  const text = question.trim();
  const tagged = dictionary ? tagText(text, dictionary).map((e) => e.value) : [];
  const conditions = unique([
    ...tagged.filter((e) => e.type === "disease").map((e) => clean(e.name)),
    ...[...text.matchAll(TOXIC_ADJECTIVE)].map((m) => `${m[1].toLowerCase()}toxicity`),
  ]);
  let drugs = unique(tagged.filter((e) => e.type === "chemical").map((e) => clean(e.name)));
  const open = OPEN_SUBJECT.test(text);
  const treatmentAt = text.search(TREATMENT);
  const harmAt = text.search(HARM);
  const treatment = treatmentAt >= 0 && (harmAt < 0 || treatmentAt < harmAt);
  const relation = treatment ? "treats" : "causes";
  if (open) return { kind: treatment ? "repurposing" : "open", drugs, conditions, relation };
  if (drugs.length === 0) {
    const subject = NAMED_SUBJECT.exec(text);
    const named = subject?.[1] ?? NAMED_ATTRIBUTE.exec(text)?.[1];
    if (named) drugs = unique([clean(named)]).filter((d) => !conditions.includes(d));
  }
  if (drugs.length > 0) return { kind: "named-drug", drugs, conditions, relation };
  return { kind: treatment ? "repurposing" : "open", drugs, conditions, relation };
}
