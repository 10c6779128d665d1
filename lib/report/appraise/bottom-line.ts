import type { RecordStance } from "@/lib/reading/stance";
import { stanceBalance, verdictOf, type Verdict, type WeightedStance } from "@/lib/reading/verdict";

export type { Verdict } from "@/lib/reading/verdict";

/** How many records point each way (the evidence meter). */
export interface EvidenceMeter {
  yes: number;
  possibly: number;
  no: number;
  irrelevant: number;
}

/**
 * The bottom line of a research report, shown above its executive summary and carried in `--json` and every export:
 * - `kind`: "yes-no" for a question answered yes or no, "candidates" for an open question (which drugs …?) with
 *   drug candidates, "open" for any other question not asked for a yes or no ("Which drugs were tested in trials, and
 *   with what results?" when no candidate could be named): a yes/no verdict would answer a question nobody asked;
 * - `verdict`: the five-point verdict of a yes/no question, null otherwise;
 * - `candidates`: the report's top drug candidates for an open question (at most {@link MAX_CANDIDATES}), else [];
 * - `sentence`: the one-sentence answer, naming the counts it rests on;
 * - `meter`: records pointing yes / possibly / no, and those that do not bear on the question.
 */
export interface BottomLine {
  kind: "yes-no" | "candidates" | "open";
  verdict: Verdict | null;
  candidates: string[];
  sentence: string;
  meter: EvidenceMeter;
}

/** Top candidates named by an open question's bottom line. Source: our choice (a sentence stays readable). */
export const MAX_CANDIDATES = 3;

/** A question asked for a yes or no: it opens with an auxiliary verb ("Is …", "Does …", "Can …", "Are there …"). */
const YES_NO_FORM = /^\s*(?:is|are|does|do|did|can|could|will|would|may|might|should|has|have|was|were|shall|must)\b/i;

/**
 * A question that asks which, what or how, not whether ("Which drugs were tested in trials, and with what results?").
 * A question in neither form ("Laparoscopic surgery in the elderly: is it safe?") is read as yes/no.
 */
const OPEN_FORM = /^\s*(?:which|what|how|why|where|when|who|whom|whose|list|name)\b/i;

/** Candidates listed apart from the drugs that cause a condition in patients (see the extractive judge). */
const EXPERIMENTAL = /\(experimental inducer\)$/;

/** Counts stances into a meter. */
export function meterOf(stances: RecordStance[]): EvidenceMeter {
  const meter: EvidenceMeter = { yes: 0, possibly: 0, no: 0, irrelevant: 0 };
  for (const s of stances) meter[s]++;
  return meter;
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
  const parts = [
    m.yes > 0 ? `${m.yes} point yes` : "",
    m.possibly > 0 ? `${m.possibly} possibly yes` : "",
    m.no > 0 ? `${m.no} no` : "",
  ].filter(Boolean);
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
 * The bottom line of a report from the stances of the run's records with their bearing (lib/reading readEvidence) and
 * the report's drug candidates. An open question (not in yes/no form, with candidates) gets its top candidates that
 * cause or treat the condition in patients (experimental inducers are left to the report); any other question a
 * verdict on the five-point scale (lib/reading/verdict.ts). When no record bears on the question, the sentence says
 * that the records cannot answer it. A report that says the evidence does not answer the question (`notAnswered`)
 * gets "unclear", saying so. Pure; the same on the server, in exports and on the page.
 * Example: "Probably yes: of 6 records that bear on the question, 3 point yes, 1 possibly yes and 2 no."
 */
export function bottomLine(input: {
  question: string;
  stances: WeightedStance[];
  drugCandidates: string[];
  notAnswered?: boolean;
}): BottomLine {
  const meter = meterOf(input.stances.map((s) => s.stance));
  const counts = `${meterPhrase(meter)}.`;
  if (input.notAnswered) {
    return {
      kind: "yes-no",
      verdict: "unclear",
      candidates: [],
      sentence: `Unclear: the report finds that the evidence retrieved does not answer this question; ${counts}`,
      meter,
    };
  }
  const drugs = input.drugCandidates.filter((c) => !EXPERIMENTAL.test(c));
  if (!YES_NO_FORM.test(input.question) && drugs.length > 0) {
    const candidates = drugs.slice(0, MAX_CANDIDATES);
    return {
      kind: "candidates",
      verdict: null,
      candidates,
      sentence: `Top candidates: ${candidates.join(", ")}; ${counts}`,
      meter,
    };
  }
  const outside =
    meter.yes + meter.possibly + meter.no === 0 ? " The records retrieved cannot answer this question." : "";
  if (OPEN_FORM.test(input.question)) {
    const bearing = meter.yes + meter.possibly + meter.no;
    const total = bearing + meter.irrelevant;
    const sentence =
      bearing === 0
        ? `Open question: no record bears on it (${records(total)} read).${outside}`
        : `Open question: ${bearing} of ${records(total)} bear on it; the report quotes what they found.`;
    return { kind: "open", verdict: null, candidates: [], sentence, meter };
  }
  const verdict = verdictOf(stanceBalance(input.stances));
  return {
    kind: "yes-no",
    verdict,
    candidates: [],
    sentence: `${VERDICT_SENTENCES[verdict]}: ${counts}${outside}`,
    meter,
  };
}
