import { answers, type ConceptMatch, type RecordStance } from "./stance";

/** The five-point verdict of a yes/no question. */
export type Verdict = "yes" | "probably yes" | "unclear" | "probably no" | "no";

/** One record's stance with how strongly it bears on the question (0–1, see StanceReading) and how it was read. */
export interface WeightedStance {
  stance: RecordStance;
  bearing: number;
  method?: "relation-model" | "finding-cues" | "not-read";
  /** The concepts the reading rests on (lib/reading/stance.ts), which name related evidence in the bottom line. */
  match?: ConceptMatch[];
}

/**
 * How records are weighed into a verdict: a record's value is 1 for yes, −1 for no, and for possibly `possibly` (a
 * finding-cue reading: hedged findings) or `possiblyRelation` (the relation model is unsure); its
 * weight is bearing^`bearingPower` (the records closest to the question count most); the balance b = Σ w·v / Σ w in
 * [−1, 1] gives yes ≥ `yes`, probably yes ≥ `probablyYes`, unclear > `probablyNo`, probably no > `no`, else no;
 * "unclear" as well when no record bears on the question.
 */
export interface VerdictWeights {
  possibly: number;
  possiblyRelation: number;
  bearingPower: number;
  yes: number;
  probablyYes: number;
  probablyNo: number;
  no: number;
}

/**
 * The weights in use. Source: tuned together with the relation thresholds (lib/reading/record.ts) on a balanced set
 * of CDR_DevelopmentSet pairs asked as questions (CID and co-occurring non-CID pairs, read by the relation model
 * fitted on the training set alone) and PubMedQA's even PMIDs; never on the CDR test split or PubMedQA's odd PMIDs
 * (scripts/calibrate-reading.ts). A hedged finding alone (0.5) is "probably yes", as tuned on PubMedQA; a record the
 * relation model is unsure of alone (0.1) is "unclear"; one "no" against one "yes" is unclear.
 */
export const VERDICT_WEIGHTS: VerdictWeights = {
  possibly: 0.5,
  possiblyRelation: 0.1,
  bearingPower: 4,
  yes: 0.6,
  probablyYes: 0.2,
  probablyNo: -0.2,
  no: -0.6,
};

/**
 * The balance of the records answering the question (yes, possibly, no; see {@link VerdictWeights}), or null when
 * none does: related evidence and records that do not report the effect are shown, never weighed.
 */
export function stanceBalance(stances: WeightedStance[], w: VerdictWeights = VERDICT_WEIGHTS): number | null {
  let sum = 0;
  let weight = 0;
  for (const s of stances) {
    if (!answers(s.stance)) continue;
    const x = s.bearing ** w.bearingPower;
    sum +=
      x *
      (s.stance === "yes"
        ? 1
        : s.stance === "no"
          ? -1
          : s.method === "relation-model"
            ? w.possiblyRelation
            : w.possibly);
    weight += x;
  }
  return weight === 0 ? null : sum / weight;
}

/**
 * The five-point verdict of a balance (see {@link VerdictWeights}); null (no record bears on the question) is unclear.
 */
export function verdictOf(b: number | null, w: VerdictWeights = VERDICT_WEIGHTS): Verdict {
  if (b === null) return "unclear";
  if (b >= w.yes) return "yes";
  if (b >= w.probablyYes) return "probably yes";
  if (b > w.probablyNo) return "unclear";
  if (b > w.no) return "probably no";
  return "no";
}

/**
 * A claim's verdict from the verdict on its proposition: yes / probably yes → supports, no / probably no →
 * contradicts, unclear → undecided.
 */
export function claimVerdictOf(v: Verdict): "supports" | "contradicts" | "undecided" {
  if (v === "yes" || v === "probably yes") return "supports";
  if (v === "no" || v === "probably no") return "contradicts";
  return "undecided";
}
