import { describe, expect, it } from "vitest";
import type { Evidence } from "@/lib/domain/evidence";
import type { Reference, ResearchReport } from "@/lib/domain/report";
import { referenceFromEvidence } from "@/lib/grounding/references";
import { validateReportCitations } from "@/lib/report/appraise/validate-citations";

function evidence(id: string, ids: { pmid?: string; doi?: string; nctId?: string }, url: string): Evidence {
  return {
    id,
    citation: {
      source: ids.nctId ? "ctgov" : "pubmed",
      pmid: ids.pmid ?? null,
      doi: ids.doi ?? null,
      pmcid: null,
      nctId: ids.nctId ?? null,
      title: `Title of ${id}`,
      authors: ["Doe J"],
      journal: "J Test",
      year: 2020,
      url,
      publicationTypes: [],
      meshTerms: [],
      abstract: "",
    },
    relevance: 1,
    entities: [],
    preprint: false,
    trial: null,
  };
}

const EVIDENCE = [
  evidence("pmid:9226773", { pmid: "9226773" }, "https://pubmed.ncbi.nlm.nih.gov/9226773/"),
  evidence("doi:10.1000/real", { doi: "10.1000/real" }, "https://doi.org/10.1000/real"),
  evidence("nct:NCT01234567", { nctId: "NCT01234567" }, "https://clinicaltrials.gov/study/NCT01234567"),
];

function fake(n: number, fields: Partial<Reference>): Reference {
  return {
    n,
    evidenceId: "",
    source: "pubmed",
    title: "Invented",
    authors: [],
    journal: null,
    year: null,
    pmid: null,
    doi: null,
    nctId: null,
    url: "",
    ...fields,
  };
}

function report(references: Reference[], text: string): ResearchReport {
  const section = (title: string) => ({ title, content: text });
  return {
    title: "T",
    executiveSummary: text,
    researchQuestion: "Q [1]",
    methodology: section("Methodology"),
    hypothesesTested: [],
    mechanisticFindings: section("Mechanistic findings"),
    clinicalFindings: section("Clinical findings"),
    drugCandidates: [],
    limitations: [text],
    conclusion: "See [7].",
    references,
    sourcesSearched: ["PubMed"],
    totalPapersReviewed: 3,
    searchIterations: 1,
    confidenceScore: 0.5,
    removedReferences: 0,
  };
}

describe("validateReportCitations", () => {
  const refs = [
    referenceFromEvidence(EVIDENCE[0], 1),
    fake(2, { pmid: "99999999", url: "https://pubmed.ncbi.nlm.nih.gov/99999999/" }),
    { ...referenceFromEvidence(EVIDENCE[1], 3), evidenceId: "", pmid: null }, // only a real DOI and its URL
    fake(4, { doi: "10.9999/fabricated.2024" }),
    fake(5, { url: "https://example.org/made-up-paper" }),
  ];
  const text = "Lithium causes polyuria [1]. Fabricated claim [2]. Another claim [5]. Both [1, 3]. Range [2–4].";

  it("removes fabricated references, renumbers the rest and rewrites every marker", () => {
    const result = validateReportCitations(report(refs, text), EVIDENCE);
    expect(result.removedReferences).toBe(3);
    // per prose field: [2], [5] and 2 of [2–4] → 4; five fields carry the text; the conclusion's [7] → 1
    expect(result.removedMarkers).toBe(4 * 5 + 1);
    const expected = "Lithium causes polyuria [1]. Fabricated claim. Another claim. Both [1, 2]. Range [2].";
    expect(result.report.executiveSummary).toBe(expected);
    expect(result.report.methodology.content).toBe(expected);
    expect(result.report.mechanisticFindings.content).toBe(expected);
    expect(result.report.clinicalFindings.content).toBe(expected);
    expect(result.report.limitations).toEqual([expected]);
    expect(result.report.conclusion).toBe("See.");
    expect(result.report.researchQuestion).toBe("Q [1]"); // the user's question is not prose we cite in
    expect(result.report.references.map((r) => [r.n, r.evidenceId])).toEqual([
      [1, "pmid:9226773"],
      [2, "doi:10.1000/real"],
    ]);
    expect(result.report.references[1]).toEqual(referenceFromEvidence(EVIDENCE[1], 2)); // rebuilt from the record
    expect(result.report.removedReferences).toBe(3);
  });

  it("is idempotent and keeps the count", () => {
    const once = validateReportCitations(report(refs, text), EVIDENCE);
    const twice = validateReportCitations(once.report, EVIDENCE);
    expect(twice.removedReferences).toBe(0);
    expect(twice.removedMarkers).toBe(0);
    expect(twice.report).toEqual(once.report);
  });

  it("removes a real PMID carrying an invented DOI, accepts a registry URL, merges duplicates", () => {
    const mixed = [
      { ...referenceFromEvidence(EVIDENCE[0], 1), doi: "10.5555/not-this-paper" },
      fake(2, { url: "https://www.clinicaltrials.gov/study/NCT01234567?tab=results" }),
      fake(3, { pmid: "9226773" }),
      fake(4, {}),
    ];
    const result = validateReportCitations(report(mixed, "A [1]. B [2]. C [3]. D [1–4]."), EVIDENCE);
    expect(result.removedReferences).toBe(2);
    expect(result.report.references.map((r) => r.evidenceId)).toEqual(["nct:NCT01234567", "pmid:9226773"]);
    expect(result.report.executiveSummary).toBe("A. B [1]. C [2]. D [1, 2].");
  });
});
