import { describe, expect, it } from "vitest";
import type { ResearchReport } from "@/lib/domain/report";
import { registry } from "@/lib/modes";
import { exportRun } from "@/lib/export/report";
import { runToJson } from "@/lib/research/run-json";
import { reportToMarkdown } from "@/lib/report/render/markdown";
import { referenceFromEvidence } from "@/lib/grounding/references";
import type { RunDetail } from "@/lib/runs/projections";
import { loadCorpus } from "@/tests/support/corpus";

const QUESTION = "Does levodopa cause dyskinesia?";
// BC5CDR test records (loadCorpus: Development, Test, Training) that bear on the question, plus two that do not.
const ids = [
  "pmid:23952588",
  "pmid:24126708",
  "pmid:20169779",
  "pmid:16309808",
  "pmid:23535177",
  "pmid:439781",
  "pmid:8701013",
];
const evidence = ids.map((id) =>
  loadCorpus()
    .slice(500, 1000)
    .find((e) => e.id === id)!,
);

function detail(): RunDetail {
  const references = evidence.slice(0, 3).map((e, i) => referenceFromEvidence(e, i + 1));
  const report: ResearchReport = {
    title: "Levodopa and dyskinesia",
    executiveSummary: "Levodopa-induced dyskinesia is common [1].",
    researchQuestion: QUESTION,
    methodology: { title: "Methodology", content: "Sources searched: Local library." },
    hypothesesTested: [],
    mechanisticFindings: { title: "Mechanistic findings", content: "None." },
    clinicalFindings: { title: "Clinical findings", content: "Dyskinesia in 44% [1]." },
    drugCandidates: ["levodopa"],
    limitations: ["Abstracts only."],
    conclusion: "Yes [1, 2, 3].",
    references,
    sourcesSearched: ["Local library"],
    totalPapersReviewed: 7,
    searchIterations: 1,
    confidenceScore: 0.6,
    removedReferences: 0,
  };
  const now = new Date("2026-11-23T00:00:00Z");
  return {
    run: {
      id: "0b9e3c1e-3f0e-4c55-9f0a-6f4a3a1e2d10",
      mode: "research",
      question: QUESTION,
      status: "completed",
      backend: "extractive",
      model: null,
      sources: ["local"],
      maxIterations: 1,
      iterations: 1,
      confidence: 0.6,
      evidenceCount: 7,
      error: null,
      ownerId: null,
      createdAt: now,
      finishedAt: now,
    },
    events: [],
    evidence,
    hypotheses: [],
    assessments: [],
    report,
    markdown: reportToMarkdown(report),
    shortfalls: [],
  };
}

describe("the bottom line and GRADE certainty in --json and the Markdown export", () => {
  it("adds answer and certainty to the --json contract", () => {
    const json = runToJson(detail());
    expect(json.answer).toEqual({
      kind: "yes-no",
      verdict: "yes",
      candidates: [],
      // Read through lib/reading: the four records naming levodopa and dyskinesia (or its LIDs) read as
      // levodopa-induced; PMID 16309808 names no dyskinesia, so it does not bear on the question.
      sentence: "Yes: of 4 records that bear on the question, 4 point yes.",
      // The meter counts related evidence and records that name both without reporting the effect apart.
      meter: { yes: 4, possibly: 0, no: 0, related: 0, unreported: 0, irrelevant: 3 },
    });
    expect(json.certainty?.level).toBe("very low");
    expect(json.certainty?.judgements.filter((j) => j.down).map((j) => j.domain)).toEqual(["imprecision"]);
  });

  it(
    "puts the bottom line and GRADE sections above the executive summary of the Markdown export, naming records " +
      "by [n] or PMID",
    () => {
      const md = exportRun("markdown", detail(), registry)!.body;
      expect(md.indexOf("## Bottom line")).toBeGreaterThan(md.indexOf("# Levodopa and dyskinesia"));
      expect(md.indexOf("## Certainty of evidence (GRADE)")).toBeLessThan(md.indexOf("## Executive summary"));
      expect(md).toContain(
        "Yes: of 4 records that bear on the question, 4 point yes.\n\nEvidence meter: Yes 4 · Possibly 0 · No 0 · " +
          "Related evidence 0 · Does not report it 0 · Not relevant 3.",
      );
      expect(md).toContain(
        "- **Imprecision** (rated down): Few records: 4 bear on the question (fewer than 5). Records: [1], [2], " +
          "[3], PMID 23535177.",
      );
    },
  );
});
