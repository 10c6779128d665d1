import type { RecordStance } from "./record-stance";

/** The five-point verdict of a yes/no question (issue 13 §1). */
export type Verdict = "yes" | "probably yes" | "unclear" | "probably no" | "no";

/** How many records point each way (the evidence meter). */
export interface EvidenceMeter {
  yes: number;
  possibly: number;
  no: number;
  irrelevant: number;
}

/**
 * The bottom line of a research report, shown above its executive summary and carried in `--json` and every export:
 * - `kind`: "yes-no" for a question answered yes or no, "candidates" for an open question (which drugs …?);
 * - `verdict`: the five-point verdict of a yes/no question, null for an open question;
 * - `candidates`: the report's top drug candidates for an open question (at most {@link MAX_CANDIDATES}), else [];
 * - `sentence`: the one-sentence answer, naming the counts it rests on;
 * - `meter`: records pointing yes / possibly / no, and those that do not bear on the question.
 */
export interface BottomLine {
  kind: "yes-no" | "candidates";
  verdict: Verdict | null;
  candidates: string[];
  sentence: string;
  meter: EvidenceMeter;
}

/** Top candidates named by an open question's bottom line. Source: our choice (a sentence stays readable). */
export const MAX_CANDIDATES = 3;

/**
 * Verdict thresholds on the balance of the records bearing on the question, b = Σ w·v / Σ w in [−1, 1], where v is
 * 1 for yes, ½ for possibly and −1 for no, and w = bearing^{@link BEARING_POWER} (the records closest to the question
 * count most): yes ≥ 0.6, probably yes ≥ 0.2, unclear > −0.2, probably no > −0.6, else no; "unclear" as well when no
 * record bears on the question. Source: tuned on PubMedQA PQA-L even-numbered PMIDs (dev split) only, see
 * scripts/eval-pubmedqa.ts; the test split (odd PMIDs) was scored once with these values.
 */
export const VERDICT_THRESHOLDS = { yes: 0.6, probablyYes: 0.2, probablyNo: -0.2, no: -0.6 } as const;

/** Power of a record's bearing in its weight (see {@link VERDICT_THRESHOLDS}); 4 beat 0 and 2 on PubMedQA's dev split. */
export const BEARING_POWER = 4;

/** One record's stance with how strongly it bears on the question (0–1, see readRecordStances). */
export interface WeightedStance {
  stance: RecordStance;
  bearing: number;
}

/** A question asked for a yes or no: it opens with an auxiliary verb ("Is …", "Does …", "Can …", "Are there …"). */
const YES_NO_FORM = /^\s*(?:is|are|does|do|did|can|could|will|would|may|might|should|has|have|was|were|shall|must)\b/i;

/** Counts stances into a meter. */
export function meterOf(stances: RecordStance[]): EvidenceMeter {
  const meter: EvidenceMeter = { yes: 0, possibly: 0, no: 0, irrelevant: 0 };
  for (const s of stances) meter[s]++;
  return meter;
}

const VALUES: Record<Exclude<RecordStance, "irrelevant">, number> = { yes: 1, possibly: 0.5, no: -1 };

/** The balance of the records bearing on the question (see {@link VERDICT_THRESHOLDS}), or null when none does. */
export function stanceBalance(stances: WeightedStance[]): number | null {
  let sum = 0;
  let weight = 0;
  for (const s of stances) {
    if (s.stance === "irrelevant") continue;
    const w = s.bearing ** BEARING_POWER;
    sum += w * VALUES[s.stance];
    weight += w;
  }
  return weight === 0 ? null : sum / weight;
}

/** The five-point verdict of a balance (see {@link VERDICT_THRESHOLDS}); null (no record bears on the question) is unclear. */
export function verdictOf(b: number | null): Verdict {
  if (b === null) return "unclear";
  if (b >= VERDICT_THRESHOLDS.yes) return "yes";
  if (b >= VERDICT_THRESHOLDS.probablyYes) return "probably yes";
  if (b > VERDICT_THRESHOLDS.probablyNo) return "unclear";
  if (b > VERDICT_THRESHOLDS.no) return "probably no";
  return "no";
}

function records(n: number): string {
  return `${n} record${n === 1 ? "" : "s"}`;
}

/**
 * The meter in words: "of 6 records that bear on the question, 3 point yes, 1 possibly yes and 2 no" (zero counts
 * left out), or "no record bears on the question (40 read)".
 */
export function meterPhrase(m: EvidenceMeter): string {
  const bearing = m.yes + m.possibly + m.no;
  if (bearing === 0) return `no record bears on the question (${records(m.irrelevant)} read)`;
  const parts = [m.yes > 0 ? `${m.yes} point yes` : "", m.possibly > 0 ? `${m.possibly} possibly yes` : "", m.no > 0 ? `${m.no} no` : ""].filter(Boolean);
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
  return `of ${records(bearing)} that ${bearing === 1 ? "bears" : "bear"} on the question, ${list}`;
}

const VERDICT_SENTENCES: Record<Verdict, string> = {
  yes: "Yes",
  "probably yes": "Probably yes",
  unclear: "Unclear",
  "probably no": "Probably no",
  no: "No",
};

/**
 * The bottom line of a report from the stances of the run's records with their bearing (see readRecordStances) and the report's drug
 * candidates. An open question (not in yes/no form, with candidates) gets its top candidates; any other question a
 * verdict on the five-point scale. Pure; the same on the server, in exports and on the page.
 * Example: "Probably yes: of 6 records that bear on the question, 3 point yes, 1 possibly yes and 2 no."
 */
export function bottomLine(input: { question: string; stances: WeightedStance[]; drugCandidates: string[] }): BottomLine {
  const meter = meterOf(input.stances.map((s) => s.stance));
  const counts = `${meterPhrase(meter)}.`;
  if (!YES_NO_FORM.test(input.question) && input.drugCandidates.length > 0) {
    const candidates = input.drugCandidates.slice(0, MAX_CANDIDATES);
    return { kind: "candidates", verdict: null, candidates, sentence: `Top candidates: ${candidates.join(", ")}; ${counts}`, meter };
  }
  const verdict = verdictOf(stanceBalance(input.stances));
  return { kind: "yes-no", verdict, candidates: [], sentence: `${VERDICT_SENTENCES[verdict]}: ${counts}`, meter };
}
