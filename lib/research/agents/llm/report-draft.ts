import type { ReportInput } from "@/lib/research/backend";
import { SOURCE_LABELS, type Evidence } from "@/lib/domain/evidence";
import { chainLabel } from "@/lib/domain/hypothesis";
import type { Reference, ResearchReport } from "@/lib/domain/report";
import type { ReportRepair } from "@/lib/domain/critic";
import { citedNumbers } from "@/lib/report/markers";
import { mapProse, proseTexts } from "@/lib/report/prose";
import { describeRemovedQuote, verifyQuotesInText, type QuoteCheck } from "@/lib/report/quotes";
import { referenceFromEvidence } from "@/lib/report/references";
import { rewriteMarkers, validateReportCitations } from "@/lib/report/validate-citations";
import type { NumberedEvidence } from "../../../ai/evidence-context";
import { normaliseUrl } from "@/lib/evidence/identity";
import { indexEvidence, matchClaimedReference } from "./evidence-refs";

/** One reference entry of the model's answer: the number its markers use and the identifiers it claims. */
export interface ModelReference {
  n: number;
  evidenceId: string | null;
  pmid: string | null;
  doi: string | null;
  nctId: string | null;
  url: string | null;
  title: string | null;
}

/** The model's draft as the report agent's schema returns it (see reportOutputSchema). */
export interface ReportDraftOutput {
  title: string;
  executiveSummary: string;
  methodology: string;
  mechanisticFindings: string;
  clinicalFindings: string;
  drugCandidates: string[];
  limitations: string[];
  conclusion: string;
  references: ModelReference[];
}

/** The built report and what had to be removed or replaced in the model's draft to build it. */
export interface BuiltReport {
  report: ResearchReport;
  repairs: ReportRepair[];
  quoteChecks: QuoteCheck[];
}

/** The identifiers a model claimed, for a repair line; URLs without scheme, so markdown never links a fabricated one. */
function claimedIds(r: ModelReference): string {
  const ids = [r.pmid && `PMID ${r.pmid}`, r.doi && `DOI ${r.doi}`, r.nctId, r.evidenceId && `id ${r.evidenceId}`, r.url && `URL ${normaliseUrl(r.url)}`].filter(Boolean);
  return ids.join(", ");
}

/**
 * What each marker number of the draft stands for. A number the model listed in `references` with identifiers
 * (evidence id, PMID, DOI, NCT ID, URL) stands for the record those identifiers name, all of them agreeing (see
 * matchClaimedReference), or for nothing when they name no record of the run (a fabricated reference). A number
 * listed without identifiers, or not listed, stands for the offered evidence block with that number, or for
 * nothing beyond the blocks. Returns the lookup and the repairs (invalid and fabricated reference entries).
 */
function resolveNumbers(references: ModelReference[], input: ReportInput, offered: NumberedEvidence[]) {
  const index = indexEvidence(input.evidence);
  const byId = new Map(input.evidence.map((e) => [e.id, e]));
  const blocks = new Map(offered.map((b) => [b.n, b.evidence]));
  const claimed = new Map<number, Evidence | null>();
  const repairs: ReportRepair[] = [];
  for (const r of references) {
    const n = Math.round(r.n);
    if (!Number.isFinite(n) || n < 1) {
      repairs.push({ kind: "reference", detail: `a reference numbered ${r.n} (${claimedIds(r) || "no identifiers"}), which is no evidence block` });
      continue;
    }
    if (claimed.has(n) || !claimedIds(r)) continue; // first entry for a number wins; no identifiers: the block
    const id = matchClaimedReference(index, r);
    const record = id ? byId.get(id) : undefined;
    claimed.set(n, record ?? null);
    if (!record) repairs.push({ kind: "reference", detail: `reference [${n}] (${claimedIds(r)}), which is not in the run's evidence` });
  }
  const resolve = (n: number): Evidence | null => (claimed.has(n) ? claimed.get(n)! : (blocks.get(n) ?? null));
  return { resolve, repairs, offeredCount: offered.length };
}

/**
 * Builds the final ResearchReport from the model's draft. References are built in code from evidence records,
 * never from model text:
 * 1. marker numbers are resolved to records (see resolveNumbers): listed identifiers first, else block number;
 * 2. quoted passages are checked against the abstracts their sentence cites (lib/report/quote-check: exact, else
 *    ≥ 0.95 similarity over a sliding window): replaced by the source's wording, or their sentence removed;
 * 3. the cited records become the references, numbered 1..k in the order of the model's numbers (two numbers for
 *    one record merge); uncited entries are left out; each marker is rewritten, and a marker that stands for no
 *    record is deleted;
 * 4. metadata comes from the input: researchQuestion, sourcesSearched (display labels), totalPapersReviewed,
 *    searchIterations, confidenceScore (last judge assessment, 0 when none), hypothesesTested;
 * 5. validateReportCitations runs as the safety net: it finds no more references or markers on a report built this
 *    way, and it neutralises URLs, DOIs, PMIDs and NCT IDs in the prose that name no retrieved record (a repair each).
 * Counters: `removedReferences` (invalid or fabricated reference entries), `removedMarkers` (marker numbers
 * deleted), `removedQuotes`, `replacedQuotes`. `repairs` lists each removal, one line each, for the critic.
 */
export function buildReport(output: ReportDraftOutput, input: ReportInput, offered: NumberedEvidence[] = []): BuiltReport {
  const { resolve, repairs, offeredCount } = resolveNumbers(output.references, input, offered);
  const sourcesOf = (markers: number[]) =>
    [...new Set(markers)].map(resolve).filter((e): e is Evidence => e !== null);

  const raw: ResearchReport = {
    title: output.title.trim(),
    executiveSummary: output.executiveSummary.trim(),
    researchQuestion: input.question,
    methodology: { title: "Methodology", content: output.methodology.trim() },
    hypothesesTested: input.hypotheses.hypotheses.map((h) => ({
      mechanism: chainLabel(h),
      supported: h.supportingEvidence.length,
      contradicted: h.contradictingEvidence.length,
    })),
    mechanisticFindings: { title: "Mechanistic findings", content: output.mechanisticFindings.trim() },
    clinicalFindings: { title: "Clinical findings", content: output.clinicalFindings.trim() },
    drugCandidates: [...new Set(output.drugCandidates.map((d) => d.trim()).filter(Boolean))],
    limitations: output.limitations.map((l) => l.trim()).filter(Boolean),
    conclusion: output.conclusion.trim(),
    references: [],
    sourcesSearched: input.sourcesSearched.map((s) => SOURCE_LABELS[s]),
    totalPapersReviewed: input.evidence.length,
    searchIterations: input.iterations,
    confidenceScore: input.assessments.at(-1)?.confidence ?? 0,
    removedReferences: 0,
  };

  const quoteChecks: QuoteCheck[] = [];
  const quoted = mapProse(raw, (text, field) => {
    const r = verifyQuotesInText(text, field, sourcesOf, input.evidence);
    quoteChecks.push(...r.checks);
    return r.text;
  });
  for (const c of quoteChecks) if (c.outcome === "removed") repairs.push({ kind: "quote", detail: describeRemovedQuote(c) });

  const cited = [...new Set(proseTexts(quoted).flatMap((p) => citedNumbers(p.text)))].sort((a, b) => a - b);
  const newNumber = new Map<number, number>();
  const byRecord = new Map<string, number>();
  const references: Reference[] = [];
  for (const n of cited) {
    const record = resolve(n);
    if (!record) {
      if (n > offeredCount) repairs.push({ kind: "marker", detail: `marker [${n}], beyond the ${offeredCount} evidence blocks` });
      continue;
    }
    let m = byRecord.get(record.id);
    if (m === undefined) {
      m = references.length + 1;
      references.push(referenceFromEvidence(record, m));
      byRecord.set(record.id, m);
    }
    newNumber.set(n, m);
  }
  let removedMarkers = 0;
  const renumbered = mapProse(quoted, (text) => {
    const r = rewriteMarkers(text, (n) => newNumber.get(n));
    removedMarkers += r.removed;
    return r.text;
  });
  const fabricated = repairs.filter((r) => r.kind === "reference").length;
  const draft: ResearchReport = {
    ...renumbered,
    references,
    removedReferences: fabricated,
    removedMarkers,
    removedQuotes: quoteChecks.filter((c) => c.outcome === "removed").length,
    replacedQuotes: quoteChecks.filter((c) => c.outcome === "replaced").length,
  };
  const validated = validateReportCitations(draft, input.evidence);
  for (const id of validated.neutralisedIdentifiers) repairs.push({ kind: "identifier", detail: `${id} names no retrieved record` });
  return {
    report: { ...validated.report, removedMarkers: removedMarkers + validated.removedMarkers },
    repairs,
    quoteChecks,
  };
}
