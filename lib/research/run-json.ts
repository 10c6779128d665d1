import type { RunDetail } from "@/lib/runs/projections";
import { summarizeUsage } from "@/lib/ai/usage";
import { excludedForProvenance } from "@/lib/evidence/provenance";
import { researchFlow, screenedRecords } from "@/lib/report/appraise/flow-diagram";
import { answerFromReading } from "@/lib/report/appraise/answer";
import { questionReading } from "@/lib/reading/question-reading";
import { readQuestionEvidence } from "@/lib/reading/read";

/**
 * The `--json` contract of a research run: `{ runId, status, question, backend, iterations, evidence, hypotheses,
 * assessments, report, markdown, removedReferences, shortfalls }`. `hypotheses` and `assessments` are the
 * per-iteration outputs in order; `report` is null when the run ended before writing one. Every reference of the
 * report carries the pmid, doi, nctId and url it has.
 * Integrity counts of the published report: `removedReferences` (references naming no record of the evidence),
 * `removedMarkers` ([n] marker numbers pointing to no evidence), `removedQuotes` / `replacedQuotes` (quotations no
 * cited source contains / replaced by the source's wording), `removedIdentifiers` (URLs, DOIs, PMIDs and NCT IDs
 * of the prose naming no retrieved record, neutralised as "(not retrieved)" text), `droppedIdentifiers` (those written
 * by the model, removed), `droppedEvidenceIds` (evidence references the
 * hypothesis agent gave that named no offered record, all iterations); `verification` is the critic's verdict
 * (`{ status: "verified" | "unverified" | "not-checked", failedChecks, attempts }`), `critic` every verdict in
 * order; `usage` the model calls' tokens and estimated cost (see summarizeUsage).
 * `excludedForProvenance`: `{ count, records: [{ evidenceId, pmid, title, reason: "retracted", retractionNoticePmids }]
 * }`,
 * the collected records never given to the agents as support (retracted); they stay in `evidence`.
 * `prisma`: the PRISMA 2020 flow of the run's records (identified per source, duplicates removed, screened,
 * excluded with reasons, included; see researchFlow).
 * `answer`: the bottom line `{ kind: "yes-no" | "candidates" | "open", verdict: "yes" | "probably yes" | "unclear" |
 * "probably no" | "no" | null, candidates, sentence, meter: { yes, possibly, no, irrelevant } }` and `certainty` its
 * GRADE rating `{ level, start, startReason, judgements: [{ domain, down, reason, evidenceIds }], records }` (see
 * reportAnswer); both null for a run without a report.
 * `reading`: how the question was read (`{ proposition, concepts, related, vocabulary }`, lib/domain/reading.ts
 * questionReadingSchema) and `readings`: each record's reading of it, in the order of `evidence` (`{ evidenceId,
 * stance, reason, passage, bearing, method, match }`, recordReadingSchema): what the meter, GRADE and the bottom line
 * were computed from.
 */
export function runToJson(detail: RunDetail) {
  // One reading of the question over the evidence, for the bottom line and for PRISMA's eligibility.
  const read = readQuestionEvidence(detail.run.question, detail.evidence);
  const answered = detail.report ? answerFromReading(detail.run.question, read, detail.evidence, detail.report) : null;
  return {
    runId: detail.run.id,
    status: detail.run.status,
    question: detail.run.question,
    answer: answered?.answer ?? null,
    certainty: answered?.certainty ?? null,
    reading: questionReading(read),
    readings: read.readings,
    backend: detail.run.backend,
    model: detail.run.model,
    sources: detail.run.sources,
    iterations: detail.run.iterations,
    error: detail.run.error,
    evidence: detail.evidence,
    hypotheses: detail.hypotheses,
    assessments: detail.assessments,
    report: detail.report,
    markdown: detail.markdown,
    removedReferences: detail.report?.removedReferences ?? 0,
    removedMarkers: detail.report?.removedMarkers ?? 0,
    removedQuotes: detail.report?.removedQuotes ?? 0,
    removedIdentifiers: detail.report?.removedIdentifiers ?? 0,
    droppedIdentifiers: detail.report?.droppedIdentifiers ?? 0,
    replacedQuotes: detail.report?.replacedQuotes ?? 0,
    droppedEvidenceIds: detail.events.reduce(
      (n, e) => n + (e.type === "hypotheses" ? (e.data.droppedEvidenceIds?.length ?? 0) : 0),
      0,
    ),
    verification: detail.report
      ? (detail.report.verification ?? { status: "not-checked" as const, failedChecks: [], attempts: 0 })
      : null,
    critic: detail.events.flatMap((e) => (e.type === "critic" ? [e.data] : [])),
    usage: summarizeUsage(detail.events),
    excludedForProvenance: excludedForProvenance(detail.evidence),
    shortfalls: detail.shortfalls,
    prisma: researchFlow({
      events: detail.events,
      records: screenedRecords(detail.evidence, read.readings),
      report: detail.report,
    }),
  };
}
