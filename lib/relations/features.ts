import { commonName, type DocAnalysis, type PlacedMention } from "./analyze";
import { PATTERN_FEATURES, patternFeatures } from "./patterns";
import { diseaseAsPopulation, indicationPattern, inList } from "./roles";
import { relateInSentence, type SentencePair } from "./sentence-pair";

/** Counts behind a prior: [pairs labelled CID, pairs seen] in the training documents. */
export type PriorCounts = readonly [cid: number, seen: number];

/**
 * Looks up training-set counts for a chemical ID, a disease ID or a "chemical|disease" pair. Training passes a
 * leave-one-document-out lookup so that a document's own labels never feed its features.
 */
export type PriorLookup = (kind: "chemical" | "disease" | "pair" | "dominance", key: string) => PriorCounts;

/** What feature extraction needs besides the document: the priors and the learned context vocabulary. */
export interface FeatureContext {
  prior: PriorLookup;
  /**
   * Context words with a weight of their own, as "b:word" (between), "c:word" (around chemical), "d:word"
   * (around disease), "h:word" (last word of a disease mention).
   */
  vocabulary: ReadonlySet<string>;
}

/** The pair's analysis beside its features, for predictions (sentences, cues, negation). */
export interface PairAnalysis {
  features: Map<string, number>;
  coSentences: Array<{ index: number; pair: SentencePair }>;
  chemical: string;
  disease: string;
}

/** Names of the engineered (non-vocabulary) features, in weight order. */
export const ENGINEERED_FEATURES = [
  "bias",
  "co_sentence",
  "co_count_2",
  "co_count_3plus",
  "co_title",
  "sent_dist_1",
  "sent_dist_2",
  "sent_dist_3plus",
  "chem_in_title",
  "dis_in_title",
  "both_in_title",
  "chem_count_log",
  "dis_count_log",
  "chem_most_frequent",
  "dis_most_frequent",
  "chem_only",
  "dis_only",
  "chem_first",
  "dis_first",
  "n_chem_log",
  "n_dis_log",
  "gap_0_2",
  "gap_3_5",
  "gap_6_10",
  "gap_11_20",
  "gap_21plus",
  "chem_before_dis",
  "cue_cause",
  "cue_association",
  "cue_temporal",
  "cue_protect",
  "cue_treat",
  "pattern_induced",
  "pattern_by_chemical",
  "other_chem_between",
  "other_inducer",
  "chem_inducer_here",
  "chem_inducer_doc",
  "dis_induced_doc",
  "negated_all",
  "negated_any",
  "treats",
  "nearest_chem",
  "nearest_dis",
  "dis_more_specific_exists",
  "dis_less_specific_exists",
  "chem_prior_rate",
  "chem_prior_seen",
  "dis_prior_rate",
  "dis_prior_seen",
  "pair_prior_rate",
  "pair_prior_cid",
  "pair_prior_seen",
  "title_cue_induced",
  "abstract_last_co",
  "co_sentence_no_cue",
  "chem_share",
  "dis_share",
  "chem_rank_2",
  "chem_rank_3plus",
  "dis_rank_2",
  "dis_rank_3plus",
  "top_dis_for_chem",
  "top_chem_for_dis",
  "main_chem_and_main_dis",
  "no_co_and_both_main",
  "no_co_and_title_chem",
  "co_and_prior_cid",
  "co_and_title_chem",
  "induced_and_nearest",
  "dis_as_population",
  "chem_in_list",
  "dis_in_list",
  "pattern_indication",
  "dis_dominated",
  "dis_dominated_strong",
  "dis_dominates",
  ...PATTERN_FEATURES,
] as const;

const CONTEXT = 2;

/** The yes/no facts of a sentence pair (sentence-pair.ts). */
type PairFlag = { [K in keyof SentencePair]: SentencePair[K] extends boolean ? K : never }[keyof SentencePair];

/** The facts of a co-occurrence sentence that are features as they stand, each with its feature (set in this order). */
const PAIR_FLAG_FEATURES: ReadonlyArray<readonly [PairFlag, (typeof ENGINEERED_FEATURES)[number]]> = [
  ["chemicalFirst", "chem_before_dis"],
  ["cause", "cue_cause"],
  ["association", "cue_association"],
  ["temporal", "cue_temporal"],
  ["protect", "cue_protect"],
  ["treat", "cue_treat"],
  ["induced", "pattern_induced"],
  ["byChemical", "pattern_by_chemical"],
  ["otherChemicalBetween", "other_chem_between"],
  ["otherInducer", "other_inducer"],
  ["chemicalInducer", "chem_inducer_here"],
  ["negated", "negated_any"],
  ["treats", "treats"],
];

function gapBucket(gap: number): string {
  return gap <= 2 ? "gap_0_2" : gap <= 5 ? "gap_3_5" : gap <= 10 ? "gap_6_10" : gap <= 20 ? "gap_11_20" : "gap_21plus";
}

function rate([cid, seen]: PriorCounts): number {
  return (cid + 0.5) / (seen + 2);
}

/** Words around a mention in its sentence (CONTEXT tokens each side). */
function around(a: DocAnalysis, m: PlacedMention): string[] {
  const toks = a.tokens[m.sentence];
  return [
    ...toks.slice(Math.max(0, m.tokStart - CONTEXT), m.tokStart),
    ...toks.slice(m.tokEnd, m.tokEnd + CONTEXT),
  ].map((t) => t.lower);
}

/** Every context word of a pair as "b:", "c:", "d:" and "h:" keys (vocabulary candidates and features). */
export function contextWords(
  a: DocAnalysis,
  chem: PlacedMention[],
  dis: PlacedMention[],
  co: SentencePair[],
): Set<string> {
  const words = new Set<string>();
  for (const p of co) if (p.gap <= 15) for (const w of p.between) words.add(`b:${w}`);
  for (const m of chem) for (const w of around(a, m)) words.add(`c:${w}`);
  for (const m of dis) for (const w of around(a, m)) words.add(`d:${w}`);
  // Head (last word) of the disease's mentions: generalises priors to unseen IDs ("… toxicity", "… hypotension").
  for (const m of dis) {
    const head = m.text.toLowerCase().match(/[a-z0-9]+$/)?.[0];
    if (head) words.add(`h:${head}`);
  }
  return words;
}

/** Whether some other disease of the document has a mention whose text strictly contains `inner` as whole words. */
function containsOther(a: DocAnalysis, selfId: string, inner: string[], outerOf: "other" | "self"): boolean {
  for (const [id, ms] of a.diseases) {
    if (id === selfId) continue;
    for (const m of ms) {
      const other = m.text.toLowerCase();
      for (const t of inner) {
        const [outer, small] = outerOf === "other" ? [other, t] : [t, other];
        if (
          outer.length > small.length &&
          new RegExp(`\\b${small.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`).test(outer)
        )
          return true;
      }
    }
  }
  return false;
}

/**
 * Features of one chemical × disease pair of an analysed document (binary or scaled to about 0–1).
 * Engineered features are named in ENGINEERED_FEATURES; context words in ctx.vocabulary add "b:", "c:", "d:" keys.
 * @returns null when the document has no mention of either concept.
 */
export function pairFeatures(a: DocAnalysis, chemId: string, disId: string, ctx: FeatureContext): PairAnalysis | null {
  const chem = a.chemicals.get(chemId);
  const dis = a.diseases.get(disId);
  if (!chem?.length || !dis?.length) return null;
  const f = new Map<string, number>([["bias", 1]]);
  const on = (name: string, value = 1) => {
    if (value) f.set(name, Math.max(f.get(name) ?? 0, value));
  };
  const coSentences: Array<{ index: number; pair: SentencePair }> = [];
  const chemSentences = new Set(chem.map((m) => m.sentence));
  const disSentences = new Set(dis.map((m) => m.sentence));
  for (const s of [...chemSentences].sort((x, y) => x - y)) {
    if (!disSentences.has(s)) continue;
    const inS = a.bySentence[s];
    const cs = chem.filter((m) => m.sentence === s);
    const ds = dis.filter((m) => m.sentence === s);
    const others = inS.filter((m) => m.id !== chemId && m.id !== disId);
    coSentences.push({ index: s, pair: relateInSentence(a.tokens[s], cs, ds, others) });
  }
  const hasTitle = a.titleLength > 0;
  const pairs = coSentences.map((c) => c.pair);
  if (pairs.length) {
    on("co_sentence");
    if (pairs.length === 2) on("co_count_2");
    if (pairs.length >= 3) on("co_count_3plus");
    if (hasTitle && coSentences[0].index === 0) on("co_title");
    if (coSentences[coSentences.length - 1].index === a.sentences.length - 1) on("abstract_last_co");
    on(gapBucket(Math.min(...pairs.map((p) => p.gap))));
    for (const p of pairs) {
      for (const [flag, feature] of PAIR_FLAG_FEATURES) if (p[flag]) on(feature);
      if (!p.cause && !p.association && !p.temporal && !p.induced) on("co_sentence_no_cue");
    }
    if (pairs.every((p) => p.negated)) on("negated_all");
    if (hasTitle && coSentences[0].index === 0 && pairs[0].induced) on("title_cue_induced");
    // Nearest: in some shared sentence no other chemical (disease) is closer to this disease (chemical).
    for (const { index } of coSentences) {
      const inS = a.bySentence[index];
      const dist = (x: PlacedMention, y: PlacedMention) => Math.abs(x.tokStart - y.tokStart);
      const cs = chem.filter((m) => m.sentence === index);
      const ds = dis.filter((m) => m.sentence === index);
      const own = Math.min(...cs.flatMap((c) => ds.map((d) => dist(c, d))));
      const otherC = inS.filter((m) => m.type === "chemical" && m.id !== chemId);
      const otherD = inS.filter((m) => m.type === "disease" && m.id !== disId);
      if (otherC.every((o) => ds.every((d) => dist(o, d) >= own))) on("nearest_chem");
      if (otherD.every((o) => cs.every((c) => dist(c, o) >= own))) on("nearest_dis");
    }
  } else {
    let best = Infinity;
    for (const c of chemSentences) for (const d of disSentences) best = Math.min(best, Math.abs(c - d));
    on(best <= 1 ? "sent_dist_1" : best === 2 ? "sent_dist_2" : "sent_dist_3plus");
  }
  const chemInTitle = hasTitle && chemSentences.has(0);
  const disInTitle = hasTitle && disSentences.has(0);
  if (chemInTitle) on("chem_in_title");
  if (disInTitle) on("dis_in_title");
  if (chemInTitle && disInTitle) on("both_in_title");
  on("chem_count_log", Math.min(1, Math.log2(1 + chem.length) / 4));
  on("dis_count_log", Math.min(1, Math.log2(1 + dis.length) / 4));
  const maxChem = Math.max(...[...a.chemicals.values()].map((l) => l.length));
  const maxDis = Math.max(...[...a.diseases.values()].map((l) => l.length));
  if (chem.length === maxChem) on("chem_most_frequent");
  if (dis.length === maxDis) on("dis_most_frequent");
  if (a.chemicals.size === 1) on("chem_only");
  if (a.diseases.size === 1) on("dis_only");
  const firstOf = (g: Map<string, PlacedMention[]>) =>
    [...g.entries()].sort((x, y) => x[1][0].start - y[1][0].start)[0]?.[0];
  if (firstOf(a.chemicals) === chemId) on("chem_first");
  if (firstOf(a.diseases) === disId) on("dis_first");
  on("n_chem_log", Math.min(1, Math.log2(a.chemicals.size) / 4));
  on("n_dis_log", Math.min(1, Math.log2(a.diseases.size) / 4));
  // Prominence: share of mentions and frequency rank among the document's chemicals (diseases).
  const chemCounts = [...a.chemicals.values()].map((l) => l.length);
  const disCounts = [...a.diseases.values()].map((l) => l.length);
  const sum = (xs: number[]) => xs.reduce((x, y) => x + y, 0);
  on("chem_share", chem.length / sum(chemCounts));
  on("dis_share", dis.length / sum(disCounts));
  const chemRank = 1 + chemCounts.filter((n) => n > chem.length).length;
  const disRank = 1 + disCounts.filter((n) => n > dis.length).length;
  if (chemRank === 2) on("chem_rank_2");
  if (chemRank >= 3) on("chem_rank_3plus");
  if (disRank === 2) on("dis_rank_2");
  if (disRank >= 3) on("dis_rank_3plus");
  // Competition: is this the disease sharing most sentences with the chemical (and vice versa)?
  const shared = (cs: PlacedMention[], ds: PlacedMention[]) => {
    const s1 = new Set(cs.map((m) => m.sentence));
    return new Set(ds.filter((m) => s1.has(m.sentence)).map((m) => m.sentence)).size;
  };
  const own = pairs.length;
  if (own > 0 && [...a.diseases].every(([id, ms]) => id === disId || shared(chem, ms) <= own)) on("top_dis_for_chem");
  if (own > 0 && [...a.chemicals].every(([id, ms]) => id === chemId || shared(ms, dis) <= own)) on("top_chem_for_dis");
  const mainChem = chemRank === 1;
  const mainDis = disRank === 1;
  if (mainChem && mainDis) on("main_chem_and_main_dis");
  if (!own && mainChem && mainDis) on("no_co_and_both_main");
  if (!own && hasTitle && chemSentences.has(0)) on("no_co_and_title_chem");
  if (own && hasTitle && chemSentences.has(0)) on("co_and_title_chem");
  if (f.has("pattern_induced") && f.has("nearest_chem")) on("induced_and_nearest");
  // Doc-level agent/patient roles: the chemical is some "X-induced …" agent, the disease some induced effect.
  const toksOf = (m: PlacedMention) => a.tokens[m.sentence];
  if (
    chem.some((m) => {
      const t = toksOf(m);
      return [m.tokEnd, m.tokEnd + 1].some((i) => t[i] && /^induc/.test(t[i].lower));
    })
  )
    on("chem_inducer_doc");
  if (
    dis.some((m) => {
      const t = toksOf(m);
      return t.slice(Math.max(0, m.tokStart - 4), m.tokStart).some((x) => /^induc/.test(x.lower));
    })
  )
    on("dis_induced_doc");
  patternFeatures(
    a,
    chem,
    dis,
    coSentences.map((c) => c.index),
    on,
  );
  if (diseaseAsPopulation(a, dis)) on("dis_as_population");
  if (inList(a, chem)) on("chem_in_list");
  if (inList(a, dis)) on("dis_in_list");
  if (indicationPattern(a, chem, dis)) on("pattern_indication");
  const disTexts = [...new Set(dis.map((m) => m.text.toLowerCase()))];
  if (containsOther(a, disId, disTexts, "other")) on("dis_more_specific_exists");
  if (containsOther(a, disId, disTexts, "self")) on("dis_less_specific_exists");
  const cp = ctx.prior("chemical", chemId),
    dp = ctx.prior("disease", disId),
    pp = ctx.prior("pair", `${chemId}|${disId}`);
  on("chem_prior_rate", rate(cp));
  on("chem_prior_seen", Math.min(1, Math.log2(1 + cp[1]) / 6));
  on("dis_prior_rate", rate(dp));
  on("dis_prior_seen", Math.min(1, Math.log2(1 + dp[1]) / 6));
  on("pair_prior_rate", pp[1] > 0 ? rate(pp) : 0);
  on("pair_prior_cid", pp[0] > 0 ? 1 : 0);
  on("pair_prior_seen", pp[1] > 0 ? 1 : 0);
  if (own && pp[0] > 0) on("co_and_prior_cid");
  // Dominance: another disease of this document that, in training documents with both, was the annotated one.
  let dominated = 0,
    dominates = 0;
  for (const other of a.diseases.keys()) {
    if (other === disId) continue;
    const [win, both] = ctx.prior("dominance", `${other}>${disId}`);
    const [lose, both2] = ctx.prior("dominance", `${disId}>${other}`);
    if (both >= 2) dominated = Math.max(dominated, win / both);
    if (both2 >= 2) dominates = Math.max(dominates, lose / both2);
  }
  on("dis_dominated", dominated);
  if (dominated >= 0.5) on("dis_dominated_strong");
  on("dis_dominates", dominates);
  for (const w of contextWords(a, chem, dis, pairs)) if (ctx.vocabulary.has(w)) on(w);
  return { features: f, coSentences, chemical: commonName(chem), disease: commonName(dis) };
}
