import type { RecordStance } from "@/lib/reading/stance";
import { readsAsClaim } from "@/lib/reading/claim";
import { stanceBalance, verdictOf, type Verdict, type WeightedStance } from "@/lib/reading/verdict";

export type { Verdict } from "@/lib/reading/verdict";

/**
 * How many records point each way (the evidence meter): yes, possibly, no answer the question; `related` report the
 * relation for a related concept only and `unreported` name both without reporting it (shown, never weighed);
 * `irrelevant` do not bear on the question.
 */
export interface EvidenceMeter {
  yes: number;
  possibly: number;
  no: number;
  related: number;
  unreported: number;
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

/**
 * A question asked for a yes or no: it opens with an auxiliary verb ("Is …", "Does …", "Can …", "Are there …").
 */
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
  const meter: EvidenceMeter = { yes: 0, possibly: 0, no: 0, related: 0, unreported: 0, irrelevant: 0 };
  for (const s of stances) meter[s]++;
  return meter;
}

function records(n: number): string {
  return `${n} record${n === 1 ? "" : "s"}`;
}

/**
 * The meter in words: "of 6 records that bear on the question, 3 point yes, 1 possibly yes and 2 no" (zero counts
 * left out), or "no record bears on the question (40 read)"; records that name both without reporting the effect
 * follow ("4 more name both but do not report it").
 */
export function meterPhrase(m: EvidenceMeter): string {
  const bearing = m.yes + m.possibly + m.no;
  const silent =
    m.unreported > 0 ? `; ${m.unreported} ${bearing > 0 ? "more " : ""}name both but do not report it` : "";
  const read = m.irrelevant + m.related + m.unreported + bearing;
  if (bearing === 0) return `no record bears on the question (${records(read)} read)${silent}`;
  const parts = [
    m.yes > 0 ? `${m.yes} point yes` : "",
    m.possibly > 0 ? `${m.possibly} possibly yes` : "",
    m.no > 0 ? `${m.no} no` : "",
  ].filter(Boolean);
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
  return `of ${records(bearing)} that ${bearing === 1 ? "bears" : "bear"} on the question, ${list}${silent}`;
}

/** Related concepts named in the bottom line, at most. Source: our choice (a sentence stays readable). */
const MAX_RELATED_NAMED = 3;

/**
 * The related evidence in words, from the records read as "related": "no record reports pulmonary fibrosis itself;
 * 3 report amiodarone and a related condition (pneumonitis, pulmonary toxicity; under Lung Diseases)", or, beside
 * records that answer, "2 more report a related condition (…), counted apart". Null when no record is related.
 */
export function relatedPhrase(stances: WeightedStance[], answering: number): string | null {
  const related = stances.filter((s) => s.stance === "related");
  if (related.length === 0) return null;
  const matches = related.flatMap((s) => (s.match ?? []).filter((m) => m.kind === "broader" || m.kind === "related"));
  const unique = (xs: string[]) => xs.filter((x, i) => xs.findIndex((y) => y.toLowerCase() === x.toLowerCase()) === i);
  const names = unique(matches.map((m) => m.written)).slice(0, MAX_RELATED_NAMED);
  const vias = unique(matches.flatMap((m) => (m.via ? [m.via] : [])));
  const role = matches.every((m) => m.role === "chemical") ? "drug" : "condition";
  const under = vias.length > 0 ? `; under ${vias.join(", ")}` : "";
  const what = `a related ${role}${names.length > 0 ? ` (${names.join(", ")}${under})` : ""}`;
  const n = records(related.length).replace(/ records?$/, "");
  if (answering > 0) return `${n} more ${related.length === 1 ? "reports" : "report"} ${what}, counted apart`;
  const asked = matches.find((m) => m.role === "condition")?.asked ?? matches[0]?.asked ?? "the effect asked about";
  const drug = related[0].match?.find((m) => m.role === "chemical")?.written;
  const subject = drug && role === "condition" ? `${drug} and ` : "";
  return `no record reports ${asked} itself; ${n} ${related.length === 1 ? "reports" : "report"} ${subject}${what}`;
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
  /** Why the question is outside the biomedical literature (lib/reading/scope.ts), when it is. */
  outOfScope?: string;
}): BottomLine {
  const meter = meterOf(input.stances.map((s) => s.stance));
  if (input.outOfScope)
    return {
      kind: "open",
      verdict: null,
      candidates: [],
      sentence: `Outside the biomedical literature: ${input.outOfScope}; no record found bears on it.`,
      meter,
    };
  const answering = meter.yes + meter.possibly + meter.no;
  const related = relatedPhrase(input.stances, answering);
  // Related evidence is named where it stands: beside the answering records, or instead of them.
  const counts =
    related && answering === 0
      ? `${related} (${records(input.stances.length)} read).`
      : `${meterPhrase(meter)}${related ? `; ${related}` : ""}.`;
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
  // A claim typed as a question ("Amiodarone causes hypothyroidism.") is answered yes or no, as the question it states.
  if (!YES_NO_FORM.test(input.question) && !readsAsClaim(input.question) && drugs.length > 0) {
    const candidates = drugs.slice(0, MAX_CANDIDATES);
    return {
      kind: "candidates",
      verdict: null,
      candidates,
      sentence: `Top candidates: ${candidates.join(", ")}; ${counts}`,
      meter,
    };
  }
  const outside = answering === 0 && !related ? " The records retrieved cannot answer this question." : "";
  if (OPEN_FORM.test(input.question)) {
    const total = input.stances.length;
    const sentence =
      answering === 0
        ? related
          ? `Open question: ${counts}`
          : `Open question: no record bears on it (${records(total)} read).${outside}`
        : `Open question: ${answering} of ${records(total)} bear on it; the report quotes what they found.`;
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
