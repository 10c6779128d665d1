import { negationCovers as scopeCovers } from "@/lib/text/negation";
import {
  ASSOCIATION_STEMS,
  CAUSE_STEMS,
  PROTECT_STEMS,
  TEMPORAL_STEMS,
  TREAT_STEMS,
  isProtectiveVerb,
  matchesStem,
} from "@/lib/text/relation-cues";
import type { PlacedMention } from "./analyze";
import type { Token } from "./text";

/** How one chemical and one disease relate inside one sentence (closest mention pair, patterns over all pairs). */
export interface SentencePair {
  /** Tokens strictly between the closest chemical and disease mentions (0 when adjacent or overlapping). */
  gap: number;
  chemicalFirst: boolean;
  /** Lower-cased tokens between the closest mentions (at most 20). */
  between: string[];
  cause: boolean;
  association: boolean;
  temporal: boolean;
  protect: boolean;
  treat: boolean;
  /** "X-induced Y", "X induced Y", "X-associated Y", "X-related Y". */
  induced: boolean;
  /** "Y induced by X", "Y caused by X", "Y associated with X", "Y after/following X". */
  byChemical: boolean;
  /** Another chemical sits between the closest mentions (lists, or a different agent). */
  otherChemicalBetween: boolean;
  /** Another chemical of the sentence is the "-induced" agent of this disease. */
  otherInducer: boolean;
  /** The chemical itself is an agent "X-induced …" of something in this sentence. */
  chemicalInducer: boolean;
  negated: boolean;
  /** A protective/therapeutic pattern relates the chemical to the disease (see protectivePattern). */
  treats: boolean;
  /** The cue word that best describes the sentence's relation, or null. */
  cue: string | null;
}

const INDUCED_WORDS = ["induc", "associat", "relat", "caus", "mediat", "evok", "provok", "elicit"];
const BY_WORDS = new Set(["by", "with", "after", "following", "to", "from", "of", "during"]);

function tokenGap(c: PlacedMention, d: PlacedMention): number {
  if (c.tokEnd <= d.tokStart) return d.tokStart - c.tokEnd;
  if (d.tokEnd <= c.tokStart) return c.tokStart - d.tokEnd;
  return 0;
}

/** "X-induced Y": within 2 tokens after the chemical an induced-word, then the disease within 5 tokens. */
function inducedPattern(toks: Token[], c: PlacedMention, d: PlacedMention | null): boolean {
  for (let i = c.tokEnd; i < Math.min(toks.length, c.tokEnd + 2); i++) {
    if (matchesStem(toks[i].lower, INDUCED_WORDS)) return d === null || (d.tokStart > i && d.tokStart - i <= 5);
    if (toks[i].lower !== "-") return false;
  }
  return false;
}

/**
 * Whether a NegEx scope (lib/text/negation.ts: to the right of its trigger, stopped by terminators) covers [from, to).
 */
function negationCovers(toks: Token[], from: number, to: number): boolean {
  return scopeCovers(
    toks.map((t) => t.lower),
    from,
    to,
  );
}

/**
 * Protective/therapeutic pattern between chemical c and disease d (never when c is itself an "-induced" agent),
 * within 12 tokens:
 * chemical first — a protective verb between them ("X prevented Y", "X attenuated Z-induced Y"), after which
 * only another agent's "-induced"/"induced" may appear as a cause word; or "X for/in the treatment of Y",
 * "X to treat Y"; disease first — "Y … was reversed/prevented by X", "treatment of Y with X" with the word
 * within 4 tokens before the chemical, followed by "by" or "with".
 * @returns the cue word, or null.
 */
function protectivePattern(toks: Token[], c: PlacedMention, d: PlacedMention): string | null {
  if (inducedPattern(toks, c, null)) return null;
  if (c.tokEnd <= d.tokStart) {
    if (d.tokStart - c.tokEnd > 12) return null;
    let cue: string | null = null;
    for (let i = c.tokEnd; i < d.tokStart; i++) {
      const w = toks[i].lower;
      const causal = matchesStem(w, CAUSE_STEMS) || matchesStem(w, ASSOCIATION_STEMS);
      if (causal && !(cue && (w === "induced" || toks[i - 1]?.lower === "-"))) return null;
      if (cue) continue;
      if (isProtectiveVerb(w)) cue = w;
      else if (matchesStem(w, TREAT_STEMS) && ["for", "in", "to", "of"].includes(toks[i - 1]?.lower ?? "")) cue = w;
    }
    return cue;
  }
  if (c.tokStart - d.tokEnd > 12) return null;
  // "treatment of Y with X": only the explicit form; "Y in patients treated with X" reports an adverse effect.
  const before = toks.slice(Math.max(0, d.tokStart - 2), d.tokStart).map((t) => t.lower);
  const mid = toks.slice(d.tokEnd, c.tokStart).map((t) => t.lower);
  if (
    before[1] === "of" &&
    matchesStem(before[0] ?? "", TREAT_STEMS) &&
    mid.includes("with") &&
    !mid.some((w) => matchesStem(w, CAUSE_STEMS))
  )
    return before[0];
  const from = Math.max(d.tokEnd, c.tokStart - 4);
  for (let i = from; i < c.tokStart; i++) {
    const w = toks[i].lower;
    if (isProtectiveVerb(w) && toks.slice(i + 1, c.tokStart).some((t) => t.lower === "by" || t.lower === "with"))
      return w;
  }
  return null;
}

/**
 * Relates a chemical's and a disease's mentions within one sentence.
 * @param toks the sentence's tokens; chem/dis: their mentions in it (non-empty); others: the sentence's other mentions.
 */
export function relateInSentence(
  toks: Token[],
  chem: PlacedMention[],
  dis: PlacedMention[],
  others: PlacedMention[],
): SentencePair {
  let best: [PlacedMention, PlacedMention] = [chem[0], dis[0]];
  for (const c of chem) for (const d of dis) if (tokenGap(c, d) < tokenGap(best[0], best[1])) best = [c, d];
  const [c, d] = best;
  const chemicalFirst = c.tokStart <= d.tokStart;
  const lo = Math.min(c.tokEnd, d.tokEnd);
  const hi = Math.max(c.tokStart, d.tokStart);
  const between = toks
    .slice(lo, hi)
    .slice(0, 20)
    .map((t) => t.lower);
  const has = (stems: readonly string[]) => between.some((w) => matchesStem(w, stems));
  let induced = false,
    byChemical = false,
    treatsCue: string | null = null,
    negatedAll = true;
  for (const cm of chem) {
    for (const dm of dis) {
      if (inducedPattern(toks, cm, dm)) induced = true;
      if (dm.tokEnd <= cm.tokStart && cm.tokStart - dm.tokEnd <= 14) {
        const mid = toks.slice(dm.tokEnd, cm.tokStart).map((t) => t.lower);
        const near = toks.slice(Math.max(dm.tokEnd, cm.tokStart - 3), cm.tokStart).map((t) => t.lower);
        const causal = mid.some(
          (w) => matchesStem(w, CAUSE_STEMS) || matchesStem(w, ASSOCIATION_STEMS) || matchesStem(w, TEMPORAL_STEMS),
        );
        if (causal && near.some((w) => BY_WORDS.has(w)) && !mid.some((w) => matchesStem(w, PROTECT_STEMS)))
          byChemical = true;
      }
      treatsCue ??= protectivePattern(toks, cm, dm);
      const from = Math.min(cm.tokStart, dm.tokStart);
      const to = Math.max(cm.tokEnd, dm.tokEnd);
      if (!negationCovers(toks, from, to)) negatedAll = false;
    }
  }
  const otherChems = others.filter((m) => m.type === "chemical");
  const otherInducer = otherChems.some((o) => dis.some((dm) => inducedPattern(toks, o, dm)));
  const chemicalInducer = chem.some((cm) => inducedPattern(toks, cm, null));
  const otherChemicalBetween = otherChems.some((o) => o.tokStart >= lo && o.tokEnd <= hi);
  const cause = has(CAUSE_STEMS);
  const treats = treatsCue !== null && !negatedAll;
  const cueWord = treats
    ? treatsCue
    : induced
      ? "induced"
      : (between.find((w) => matchesStem(w, CAUSE_STEMS) || matchesStem(w, ASSOCIATION_STEMS)) ?? null);
  return {
    gap: tokenGap(c, d),
    chemicalFirst,
    between,
    cause,
    association: has(ASSOCIATION_STEMS),
    temporal: has(TEMPORAL_STEMS),
    protect: has(PROTECT_STEMS),
    treat: has(TREAT_STEMS),
    induced,
    byChemical,
    otherChemicalBetween,
    otherInducer,
    chemicalInducer,
    negated: negatedAll,
    treats,
    cue: cueWord,
  };
}
