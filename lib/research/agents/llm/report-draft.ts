import type { ReportInput } from "@/lib/research/backend";
import { SOURCE_LABELS, type Evidence } from "@/lib/domain/evidence";
import { chainLabel } from "@/lib/domain/hypothesis";
import type { Reference, ResearchReport } from "@/lib/domain/report";
import type { ReportRepair } from "@/lib/domain/critic";
import { citedKeys, renderKeyMarkers, stripKeyMarkers } from "@/lib/report/citation-keys";
import { mapProse, PROSE_FIELD_LABELS, proseTexts, type ProseField } from "@/lib/report/prose";
import { verifyPassage } from "@/lib/report/quote-check";
import { describeRemovedQuote, verifyReportQuotes } from "@/lib/report/quotes";
import { referenceFromEvidence } from "@/lib/report/references";
import { validateReportCitations } from "@/lib/report/validate-citations";
import { canonicalCitationKey, recordsByCitationKey } from "@/lib/evidence/identity";

/** One sentence of the model's draft: its text with [E3] key markers, and the verbatim snippet that supports it. */
export interface DraftSentence {
  text: string;
  snippet: string | null;
}

/** The model's draft as the report agent's schema returns it (see reportOutputSchema). */
export interface ReportDraftOutput {
  title: string;
  executiveSummary: DraftSentence[];
  methodology: string;
  mechanisticFindings: DraftSentence[];
  clinicalFindings: DraftSentence[];
  drugCandidates: string[];
  limitations: string[];
  conclusion: DraftSentence[];
  /** The keys the model says it cited ("E3"); every reference is built in code from the record a key names. */
  references: string[];
}

/** The built report and what had to be removed from the model's draft to build it. */
export interface BuiltReport {
  report: ResearchReport;
  repairs: ReportRepair[];
}

const short = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * "Quote, then cite" (a sentence rests on words its record holds): the sentences of one section that keep their place. A sentence citing at least
 * one key of the run must carry a snippet found in the title or abstract of one of the records it cites
 * (lib/report/quote-check verifyPassage: exact after normalisation, else ≥ 0.95 similarity); otherwise it is
 * removed and a repair line names it, so the critic sends it back to the report agent. Sentences that cite nothing
 * are kept as they are (the deterministic checks decide whether a paragraph needed a citation).
 */
function checkSentences(field: ProseField, sentences: DraftSentence[], byKey: Map<string, Evidence>, repairs: ReportRepair[]): string {
  const kept: string[] = [];
  for (const s of sentences) {
    const text = s.text.trim();
    if (!text) continue;
    const records = [...new Set(citedKeys(text))].flatMap((k) => (byKey.has(k) ? [byKey.get(k)!] : []));
    if (records.length === 0) {
      kept.push(text);
      continue;
    }
    const snippet = s.snippet?.trim() ?? "";
    const found = snippet && records.some((e) => verifyPassage(snippet, e.citation.abstract).ok || verifyPassage(snippet, e.citation.title).ok);
    if (found) {
      kept.push(text);
      continue;
    }
    const keys = [...new Set(citedKeys(text))].join(", ");
    const why = snippet ? `its snippet “${short(snippet)}” is not in the text of ${keys}` : `it carries no supporting snippet from ${keys}`;
    repairs.push({ kind: "quote", detail: `${PROSE_FIELD_LABELS[field]}: the sentence “${short(stripKeyMarkers(text))}” was removed: ${why}` });
  }
  return kept.join(" ");
}

/**
 * Builds the final ResearchReport from the model's draft. The model cites run-wide keys ([E3]); references are
 * built in code from the evidence records those keys name, never from model text:
 * 1. every cited sentence must carry a verbatim snippet of a record it cites ({@link checkSentences}), else it is
 *    removed (repair kind "quote");
 * 2. a key listed in `references` that names no record of the run is an invented reference: removed, counted in
 *    `removedReferences` (repair kind "reference"); a key marker that names no record is deleted and counted in
 *    `removedMarkers` (repair kind "marker");
 * 3. the cited records become the references, numbered 1..k in order of first citation in reading order, and
 *    each key marker is rendered as [n] (lib/report/citation-keys);
 * 4. metadata comes from the input: researchQuestion, sourcesSearched (display labels), totalPapersReviewed,
 *    searchIterations, confidenceScore (last judge assessment, 0 when none), hypothesesTested;
 * 5. validateReportCitations runs as the safety net: it finds no more references or markers on a report built this
 *    way, and it neutralises URLs, DOIs, PMIDs and NCT IDs in the prose that name no retrieved record (a repair each);
 * 6. text in quotation marks is verified against the records its sentence cites (lib/report/quotes: replaced by
 *    the source's wording, or its sentence removed, repair kind "quote"); counted in removedQuotes/replacedQuotes.
 */
export function buildReport(output: ReportDraftOutput, input: ReportInput): BuiltReport {
  const byKey = recordsByCitationKey(input.evidence);
  const repairs: ReportRepair[] = [];
  for (const raw of output.references) {
    const key = canonicalCitationKey(raw);
    if (!key || !byKey.has(key)) repairs.push({ kind: "reference", detail: `reference “${short(raw, 60)}”, which is no evidence key of the run` });
  }
  const draft: ResearchReport = {
    title: output.title.trim(),
    executiveSummary: checkSentences("executiveSummary", output.executiveSummary, byKey, repairs),
    researchQuestion: input.question,
    methodology: { title: "Methodology", content: output.methodology.trim() },
    hypothesesTested: input.hypotheses.hypotheses.map((h) => ({
      mechanism: chainLabel(h),
      supported: h.supportingEvidence.length,
      contradicted: h.contradictingEvidence.length,
    })),
    mechanisticFindings: { title: "Mechanistic findings", content: checkSentences("mechanisticFindings", output.mechanisticFindings, byKey, repairs) },
    clinicalFindings: { title: "Clinical findings", content: checkSentences("clinicalFindings", output.clinicalFindings, byKey, repairs) },
    drugCandidates: [...new Set(output.drugCandidates.map((d) => d.trim()).filter(Boolean))],
    limitations: output.limitations.map((l) => l.trim()).filter(Boolean),
    conclusion: checkSentences("conclusion", output.conclusion, byKey, repairs),
    references: [],
    sourcesSearched: input.sourcesSearched.map((s) => SOURCE_LABELS[s]),
    totalPapersReviewed: input.evidence.length,
    searchIterations: input.iterations,
    confidenceScore: input.assessments.at(-1)?.confidence ?? 0,
    removedReferences: 0,
  };

  const references: Reference[] = [];
  const numberOfKey = new Map<string, number>();
  for (const key of proseTexts(draft).flatMap((p) => citedKeys(p.text))) {
    const record = byKey.get(key);
    if (!record || numberOfKey.has(key)) continue;
    const existing = references.find((r) => r.evidenceId === record.id);
    const n = existing?.n ?? references.length + 1;
    if (!existing) references.push(referenceFromEvidence(record, n));
    numberOfKey.set(key, n);
  }
  let removedMarkers = 0;
  const unknown = new Set<string>();
  const rendered = mapProse(draft, (text) => {
    const r = renderKeyMarkers(text, (key) => {
      const n = numberOfKey.get(key);
      if (n === undefined) unknown.add(key);
      return n;
    });
    removedMarkers += r.removed;
    return r.text;
  });
  for (const key of unknown) repairs.push({ kind: "marker", detail: `marker [${key}], which is no evidence key of the run` });
  const validated = validateReportCitations(
    { ...rendered, references, removedReferences: repairs.filter((r) => r.kind === "reference").length, removedMarkers },
    input.evidence,
  );
  for (const id of validated.neutralisedIdentifiers) repairs.push({ kind: "identifier", detail: `${id} names no retrieved record` });
  const quoted = verifyReportQuotes({ ...validated.report, removedMarkers: removedMarkers + validated.removedMarkers }, input.evidence);
  for (const c of quoted.checks) if (c.outcome === "removed") repairs.push({ kind: "quote", detail: describeRemovedQuote(c) });
  return { report: quoted.report, repairs };
}
