import { SOURCE_LABELS, type SourceId } from "@/lib/domain/evidence";
import type { ResearchReport } from "@/lib/domain/report";
import { readsAsClaim } from "@/lib/reading/claim";
import { questionScope } from "@/lib/reading/scope";
import { reportToMarkdown } from "@/lib/report/render/markdown";
import type { ResearchRunInput, ResearchState } from "./state";

/**
 * After the question's own search: a question the biomedical literature cannot answer (lib/reading/scope.ts) is
 * marked, so that no agent runs and the run ends, with a notice saying why. A short answer, not a report built from
 * records that merely share a word with the question.
 */
export async function markOutOfScope(input: ResearchRunInput, state: ResearchState): Promise<void> {
  const scope = questionScope(input.question, state.evidence);
  if (scope.biomedical) return;
  state.outOfScope = scope.reason;
  state.synthesize = true;
  await input.recorder.emit("notice", {
    level: "info",
    message:
      `Outside the biomedical literature: ${scope.reason}, and no record found bears on it; ` +
      `no report is written from them.`,
  });
}

/**
 * A claim typed as a research question ("Amiodarone causes hypothyroidism."): researched as the question it states, and
 * a notice offers the claim check.
 */
export async function noticeClaimForm(input: ResearchRunInput): Promise<void> {
  if (!readsAsClaim(input.question)) return;
  await input.recorder.emit("notice", {
    level: "info",
    message:
      "This reads as a claim rather than a question: it is researched as the question it states; a claim check " +
      "(Check a claim) weighs it for and against.",
  });
}

/**
 * The report stage of a question outside the biomedical literature: the short report ({@link outOfScopeReport}), saved.
 */
export async function writeOutOfScope(input: ResearchRunInput, state: ResearchState): Promise<ResearchState> {
  const report = outOfScopeReport({
    question: input.question,
    reason: state.outOfScope ?? "",
    records: state.evidence.length,
    sourcesSearched: input.sourceIds,
    iterations: state.iterations,
  });
  state.report = report;
  state.markdown = reportToMarkdown(report);
  await input.recorder.emit("report", { report, markdown: state.markdown });
  return state;
}

/**
 * The report of a question outside the biomedical literature (lib/reading/scope.ts questionScope): one short
 * paragraph that says so and why, what was searched, and what Critica answers instead; no findings, no quotations, no
 * references, no hypotheses. `records` is how many records the question's own search returned (none bears on it).
 */
export function outOfScopeReport(input: {
  question: string;
  reason: string;
  records: number;
  sourcesSearched: SourceId[];
  iterations: number;
}): ResearchReport {
  const sources = input.sourcesSearched.map((s) => SOURCE_LABELS[s]).join(", ") || "no source";
  const paragraph =
    `This question is outside what the biomedical literature answers: ${input.reason}, and none of the ` +
    `${input.records === 1 ? "1 record" : `${input.records} records`} the search of ${sources} returned bears on it. ` +
    "Critica reads questions about drugs, diseases and their mechanisms, " +
    "such as “Is lithium nephrotoxic, and by what " +
    "mechanism?”, and checks claims such as “Statins cause myopathy.”";
  const empty = { title: "", content: "" };
  return {
    title: `Outside the biomedical literature: ${input.question}`,
    executiveSummary: paragraph,
    researchQuestion: input.question,
    methodology: empty,
    hypothesesTested: [],
    mechanisticFindings: empty,
    clinicalFindings: empty,
    drugCandidates: [],
    limitations: [],
    conclusion: "",
    references: [],
    sourcesSearched: input.sourcesSearched.map((s) => SOURCE_LABELS[s]),
    totalPapersReviewed: input.records,
    searchIterations: input.iterations,
    confidenceScore: 0,
    removedReferences: 0,
    outOfScope: { reason: input.reason },
  };
}
