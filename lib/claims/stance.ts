import { RESULT_CUE } from "@/lib/text/findings";
import { negationScopes as scopesOf, negationTokens } from "@/lib/text/negation";
import type { ClaimAnalysis } from "./analysis";
import {
  EFFECT_NOMINALS,
  EFFECT_NOUN,
  EFFECT_VERBS,
  EQUIVALENCE,
  VERB_FORM_TO_BASE,
  type EffectDirection,
} from "./lexicon";

/** How one sentence relates to a claim: it supports the counter-statement, the claim itself, or neither. */
export type SentenceStance = "counter" | "claim" | "neutral";

/**
 * The reading of one sentence: its stance, the share of the claim's concepts it mentions (0–1), and whether it
 * carries a result cue (statistics, "significantly", a RESULTS/CONCLUSIONS label).
 */
export interface SentenceReading {
  stance: SentenceStance;
  coverage: number;
  result: boolean;
}

/**
 * Tokens before an effect verb or nominal within which the claim's subject makes the cue its own ("doxorubicin
 * reduced"). Source: our choice.
 */
const SUBJECT_BEFORE_VERB = 4;
/**
 * Tokens between the subject and an effect noun ("doxorubicin-induced cardiotoxicity", "doxorubicin cardiomyopathy").
 * Source: our choice.
 */
const SUBJECT_BEFORE_NOUN = 2;
/**
 * Tokens after a verb or noun within which an agent word introduces the subject ("induced by doxorubicin"). Source: our
 * choice.
 */
const AGENT_AFTER = 4;
/**
 * Tokens after an effect nominal within which "by" introduces its agent ("attenuation of the … syndrome by
 * amiloride"). Source: our choice.
 */
const AGENT_AFTER_NOMINAL = 10;

/** Effect nouns that state a harm happening (the "up" direction of "causes"); other effect nouns are directionless. */
const HARM_NOUN = new RegExp(
  "(?:toxic|damage|injur|impair|path(?:y|ies)$|failure|dysfunction|lesion|necros|apoptos|adverse|complication|" +
    "disorder|disease|syndrome|itis$)",
  "",
);
/**
 * Words that introduce the agent after a cue, by kind of cue: a participle ("induced by"), a harm noun ("cardiotoxicity
 * of"), a nominal ("attenuation … by").
 */
const AGENT_WORDS: Record<Cue["kind"], ReadonlySet<string>> = {
  verb: new Set(["by", "of", "with", "from", "after", "following"]),
  nominal: new Set(["by"]),
  harm: new Set(["of", "after", "following", "from"]),
  relation: new Set(["of"]),
};
const UP_WORDS = /^(?:more|greater|higher|better|superior|larger|longer|increased|outperform\w*)$/;
const DOWN_WORDS = /^(?:less|lower|fewer|worse|inferior|smaller|shorter|decreased|reduced)$/;

interface Token {
  text: string;
  start: number;
  end: number;
}

/**
 * An effect cue: a verb form, a nominal of an effect verb, a harm noun, or a relation noun ("effect", "association").
 */
interface Cue {
  token: number;
  direction: EffectDirection;
  kind: "verb" | "nominal" | "harm" | "relation";
}

function tokensOf(sentence: string): Token[] {
  return [...sentence.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => ({
    text: m[0].toLowerCase(),
    start: m.index ?? 0,
    end: (m.index ?? 0) + m[0].length,
  }));
}

function tokenAt(tokens: Token[], offset: number): number {
  const i = tokens.findIndex((t) => t.end > offset);
  return i < 0 ? tokens.length : i;
}

function effectCues(tokens: Token[], comparative: boolean): Cue[] {
  const cues: Cue[] = [];
  tokens.forEach((t, i) => {
    const base = VERB_FORM_TO_BASE.get(t.text);
    const nominal = EFFECT_NOMINALS.get(t.text);
    if (base && !EFFECT_NOMINALS.has(t.text)) cues.push({ token: i, direction: EFFECT_VERBS[base], kind: "verb" });
    else if (nominal) cues.push({ token: i, direction: EFFECT_VERBS[nominal], kind: "nominal" });
    else if (EFFECT_NOUN.test(t.text))
      cues.push(
        HARM_NOUN.test(t.text)
          ? { token: i, direction: "up", kind: "harm" }
          : { token: i, direction: "any", kind: "relation" },
      );
    else if (comparative && UP_WORDS.test(t.text)) cues.push({ token: i, direction: "up", kind: "verb" });
    else if (comparative && DOWN_WORDS.test(t.text)) cues.push({ token: i, direction: "down", kind: "verb" });
  });
  return cues;
}

/**
 * Token ranges [from, to) of this reader's tokens in the scope of each negation trigger (lib/text/negation.ts, the
 * NegEx lists shared with the relation model); `cueStart` is the trigger's token. "without" is left out here: "X
 * without Y caused Z" is common in claims and findings and is not a negation of X's effect.
 */
function negationScopes(sentence: string, tokens: Token[]): Array<{ cueStart: number; from: number; to: number }> {
  const negTokens = negationTokens(sentence);
  const toOwn = (i: number) => (i >= negTokens.length ? tokens.length : tokenAt(tokens, negTokens[i].start));
  return scopesOf(
    negTokens.map((t) => t.lower),
    { reader: "findings" },
  ).map((s) => ({ cueStart: toOwn(s.trigger), from: toOwn(s.trigger), to: toOwn(s.to) }));
}

/**
 * Reads one sentence against a claim (extractive; no model). Steps:
 * 1. Concepts: which of the claim's concepts the sentence mentions; with fewer than min(2, all) of them the
 *    sentence is "neutral" (it is not about the claim).
 * 2. Effect cues: effect verbs (direction from the lexicon), effect nouns (harm nouns count as "up": the harm
 *    occurs), and comparative words for comparative claims. A cue belongs to the claim's subject when the subject
 *    is written ≤ 4 tokens before a verb or nominal (with no other concept of the claim between them) or ≤ 2 before
 *    a noun, or is introduced after it by an agent word: "by/of/with/from/after" ≤ 4 tokens after a verb ("induced
 *    by doxorubicin"), "by" ≤ 10 after a nominal ("attenuation of the … syndrome by amiloride"), "of/after/from"
 *    ≤ 4 after a harm noun ("cardiotoxicity of doxorubicin"); a hyphen compound belongs to its first word
 *    ("lithium-induced" to lithium). Cues of other agents ("carvedilol protects") are ignored.
 * 3. Negation: a cue inside the scope of a negation trigger (NegEx-style, lib/text/negation.ts: from the trigger
 *    to a terminator such as "but" or 8 tokens) is negated; a negation whose scope holds a concept other than the
 * subject,
 *    with the subject before it or in it, negates the claim's relation ("no cardiotoxicity was seen with
 *    doxorubicin").
 * 4. Stance: what these affirmed and negated effects say about the claim and its counter-statement (e.g. for
 *    "X has no effect on Y" an affirmed effect supports the counter-statement; for "X reduces Y" a negated
 *    reduction or an affirmed increase does). More counter than claim signals gives "counter", fewer "claim",
 *    equal "neutral". Equivalence wording ("similar", "did not differ") denies a comparative claim, and a stated
 *    difference denies a claim of equivalence.
 */
export function readSentence(sentence: string, claim: ClaimAnalysis): SentenceReading {
  const result = RESULT_CUE.test(sentence);
  const n = claim.concepts.length;
  if (n === 0) return { stance: "neutral", coverage: 0, result };
  const tokens = tokensOf(sentence);
  const mentions = claim.concepts.map((c) => {
    c.pattern.lastIndex = 0;
    return [...sentence.matchAll(c.pattern)].map((m) => tokenAt(tokens, m.index ?? 0));
  });
  const mentioned = mentions.filter((m) => m.length > 0).length;
  const coverage = mentioned / n;
  if (mentioned < Math.min(2, n)) return { stance: "neutral", coverage, result };

  const subject = mentions[claim.subject ?? 0];
  const others = mentions.filter((_, i) => i !== (claim.subject ?? 0)).flat();
  const isSubjectAt = (i: number) => subject.includes(i);
  const scopes = negationScopes(sentence, tokens);
  const inScope = (i: number) => scopes.some((s) => i >= s.from && i < s.to);

  const attributed = (cue: Cue) => {
    // A hyphen compound names its own agent: "lithium-induced" belongs to lithium, "DOX-induced" to DOX.
    const start = tokens[cue.token].start;
    if (cue.token > 0 && sentence[start - 1] === "-" && tokens[cue.token - 1].end === start - 1)
      return isSubjectAt(cue.token - 1);
    const noun = cue.kind === "harm" || cue.kind === "relation";
    const before = noun ? SUBJECT_BEFORE_NOUN : SUBJECT_BEFORE_VERB;
    const nearest = subject.filter((s) => s < cue.token && cue.token - s <= before).at(-1);
    // The subject owns the cue unless another of the claim's concepts stands between them.
    if (nearest !== undefined && (noun || !others.some((o) => o > nearest && o < cue.token))) return true;
    const reach = cue.kind === "nominal" ? AGENT_AFTER_NOMINAL : AGENT_AFTER;
    for (let j = cue.token + 1; j <= Math.min(tokens.length - 1, cue.token + reach); j++) {
      if (isSubjectAt(j) && tokens.slice(cue.token + 1, j).some((t) => AGENT_WORDS[cue.kind].has(t.text))) return true;
    }
    // Comparative claims compare the concepts themselves: any concept in the sentence owns a comparative cue.
    return claim.comparative && !noun;
  };

  const affirmed = new Set<EffectDirection>();
  const negated = new Set<EffectDirection>();
  for (const cue of effectCues(tokens, claim.comparative)) {
    if (!attributed(cue)) continue;
    (inScope(cue.token) ? negated : affirmed).add(cue.direction);
  }
  const relationDenied = scopes.some(
    (s) =>
      others.some((o) => o >= s.from && o < s.to) &&
      subject.some((x) => (x < s.cueStart && s.cueStart - x <= 8) || (x >= s.from && x < s.to)),
  );
  if (relationDenied) negated.add("any");
  const equivalent = claim.comparative && EQUIVALENCE.test(sentence);

  let counter = 0;
  let support = 0;
  const opposite: EffectDirection | null = claim.direction === "up" ? "down" : claim.direction === "down" ? "up" : null;
  if (claim.equivalence) {
    if (affirmed.has("up") || affirmed.has("down")) counter++;
    if (equivalent) support++;
  } else if (claim.comparative) {
    if (equivalent || negated.size > 0) counter++;
    if (opposite && affirmed.has(opposite)) counter++;
    if (affirmed.has(claim.direction)) support++;
  } else if (!claim.negated) {
    if (negated.size > 0) counter++;
    if (opposite && affirmed.has(opposite)) counter++;
    if (claim.direction === "any" ? affirmed.size > 0 : affirmed.has(claim.direction)) support++;
  } else {
    if (claim.direction === "any" ? affirmed.size > 0 : affirmed.has(claim.direction)) counter++;
    if (negated.size > 0) support++;
    if (opposite && affirmed.has(opposite)) support++;
  }
  const stance: SentenceStance = counter > support ? "counter" : support > counter ? "claim" : "neutral";
  return { stance, coverage, result };
}
