import type { DeepPartial } from "ai";
import type { AgentPartial, HypothesisPreview, ReportSectionPreview } from "@/lib/domain/partial";
import { PROSE_FIELD_LABELS } from "@/lib/grounding/prose";
import { stripCitations } from "@/lib/grounding/key-citations";

// The fields of the agents' answers a preview reads, as structural types (HypothesisOutput in ./hypothesis.ts and
// ReportOutput in ./report.ts, which import this file, are checked against them where they pass their partials).

/** What a preview reads of a hypothesis answer. */
interface HypothesisAnswer {
  hypotheses: Array<{
    drug: string;
    target: string;
    pathway: string;
    effect: string;
    confidence: number;
    searchSuggestions: string[];
    links: unknown;
  }>;
  primaryHypothesis: unknown;
}

/** What a preview reads of a report answer. */
interface ReportAnswer {
  title: string;
  executiveSummary: Array<{ text: string }>;
  methodology: string;
  mechanisticFindings: Array<{ text: string }>;
  clinicalFindings: Array<{ text: string }>;
  limitations: string[];
  conclusion: Array<{ text: string }>;
}

/**
 * The hypothesis cards of a partial hypothesis answer: each hypothesis whose drug, target, pathway or effect has
 * begun, its parts so far ("" when not yet written) and its confidence (clamped to 0–1) once given.
 */
export function hypothesesPreview(partial: DeepPartial<HypothesisAnswer>): AgentPartial {
  const hypotheses: HypothesisPreview[] = [];
  for (const h of partial.hypotheses ?? []) {
    if (!h) continue;
    const card = { drug: h.drug ?? "", target: h.target ?? "", pathway: h.pathway ?? "", effect: h.effect ?? "" };
    if (!Object.values(card).some((part) => part.trim())) continue;
    const confidence =
      typeof h.confidence === "number" && Number.isFinite(h.confidence) ? Math.min(1, Math.max(0, h.confidence)) : null;
    hypotheses.push({ ...card, confidence });
  }
  return { kind: "hypotheses", hypotheses };
}

/**
 * The search suggestions of the hypotheses a partial hypothesis answer has finished, in answer order: a hypothesis
 * is finished once a later field has begun (its `links`, the next hypothesis, or `primaryHypothesis`), so none of
 * its suggestions is still being written. Blank suggestions are left out.
 */
export function finishedSearchSuggestions(partial: DeepPartial<HypothesisAnswer>): string[] {
  const hypotheses = partial.hypotheses ?? [];
  return hypotheses.flatMap((h, i) => {
    const finished = i < hypotheses.length - 1 || h?.links !== undefined || partial.primaryHypothesis !== undefined;
    return finished ? (h?.searchSuggestions ?? []).flatMap((q) => (q?.trim() ? [q.trim()] : [])) : [];
  });
}

/**
 * Text of a draft without its citations: "[E3]", "(E3, E7)", "[E3–E5]" and "E3.2" are removed (they become [n] only
 * when the report is built and checked; lib/grounding/key-citations), and so is a marker still being
 * written at the end ("… rats [E1").
 */
export function withoutKeys(text: string): string {
  return stripCitations(text.replace(/\s*[[(][^\])]*$/, "")).trim();
}

type PartialSentences = DeepPartial<ReportAnswer>["executiveSummary"];

function sentencesText(sentences: PartialSentences): string {
  return (sentences ?? [])
    .map((s) => withoutKeys(s?.text ?? ""))
    .filter(Boolean)
    .join(" ");
}

/**
 * The report draft of a partial report answer: its title and, in reading order, each prose section that has
 * begun (executive summary, methodology, mechanistic and clinical findings, limitations one per line,
 * conclusion), headed as in the report (PROSE_FIELD_LABELS), citation keys removed ({@link withoutKeys}).
 */
export function reportPreview(partial: DeepPartial<ReportAnswer>): AgentPartial {
  const texts: Array<[keyof typeof PROSE_FIELD_LABELS, string]> = [
    ["executiveSummary", sentencesText(partial.executiveSummary)],
    ["methodology", withoutKeys(partial.methodology ?? "")],
    ["mechanisticFindings", sentencesText(partial.mechanisticFindings)],
    ["clinicalFindings", sentencesText(partial.clinicalFindings)],
    [
      "limitations",
      (partial.limitations ?? [])
        .map((l) => withoutKeys(l ?? ""))
        .filter(Boolean)
        .join("\n"),
    ],
    ["conclusion", sentencesText(partial.conclusion)],
  ];
  const sections: ReportSectionPreview[] = texts
    .filter(([, text]) => text)
    .map(([field, text]) => ({ label: PROSE_FIELD_LABELS[field], text }));
  return { kind: "report", title: (partial.title ?? "").trim(), sections };
}

/**
 * The `onPartial` of a streaming agent call: maps each partial object with `preview` and passes it on to
 * `onPartial` only when it differs from the last one passed (a token inside a citation key changes nothing shown).
 */
export function streamPreview<T>(
  onPartial: (partial: AgentPartial) => void,
  preview: (partial: DeepPartial<T>) => AgentPartial,
): (partial: DeepPartial<T>) => void {
  let last = "";
  return (partial) => {
    const next = preview(partial);
    const text = JSON.stringify(next);
    if (text === last) return;
    last = text;
    onPartial(next);
  };
}
