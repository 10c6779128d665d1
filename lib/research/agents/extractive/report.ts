import type { ReportInput } from "@/lib/research/backend";
import { SOURCE_LABELS, type Evidence } from "@/lib/domain/evidence";
import { chainLabel } from "@/lib/domain/hypothesis";
import type { ResearchReport } from "@/lib/domain/report";
import { createReferenceList } from "@/lib/grounding/references";
import { formatMarker } from "@/lib/grounding/markers";
import { joinSentences, sourceMessage } from "@/lib/report/render/sentence-list";
import { closestRecords } from "@/lib/reading/read";
import { mayStateFinding } from "@/lib/text/findings";
import type { DrugCandidate } from "./candidates";
import { conceptName } from "./concepts";
import { plural } from "./evidence-labels";
import { computeFeatures, keysForName, type EvidenceFeatures } from "./evidence-features";
import { reportLimitations } from "./report-limitations";
import { createSentencePicker, type PickedSentence } from "./sentence-picker";
import { fullTextReport } from "./full-text-report";
import { designSummary } from "@/lib/domain/study-design";
import { conceptVocabularyVersion } from "@/lib/vocabularies";

/** Sentences per section: executive summary 3, mechanistic findings 6, clinical findings 5 (our choice). */
export const SECTION_SENTENCES = { summary: 3, mechanistic: 6, clinical: 5 } as const;

/** Registered trials named in the clinical findings, most relevant first (a readable list, not a registry dump). */
export const MAX_TRIALS_LISTED = 10;

/** One line about a ClinicalTrials.gov record: NCT ID, phase, status (with the reason when stopped), title. */
export function trialStatement(e: Evidence): string {
  const t = e.trial;
  const phase = t && t.phases.length > 0 ? t.phases.join("/") : "phase not given";
  const status = t?.overallStatus ? t.overallStatus.toLowerCase().replace(/_/g, " ") : "status not given";
  const why = t?.whyStopped ? `; stopped because: ${t.whyStopped}` : "";
  const results = t ? (t.hasResults ? "; results posted" : "; no results posted") : "";
  return `${e.citation.nctId ?? e.id} (${phase}, ${status}${why}${results}): ${e.citation.title}`;
}

/** A quoted sentence with its [n] marker placed before the final full stop ("… insipidus [1]."). */
export function withMarker(sentence: string, n: number): string {
  const m = /^([\s\S]*?)([.!?…]+)$/.exec(sentence);
  return m ? `${m[1]} [${n}]${m[2]}` : `${sentence} [${n}]`;
}

/**
 * For an open or repurposing question, the ranked candidate drugs with their records as [n] markers: "The relation
 * model reads 3 drugs as causing torsade de pointes: cisapride (3 records [1, 2, 3]), …". Empty otherwise.
 */
function candidateLine(f: EvidenceFeatures, effectName: string, cite: (record: number) => number): string {
  if (f.candidates.length === 0 && f.inducers.length === 0) {
    return f.terms.classification.kind === "named-drug" || f.terms.classification.kind === "other"
      ? ""
      : `The relation model reads no drug as ` +
          `${f.terms.classification.kind === "repurposing" ? "treating or preventing" : "causing"} ` +
          `${effectName || "the condition"} in these records.`;
  }
  const verb = f.terms.classification.kind === "repurposing" ? "treating or preventing" : "causing";
  const item = (c: DrugCandidate) =>
    `${c.name} ` +
    `(${plural(c.records.length, "record")}${c.humanRecords > 0 ? `, ${c.humanRecords} in people` : ""} ` +
    `${formatMarker(c.records.map(cite))})`;
  const inducers =
    f.inducers.length > 0
      ? ` Used in these records to induce ${effectName} in animal models or cells, not reported in people: ` +
        `${f.inducers.map(item).join(", ")}.`
      : "";
  const drugs =
    f.candidates.length > 0
      ? `The relation model reads ${plural(f.candidates.length, "drug")} as ${verb} ${effectName} in these ` +
        `records, those with evidence in people first: ${f.candidates.map(item).join(", ")}.`
      : `The relation model reads no drug as ${verb} ${effectName} in people in these records.`;
  return `${drugs}${inducers}`;
}

/**
 * A drug candidate of the judge with the records behind it as [n] markers, so that the conclusion's candidate
 * sentence cites what it states: an open question's candidate its relation-model records, a protective agent the
 * records reading it as protective, the named drug the records naming it with the effect (or naming it at all).
 */
function citedCandidate(f: EvidenceFeatures, candidate: string, cite: (record: number) => number): string {
  const name = candidate.replace(/\s*\((?:protective|experimental inducer)\)$/, "");
  const records =
    f.candidates.find((c) => c.name === name)?.records ??
    f.inducers.find((c) => c.name === name)?.records ??
    f.protective.find((p) => conceptName(f.index.concepts.get(p.key)!, p.records) === name)?.records ??
    (f.terms.drug?.name === name ? (f.relevant.length > 0 ? f.relevant : [...f.drugRecords]) : []);
  return records.length > 0 ? `${candidate} ${formatMarker(records.slice(0, 5).map(cite))}` : candidate;
}

function capitalize(s: string): string {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

/**
 * The extractive report agent: every finding is a sentence quoted from an abstract (or title) of the evidence,
 * followed by an [n] marker of the record it comes from.
 * - Sentences are ranked by BM25 against the question plus the primary hypothesis' terms and picked by MMR
 *   (λ 0.7, TF-IDF cosine) for diversity (createSentencePicker).
 * - executiveSummary: a line stating the record count and best-supported chain, then the top 3 sentences of
 *   records that bear on the question, then one sentence of each record closest to the question (closestRecords)
 *   that no section cites, so every question, drug or not, cites the abstracts answering it; mechanisticFindings:
 *   sentences of mechanistic records or naming a hypothesis term; clinicalFindings: the human-evidence design
 *   counts, ClinicalTrials.gov records with phase and status (terminated/withdrawn included, with the reason), then
 *   sentences of human studies.
 * - references: built from the cited records' citations, numbered in order of first citation.
 * - conclusion: filled from the last judge assessment; confidenceScore = its confidence (0 without one).
 * Deterministic; never cites a record outside `input.evidence`. removedReferences is 0 (nothing generated).
 */
export function extractiveReport(input: ReportInput): ResearchReport {
  const { question, evidence, hypotheses, assessments, sourcesSearched, iterations, shortfalls } = input;
  const f: EvidenceFeatures = computeFeatures(question, evidence, hypotheses);
  const refs = createReferenceList();
  const conceptsRead = conceptVocabularyVersion();
  const picker = createSentencePicker(f.index);
  const cite = (record: number) => refs.cite(f.index.records[record].evidence);
  const quote = (s: PickedSentence) => withMarker(s.text, cite(s.record));
  const primary = hypotheses.primaryHypothesis;
  const last = assessments.length > 0 ? assessments[assessments.length - 1] : null;
  const kind = f.terms.classification.kind;
  const drugName =
    f.terms.drug?.name ??
    (kind === "named-drug" ? (f.terms.missingDrug ?? "") : kind === "other" ? "" : "the candidate drugs");
  const effectName = f.terms.effect?.name ?? primary?.effect ?? "";
  const hypothesisTerms = hypotheses.hypotheses.flatMap((h) => [h.target, h.pathway, h.effect]).join(" ");
  const effectKeys = new Set(f.terms.effect?.keys ?? []);
  const drugKeys = new Set(f.terms.drug?.keys ?? f.candidates.map((c) => c.key));
  const effectTerms = [...effectKeys]
    .map((k) => f.index.concepts.get(k))
    .filter((c) => c !== undefined)
    .sort((a, b) => b.records.size - a.records.size || a.key.localeCompare(b.key))
    .slice(0, 5)
    .map((c) => conceptName(c))
    .join(" ");
  const mainQuery = [
    question,
    effectTerms,
    primary ? `${primary.drug} ${primary.target} ${primary.pathway} ${primary.effect}` : "",
  ].join(" ");
  const relevant = new Set(f.relevant.length > 0 ? f.relevant : evidence.map((_, i) => i));
  const human = new Set(f.human);
  const mechanistic = new Set(f.mechanistic);
  const sentenceKeys = (s: PickedSentence) => [
    ...(f.index.records[s.record].sentenceConcepts[s.position]?.keys() ?? []),
  ];
  const names = (s: PickedSentence, keys: ReadonlySet<string>) => sentenceKeys(s).some((k) => keys.has(k));
  // With neither a condition nor a drug to anchor on (an open question naming no condition), the report answers what
  // the evidence allows: the sentences that best match the question itself.
  const unanchored = effectKeys.size === 0 && drugKeys.size === 0;
  // A title restates a question, it does not answer it: a question naming no drug quotes the abstract sentences that
  // state a finding, and falls back to titles only when no such sentence matches the question.
  const noDrug = drugKeys.size === 0 && !f.terms.missingDrug;
  const statesFinding = (s: PickedSentence) => !noDrug || (s.position > 0 && mayStateFinding(s.text));
  const onTopic = (s: PickedSentence) =>
    unanchored || names(s, effectKeys) || names(s, f.hypothesisKeys) || (effectKeys.size === 0 && names(s, drugKeys));

  const summaryLead = [
    primary
      ? `${plural(evidence.length, "record")} were reviewed; the best-supported mechanism is ${chainLabel(primary)} ` +
        `(${plural(primary.supportingEvidence.length, "supporting record")}, ` +
        `${primary.contradictingEvidence.length} ` +
        `contradicting` +
        `${primary.targetSymbol ? `; target ${primary.targetSymbol}, NCBI Gene ${primary.targetGeneId}` : ""}).`
      : noDrug
        ? `${plural(evidence.length, "record")} were reviewed; the question names no drug or exposure, so no ` +
          `mechanism chain was traced, and the records closest to it are quoted.`
        : `${plural(evidence.length, "record")} were reviewed; no mechanism could be traced from ` +
          `${f.terms.missingDrug ?? "the drug"} to the effect.`,
    ...f.terms.notes.filter((n) => n.startsWith("The question names") || n.startsWith("No record of the")),
    candidateLine(f, effectName, cite),
  ]
    .filter(Boolean)
    .join(" ");
  // Summary sentences state the drug and the effect together; when fewer than 2 do, any on-topic sentence.
  const summaryQuery = [
    question,
    effectName,
    primary ? `${primary.target} ${primary.pathway} ${primary.effect}` : "",
  ].join(" ");
  const bothEnds = (s: PickedSentence) => relevant.has(s.record) && names(s, drugKeys) && names(s, effectKeys);
  let summarySentences = picker.pick(summaryQuery, bothEnds, SECTION_SENTENCES.summary, 1);
  if (summarySentences.length < 2) {
    const seen = new Set(summarySentences.map((s) => s.record));
    summarySentences = [
      ...summarySentences,
      ...picker.pick(
        mainQuery,
        (s) => relevant.has(s.record) && !seen.has(s.record) && onTopic(s) && statesFinding(s),
        SECTION_SENTENCES.summary - summarySentences.length,
        1,
      ),
    ];
  }
  if (summarySentences.length === 0 && noDrug)
    summarySentences = picker.pick(
      mainQuery,
      (s) => relevant.has(s.record) && onTopic(s),
      SECTION_SENTENCES.summary,
      1,
    );
  const executiveSummary = [summaryLead, ...summarySentences.map(quote)].join(" ");

  // One sentence per hypothesis naming its target, from its own supporting records; then MMR over the rest.
  const recordOf = new Map(evidence.map((e, i) => [e.id, i]));
  const mechSentences: PickedSentence[] = [];
  for (const h of hypotheses.hypotheses) {
    const targetKeys = new Set(keysForName(f.index, h.target));
    const own = new Set(h.supportingEvidence.map((id) => recordOf.get(id)));
    mechSentences.push(
      ...picker.pick(
        `${h.drug} ${h.target} ${h.pathway} ${h.effect}`,
        (s) => own.has(s.record) && names(s, targetKeys),
        1,
      ),
    );
  }
  mechSentences.push(
    ...picker.pick(
      `${mainQuery} ${hypothesisTerms}`,
      (s) =>
        f.drugRecords.has(s.record) &&
        names(s, f.hypothesisKeys) &&
        (mechanistic.has(s.record) || relevant.has(s.record)),
      Math.max(0, SECTION_SENTENCES.mechanistic - mechSentences.length),
    ),
  );
  const mechanisticContent =
    mechSentences.length > 0
      ? mechSentences.map((s) => `- ${quote(s)}`).join("\n")
      : `No mechanistic study among the ${plural(evidence.length, "record")} addressed ${drugName || "the drug"} ` +
        `and ${effectName || "the effect"}.`;

  const humanDesigns = designSummary(f.human.map((r) => f.designs[r]));
  // Every retrieved trial is named with its phase and status (terminated and withdrawn ones included): a registry
  // record bears on the question through the search that found it, even when its summary names neither term.
  const trialLines = f.index.records
    .map((record, r) => ({ record, r }))
    .filter(({ record }) => record.evidence.trial)
    .slice(0, MAX_TRIALS_LISTED)
    .map(({ record, r }) => `- ${trialStatement(record.evidence)} [${cite(r)}]`);
  const clinSentences = picker.pick(
    `${question} ${drugName} ${effectTerms} patients`,
    (s) => human.has(s.record) && f.index.records[s.record].evidence.citation.source !== "ctgov" && onTopic(s),
    SECTION_SENTENCES.clinical,
  );
  const noHumanStudy =
    `No human study among the ${plural(evidence.length, "record")} addressed ${drugName || "the drug"} and ` +
    `${effectName || "the effect"}.`;
  const clinicalContent =
    f.human.length > 0
      ? [`Human evidence: ${humanDesigns}.`, ...trialLines, ...clinSentences.map((s) => `- ${quote(s)}`)].join("\n")
      : trialLines.length > 0
        ? [noHumanStudy, "Registered trials retrieved:", ...trialLines].join("\n")
        : noHumanStudy;

  let conclusion: string;
  if (last) {
    const verdict = last.sufficient ? "sufficient" : "not sufficient";
    const pct = Math.round(last.confidence * 100);
    const byId = new Map(evidence.map((e) => [e.id, e]));
    const linkRecords = [...new Set(primary?.links.map((l) => l.evidenceIds[0]) ?? [])]
      .map((id) => (id ? byId.get(id) : undefined))
      .filter((e): e is Evidence => e !== undefined);
    const markers = linkRecords.length > 0 ? ` ${formatMarker(linkRecords.map((e) => refs.cite(e)))}` : "";
    const chain = primary
      ? ` The best-supported mechanism is ${chainLabel(primary)}, supported by ` +
        `${plural(primary.supportingEvidence.length, "record")}` +
        `${markers} and contradicted by ${primary.contradictingEvidence.length}.`
      : " No mechanism could be traced from the drug to the effect.";
    const drugs =
      last.drugCandidates.length > 0
        ? ` Drug candidates: ${last.drugCandidates.map((c) => citedCandidate(f, c, cite)).join(", ")}.`
        : "";
    conclusion =
      `By the judge's last assessment the evidence is ${verdict} to answer the question (mechanism score ` +
      `${last.mechanismScore}/10, ` +
      `clinical score ${last.clinicalScore}/10, confidence ${pct}%).${chain}${drugs}` +
      (last.sufficient
        ? ""
        : ` Further searches: ${last.nextSearchQueries.slice(0, 3).join("; ") || "none proposed"}.`);
  } else {
    conclusion = "No judge assessment was made, so the evidence was not scored.";
  }

  const suggested = assessments.reduce((sum, a) => sum + a.nextSearchQueries.length, 0);
  const methodology = [
    `Sources searched: ${sourcesSearched.map((s) => SOURCE_LABELS[s]).join(", ") || "none"}.`,
    `Search iterations: ${iterations}; judge assessments: ${assessments.length}; follow-up queries proposed by ` +
      `the judge: ${suggested}.`,
    `Records reviewed: ${evidence.length} (${designSummary(f.designs)}); ${f.relevant.length} mention ` +
      `${drugName || "the drug"} with ${effectName || "the effect"} or a hypothesis term.`,
    "Backend: extractive (no language model). Drug–condition relations (causes, treats) read by a relation " +
      "model trained on BioCreative V CDR; hypotheses by closed literature-based discovery (Swanson's ABC model) " +
      "over sentences that name both ends of a link without negation, with targets normalised to NCBI Gene and " +
      "pathways to Gene Ontology biological processes; sentences ranked by BM25 (k1 1.2, b 0.75) and selected by " +
      "MMR (λ 0.7, TF-IDF cosine); scores from study-design counts weighted by Oxford CEBM levels." +
      (conceptsRead
        ? ` The question's concepts were read with ${conceptsRead} (a class by its members, a disease by its ` +
          `narrower concepts).`
        : ""),
    shortfalls.length > 0
      ? `Shortfalls: ${joinSentences(shortfalls.map((s) => sourceMessage(SOURCE_LABELS[s.source], s.message)))}`
      : "Shortfalls: none.",
  ].join("\n");

  // Every question is answered from the records closest to it, drug or not: each of the top records by bearing
  // (the share of the question's terms it holds) that no section cites yet gives its best-matching
  // abstract sentence to the summary. Picked and cited last, so the other sections and reference numbers stay as they
  // were.
  // When the question names a drug, that sentence must name the drug (and the effect, if the question names one) in
  // a relevant record, as the summary's own sentences do: a closest record's generic line ("The possible mechanisms
  // are discussed") or another drug's finding answers nothing.
  const questionDrug = f.terms.drug ? new Set(f.terms.drug.keys) : null;
  const answers = (s: PickedSentence) =>
    !questionDrug ||
    (relevant.has(s.record) && names(s, questionDrug) && (effectKeys.size === 0 || names(s, effectKeys)));
  const citedIds = new Set(refs.references().map((r) => r.evidenceId));
  const answering = closestRecords(
    question,
    f.index.records.map((r) => r.evidence),
  )
    .filter((r) => !citedIds.has(f.index.records[r].evidence.id))
    .flatMap((r) => picker.pick(question, (s) => s.record === r && s.position > 0 && answers(s), 1, 1));
  // The full texts read: what their bodies and tables say on the question, each sentence cited by its passage. Cited
  // last, so the abstracts' reference numbers stay as they were.
  const body = fullTextReport(question, evidence, input.fullTexts, hypotheses, cite);
  const summary = [executiveSummary, ...answering.map(quote), ...(body.answer ? [body.answer] : [])].join(" ");

  const title =
    kind === "open" && effectName
      ? `Drugs that can cause ${effectName}: candidates and mechanisms`
      : kind === "repurposing" && effectName
        ? `Existing drugs that could treat ${effectName}: candidates and evidence`
        : f.terms.drug && effectName
          ? `${capitalize(drugName)} and ${effectName}: mechanism and evidence`
          : `Evidence report: ${question}`;
  return {
    title,
    executiveSummary: summary,
    researchQuestion: question,
    methodology: { title: "Methodology", content: methodology },
    hypothesesTested: hypotheses.hypotheses.map((h) => ({
      mechanism: chainLabel(h),
      supported: h.supportingEvidence.length,
      contradicted: h.contradictingEvidence.length,
    })),
    mechanisticFindings: { title: "Mechanistic findings", content: mechanisticContent },
    clinicalFindings: { title: "Clinical findings", content: [clinicalContent, ...body.lines].join("\n") },
    drugCandidates: last ? [...last.drugCandidates] : [],
    limitations: reportLimitations(f, hypotheses, shortfalls),
    conclusion,
    references: refs.references(),
    sourcesSearched: sourcesSearched.map((s) => SOURCE_LABELS[s]),
    totalPapersReviewed: evidence.length,
    searchIterations: iterations,
    confidenceScore: last ? Math.max(0, Math.min(1, last.confidence)) : 0,
    removedReferences: 0,
    ...(body.citations.length > 0 ? { passages: body.citations } : {}),
  };
}
