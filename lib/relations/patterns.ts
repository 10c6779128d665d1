import type { DocAnalysis, PlacedMention } from "./analyze";

/**
 * Sentence patterns that state a chemical as the agent of a disease, read on the mentions of one pair in the
 * sentences they share. They complement sentence-pair.ts (cue words anywhere between the closest mentions) with
 * word order: the cue must sit between this chemical and this disease, with no other disease between them.
 * Word lists: our reading of BC5CDR training abstracts; kept when they raised held-out CDR_DevelopmentSet F1.
 */

/** Verbs of causation between "X … Y" ("X produced Y", "X increased the incidence of Y", "X led to Y"). */
const CAUSE_VERB = new RegExp(
  "^(?:induc|caus|produc|provok|elicit|precipitat|trigger|evok|result|lead|led|develop|increas|aggravat|" +
    "exacerbat|worsen|promot|enhanc|potentiat)",
);

/** "Y <phrase> X": the disease, then one of these phrases, then the chemical ("hypotension due to captopril"). */
const AGENT_PHRASES = [
  "due to",
  "secondary to",
  "attributed to",
  "attributable to",
  "caused by",
  "induced by",
  "associated with",
  "related to",
  "produced by",
  "elicited by",
  "provoked by",
  "evoked by",
  "triggered by",
  "following",
  "after",
  "during",
  "from",
];

/** Nouns of exposure after a chemical ("Y after cisplatin administration", "Y following cocaine use"). */
const EXPOSURE_NOUN = new RegExp(
  "^(?:administration|therapy|treatment|use|injection|infusion|ingestion|exposure|intake|overdose|dose|doses|" +
    "dosing|abuse|withdrawal|challenge|consumption|poisoning|medication)$",
);

/** Induction words after "X-" ("X-induced", "X-associated", "X-related", "X-mediated"). */
const DASH_AGENT = /^(?:induc|associat|relat|caus|mediat|evok|provok|elicit)/;

/** Words after a chemical that name its own harm ("lithium toxicity", "cocaine abuse", "paracetamol overdose"). */
const HARM_NOUN = new RegExp(
  "^(?:toxicity|toxicities|poisoning|intoxication|overdose|abuse|neurotoxicity|cardiotoxicity|nephrotoxicity|" +
    "hepatotoxicity|ototoxicity)$",
);

/** Opening words of a conclusion sentence ("CONCLUSIONS:", "These results …"). */
const CONCLUSION_OPENING =
  /^(?:conclusion|conclusions|in conclusion|these results|our results|these data|these findings|we conclude)/;

/** Names of the pattern features, in weight order (appended to the engineered features). */
export const PATTERN_FEATURES = [
  "p_x_verb_y",
  "p_x_verb_y_close",
  "p_x_dash_induced_y",
  "p_xy_adjacent",
  "p_y_by_x",
  "p_y_by_x_close",
  "p_y_after_x_admin",
  "p_title_pattern",
  "p_any",
  "p_multi",
  "chem_harm_word",
  "s_only_pair",
  "s_conclusion_co",
] as const;

type On = (name: (typeof PATTERN_FEATURES)[number]) => void;

/** Pattern features of one shared sentence's mention pair (c, d); returns whether any agent pattern matched. */
function mentionPair(toks: string[], inSentence: PlacedMention[], c: PlacedMention, d: PlacedMention, on: On): boolean {
  const othersIn = (lo: number, hi: number) =>
    inSentence.filter((m) => m.tokStart >= lo && m.tokEnd <= hi && m.id !== c.id && m.id !== d.id);
  let found = false;
  if (d.tokEnd <= c.tokStart) {
    const mid = toks.slice(d.tokEnd, c.tokStart);
    if (mid.length <= 6 && !othersIn(d.tokEnd, c.tokStart).some((m) => m.type === "disease")) {
      const text = ` ${mid.join(" ")} `;
      if (AGENT_PHRASES.some((p) => text.includes(` ${p} `))) {
        on("p_y_by_x");
        if (mid.length <= 3) on("p_y_by_x_close");
        found = true;
      }
    }
    const after = toks.slice(c.tokEnd, c.tokEnd + 2);
    if (
      mid.length <= 8 &&
      after.some((w) => EXPOSURE_NOUN.test(w)) &&
      mid.some((w) => /^(?:after|following|during|with|by|from|to)$/.test(w))
    ) {
      on("p_y_after_x_admin");
      found = true;
    }
  } else if (c.tokEnd <= d.tokStart) {
    const mid = toks.slice(c.tokEnd, d.tokStart);
    if (mid.length === 0) {
      on("p_xy_adjacent");
      found = true;
    }
    if (mid.length <= 6 && othersIn(c.tokEnd, d.tokStart).length === 0 && mid.some((w) => CAUSE_VERB.test(w))) {
      on("p_x_verb_y");
      if (mid.length <= 3) on("p_x_verb_y_close");
      found = true;
    }
    if (mid.length === 2 && mid[0] === "-" && DASH_AGENT.test(mid[1])) on("p_x_dash_induced_y");
  }
  return found;
}

/**
 * Pattern features of a chemical × disease pair: for each sentence both share (indices into a.sentences), the agent
 * patterns of {@link PATTERN_FEATURES} over every pair of their mentions; "p_any"/"p_multi" when one / two or more
 * sentences have one, "p_title_pattern" when the title has one; "s_only_pair" when a shared sentence names no other
 * chemical or disease; "s_conclusion_co" when a shared sentence opens a conclusion; "chem_harm_word" when a mention
 * of the chemical is followed by a harm noun ("lithium toxicity").
 * @param on sets a binary feature.
 */
export function patternFeatures(
  a: DocAnalysis,
  chem: PlacedMention[],
  dis: PlacedMention[],
  shared: number[],
  on: On,
): void {
  let withPattern = 0;
  for (const index of shared) {
    const toks = a.tokens[index].map((t) => t.lower);
    const inSentence = a.bySentence[index];
    let found = false;
    for (const c of chem) {
      if (c.sentence !== index) continue;
      for (const d of dis) if (d.sentence === index && mentionPair(toks, inSentence, c, d, on)) found = true;
    }
    if (found) {
      withPattern++;
      if (index === 0 && a.titleLength > 0) on("p_title_pattern");
    }
    const ids = (type: PlacedMention["type"]) =>
      new Set(inSentence.filter((m) => m.type === type).map((m) => m.id)).size;
    if (ids("chemical") === 1 && ids("disease") === 1) on("s_only_pair");
    if (CONCLUSION_OPENING.test(toks.slice(0, 3).join(" "))) on("s_conclusion_co");
  }
  if (withPattern >= 1) on("p_any");
  if (withPattern >= 2) on("p_multi");
  if (chem.some((m) => HARM_NOUN.test(a.tokens[m.sentence][m.tokEnd]?.lower ?? ""))) on("chem_harm_word");
}
