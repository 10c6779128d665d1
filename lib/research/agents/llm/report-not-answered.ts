import type { ReportInput } from "@/lib/research/backend";
import { SOURCE_LABELS } from "@/lib/domain/evidence";
import type { ResearchReport } from "@/lib/domain/report";

/** What a draft that does not answer says: its reading of the evidence and the evidence it finds missing. */
interface NotAnsweredDraft {
  evidenceReading: string;
  missing: string[];
}

/**
 * The report of a draft that says the evidence does not answer the question: a clean report written in code from
 * what is known — what was searched (sources, iterations, records), what the records do not report, and what evidence
 * is missing (the model's list, one limitation each) — with `notAnswered` set (the model's reading as the reason),
 * no drug candidates, and the findings the model could cite (else a sentence saying none bears on the question).
 * Every sentence Critica writes here states an absence or the review's own facts, so it needs no citation.
 */
export function notAnsweredReport(
  written: ResearchReport,
  output: NotAnsweredDraft,
  input: ReportInput,
): ResearchReport {
  const n = input.evidence.length;
  const sources = input.sourcesSearched.map((s) => SOURCE_LABELS[s]).join(", ") || "no source";
  const records =
    n === 0
      ? `No record was retrieved from ${sources}`
      : `No record among the ${n} retrieved from ${sources} answers the question`;
  const missing = [...new Set(output.missing.map((m) => m.trim().replace(/[.;]+$/, "")).filter(Boolean))];
  const shortfalls = input.shortfalls.map((s) => `${SOURCE_LABELS[s.source]}: ${s.message}`);
  return {
    ...written,
    title: `Not answered by the evidence retrieved: ${input.question}`,
    executiveSummary:
      `${records}, so this report gives no answer; ` + `it lists what was searched and what evidence is missing.`,
    methodology: {
      title: "Methodology",
      content: [
        `Sources searched: ${sources}.`,
        `Search iterations: ${input.iterations}. Records reviewed: ${n}.`,
        ...(shortfalls.length > 0 ? [`Shortfalls: ${shortfalls.join("; ")}.`] : []),
      ].join("\n"),
    },
    mechanisticFindings: {
      ...written.mechanisticFindings,
      content: written.mechanisticFindings.content || "No record reports a mechanism that answers the question.",
    },
    clinicalFindings: {
      ...written.clinicalFindings,
      content: written.clinicalFindings.content || "No record reports human evidence that answers the question.",
    },
    drugCandidates: [],
    limitations:
      missing.length > 0
        ? missing.map((m) => `Missing: ${m}.`)
        : [
            "No record retrieved bears on the question closely enough to answer it; other searches or sources " +
              "are needed.",
          ],
    conclusion:
      `No record among those retrieved answers the question; the evidence that would answer it is listed under ` +
      `Limitations.`,
    notAnswered: { reason: output.evidenceReading.trim(), missing },
  };
}
