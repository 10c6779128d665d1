import type { Dictionary } from "@/lib/text/dictionary-tagger";
import { tagText } from "@/lib/text/dictionary-tagger";
import { actionsOf, findConceptMentions, type Concept } from "@/lib/vocabularies";
import { GENERIC_DRUG_WORDS } from "@/lib/vocabularies/generic-words";
import { organNamed, organOfToxicForm } from "@/lib/vocabularies/organs";

/**
 * What a research question asks:
 * - "named-drug": about a drug the question names ("Is valproic acid hepatotoxic?");
 * - "open": which drugs cause a condition ("Which drugs can cause torsade de pointes?");
 * - "repurposing": which (existing) drugs could treat or prevent a condition ("What existing drugs could treat X?");
 * - "other": neither names a drug nor asks for drugs ("Do mitochondria play a role in remodelling lace plant
 *   leaves?"): it is read for its findings, never forced into "which drugs cause …".
 */
export type QuestionKind = "named-drug" | "open" | "repurposing" | "other";

/**
 * The classification of a question: its kind, the drugs and the conditions it names (as written, lower-case
 * unless an abbreviation), the relation it asks about ("causes" for harm, "treats" for treatment/prevention),
 * the organ whose diseases its condition stands for ("hepatotoxic" → liver, "safe for the heart" → heart; null
 * when none), and its polarity (`negated`: "Is X safe for the heart?" asks whether X does NOT harm it).
 */
export interface QuestionClassification {
  kind: QuestionKind;
  drugs: string[];
  conditions: string[];
  relation: "causes" | "treats";
  organ: string | null;
  negated: boolean;
}

/** A named entity a dictionary can recognise in a question (shape of lib/evidence's Entity). */
export interface QuestionEntity {
  name: string;
  type: "chemical" | "disease" | "gene";
  meshId: string | null;
}

/**
 * "Which / what (existing, approved …) drugs …", "any drugs that …", "drugs that …" at the start: the question
 * asks for drugs rather than naming one. Source: our own pattern over the open questions Critica is asked ("Which
 * approved drugs could be repurposed for …?").
 */
const OPEN_SUBJECT = new RegExp(
  "\\b(?:which|what|any|list|name|find|identify)\\b(?:\\s+[\\w-]+){0,3}?\\s+(?:drugs?|medications?|medicines?|" +
    "agents?|compounds?|chemicals?|substances?|therapies|therapeutics|treatments?|pharmaceuticals?|molecules|" +
    "inhibitors|antagonists|blockers)\\b|^(?:drugs?|medications?|medicines?|agents?|compounds?)\\s+(?:that|which)\\b|" +
    "^what\\s+(?:causes|can cause|could cause|treats|can treat|could treat|prevents|can prevent)\\b",
  "i",
);

/** Treatment and prevention wording: the question asks which drugs treat, rather than cause, the condition. */
const TREATMENT = new RegExp(
  "\\b(?:treat\\w*|therap\\w*|repurpos\\w*|prevent\\w*|protect\\w*|cure\\w*|manage\\w*|ameliorat\\w*|attenuat\\w*|" +
    "reverse\\w*|benefit\\w*|against)\\b",
  "i",
);

/** Harm wording: causes, induces, is associated with, -toxic, risk, adverse. */
const HARM = new RegExp(
  "\\b(?:caus\\w*|induc\\w*|associated|toxic\\w*|\\w+toxic\\w*|risk\\w*|adverse|harm\\w*|prolong\\w*|trigger\\w*|" +
    "provok\\w*|side effects?)\\b",
  "i",
);

/** Words a dictionary may tag but that name no particular drug or condition ("drugs", "agent", "disease"). */
const GENERIC_WORDS = new Set([
  ...GENERIC_DRUG_WORDS,
  "disease",
  "diseases",
  "toxicity",
  "side effects",
  "adverse effects",
  "mechanism",
  "existing drugs",
]);

/** "<organ>otoxic(ity)" words name a condition: "hepatotoxic" → "hepatotoxicity". */
const TOXIC_ADJECTIVE = /\b([a-z]{2,}?o)toxic(?:ity|ities)?\b/gi;

/**
 * An organ named as what a drug harms or spares: "safe for the heart", "damage the kidneys", "liver damage", "toxic to
 * the liver".
 */
const ORGAN_PHRASE = new RegExp(
  "\\b(?:safe|harmless|harmful|toxic|dangerous|bad)\\s+(?:for|to)\\s+(?:the\\s+)?([a-z]+(?:\\s+marrow)?)\\b|" +
    "\\b(?:damage|harm|injure|affect)s?\\s+(?:the\\s+)?([a-z]+(?:\\s+marrow)?)\\b|\\b([a-z]+)\\s+(?:damage|injury|" +
    "toxicity|dysfunction|disease|diseases|disorders?)\\b",
  "gi",
);

/** Wording that asks whether a drug does NOT harm: "Is X safe …", "Is X harmless …", "Does X not cause …". */
const SPARING = /\b(?:safe|harmless|well tolerated|not (?:cause|induce|harm|damage)\w*)\b/i;

/** A question that mentions drugs in general without naming one ("Is QT prolongation caused by drugs?"). */
const DRUG_WORD = /\b(?:drugs?|medications?|medicines?|pharmaceuticals?)\b/i;

/**
 * The subject of a yes/no question about one drug, read when no dictionary names a chemical: "Is X hepatotoxic?",
 * "Does X cause Y?", "Can X induce Y?", "Is X safe for …", "How does X cause Y?". One to three words.
 */
const NAMED_SUBJECT = new RegExp(
  "^(?:how\\s+(?:does|do|can|could|might)\\s+|why\\s+(?:does|do|is|are)\\s+|(?:is|are|does|do|can|could|did|will|" +
    "may|might)\\s+)((?!the\\b|a\\b|an\\b|there\\b|it\\b|this\\b|any\\b)[\\w,()+-]+(?:\\s+(?!cause|induce|lead|" +
    "increase|produce|trigger|prolong|protect|prevent|treat|safe|associated|linked|toxic|hepatotoxic|nephrotoxic|" +
    "cardiotoxic|ototoxic|neurotoxic|harmful|have|has|damage|affect|worsen|impair)[\\w,()+-]+){0,2}?)\\s+(?:cause|" +
    "causes|induce|induces|lead|leads|increase|increases|produce|trigger|prolong|protect|prevent|treat|safe|" +
    "associated|linked|\\w*toxic|harmful|have|has|damage|affect|worsen|impair)\\b",
  "i",
);

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

/** "Is X a/an " / "Are X a/an ": what follows is an attribute of the subject X, not a second subject. */
const ATTRIBUTE_OF_SUBJECT = /^(?:is|are)\s+\S+(?:\s+\S+)?\s+(?:a|an)\s+/i;

/**
 * MeSH trees of molecules a drug acts on rather than drugs: D08 Enzymes and Coenzymes, D12.776 Proteins (channels,
 * receptors, carriers). A concept under them only, with no pharmacological action of its own, is a target ("through
 * which ion channel?"); a protein drug (infliximab, insulin) has a pharmacological action or another tree.
 */
const TARGET_TREES = /^(?:D08|D12\.776)(?:\.|$)/;

function isMolecularTarget(concept: Concept): boolean {
  return (
    concept.kind === "chemical" &&
    concept.trees.length > 0 &&
    concept.trees.every((t) => TARGET_TREES.test(t)) &&
    actionsOf(concept.id).length === 0
  );
}

/**
 * The named entities of a question in the order it writes them: the dictionary's (the records' or the library's
 * annotated names) and the concept vocabulary's drugs, classes and diseases (MeSH, Disease Ontology: "statins",
 * "myxoedema"). Where two overlap the longer wins ("myxoedema coma" is one condition, "pulmonary fibrosis" is not
 * "fibrosis"), the dictionary's on a tie.
 */
function questionEntities(text: string, dictionary?: Dictionary<QuestionEntity> | null): QuestionEntity[] {
  const lower = text.toLowerCase();
  // A name as the question writes it ("pulmonary fibrosis"), not as a record annotated it ("Pulmonary Fibrosis").
  const tagged = (dictionary ? tagText(text, dictionary).map((e) => e.value) : []).map((e) => {
    const start = lower.indexOf(e.name.toLowerCase());
    const written = start >= 0 ? text.slice(start, start + e.name.length) : e.name;
    return { e: { ...e, name: written }, start, end: start + e.name.length };
  });
  const attributeAt = ATTRIBUTE_OF_SUBJECT.exec(text)?.[0].length ?? -1;
  const vocabulary = findConceptMentions(text)
    .filter((m) => m.concept.kind !== "other" && !isMolecularTarget(m.concept))
    // "Is ergothioneine an antioxidant?": the class after "a/an" is what the question asks the subject is.
    .filter((m) => !(m.concept.kind === "class" && attributeAt >= 0 && m.start >= attributeAt))
    .map((m) => ({
      e: {
        name: m.text,
        type: m.concept.kind === "disease" ? ("disease" as const) : ("chemical" as const),
        meshId: m.concept.id,
      },
      start: m.start,
      end: m.end,
    }));
  const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) =>
    a.start >= 0 && b.start >= 0 && a.start < b.end && b.start < a.end;
  const longer = (a: { start: number; end: number }, b: { start: number; end: number }) =>
    a.end - a.start > b.end - b.start;
  const keptTags = tagged.filter((t) => !vocabulary.some((v) => overlaps(t, v) && longer(v, t)));
  const keptVocabulary = vocabulary.filter((v) => !keptTags.some((t) => overlaps(t, v)));
  return [...keptTags, ...keptVocabulary].sort((a, b) => a.start - b.start).map((x) => x.e);
}

/** The organ a question names as harmed or spared, by a "-toxic" word or an organ phrase; null when none. */
function questionOrgan(text: string): string | null {
  for (const m of text.matchAll(TOXIC_ADJECTIVE)) {
    const organ = organOfToxicForm(m[1].toLowerCase());
    if (organ) return organ.name;
  }
  for (const m of text.matchAll(ORGAN_PHRASE)) {
    const organ = organNamed((m[1] ?? m[2] ?? m[3] ?? "").toLowerCase());
    if (organ) return organ.name;
  }
  return null;
}

/**
 * Classifies a research question. Rules, in order:
 * 1. the question asks for drugs ({@link OPEN_SUBJECT}: "which drugs …", "what existing drugs …") → "repurposing"
 *    when it has treatment wording ({@link TREATMENT}) and no harm wording before it, else "open";
 * 2. otherwise it names a drug → "named-drug"; without any named drug, a question that speaks of drugs in general
 *    is "repurposing" with treatment wording, else "open"; any other question is "other" (not about a drug).
 * `drugs` and `conditions`: chemicals and diseases the dictionary (the library's annotated entity names, when given)
 * finds in the question, generic words left out; "<organ>otoxic" words add "<organ>otoxicity"; with no chemical
 * found, the subject of a yes/no question ("Is X hepatotoxic?") is taken as the named drug.
 * `organ` (lib/vocabularies/organs.ts) and `negated` ({@link SPARING} wording) complete the reading.
 * Deterministic and text-only: the same question gives the same classification before and after any search.
 */
export function classifyQuestion(
  question: string,
  dictionary?: Dictionary<QuestionEntity> | null,
): QuestionClassification {
  const text = question.trim();
  const tagged = questionEntities(text, dictionary);
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
  const organ = questionOrgan(text);
  const negated = relation === "causes" && SPARING.test(text);
  const reading = { conditions, relation, organ, negated } as const;
  if (open) return { kind: treatment ? "repurposing" : "open", drugs, ...reading };
  if (drugs.length === 0) {
    const subject = NAMED_SUBJECT.exec(text);
    const named = subject?.[1] ?? NAMED_ATTRIBUTE.exec(text)?.[1];
    if (named) drugs = unique([clean(named)]).filter((d) => !conditions.includes(d));
  }
  if (drugs.length > 0) return { kind: "named-drug", drugs, ...reading };
  if (!DRUG_WORD.test(text)) return { kind: "other", drugs, ...reading };
  return { kind: treatment ? "repurposing" : "open", drugs, ...reading };
}
