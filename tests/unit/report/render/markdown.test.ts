import { describe, expect, it } from "vitest";
import type { ResearchReport } from "@/lib/domain/report";
import { formatAuthors, formatReference, reportToMarkdown } from "@/lib/report/render/markdown";

const REPORT: ResearchReport = {
  title: "Lithium and nephrotoxicity: mechanism and evidence",
  executiveSummary: "Lithium causes nephrogenic diabetes insipidus [1].",
  researchQuestion: "Is lithium nephrotoxic?",
  methodology: { title: "Methodology", content: "Sources searched: PubMed.\nSearch iterations: 2." },
  hypothesesTested: [
    { mechanism: "lithium → AQP2 → polyuria → nephrogenic diabetes insipidus", supported: 4, contradicted: 0 },
    { mechanism: "lithium → cAMP → polyuria → nephrogenic diabetes insipidus", supported: 1, contradicted: 1 },
  ],
  mechanisticFindings: { title: "Mechanistic findings", content: "- AQP2 fell in mice [1].\n- cAMP output fell [2]." },
  clinicalFindings: {
    title: "Clinical findings",
    content: "Human evidence: 1 case report or series.\n- NCT01234567 (PHASE2, terminated): Trial [2].",
  },
  drugCandidates: ["lithium", "amiloride (protective)"],
  limitations: ["Abstracts only."],
  conclusion: "The evidence is sufficient [1, 2].",
  references: [
    {
      n: 1,
      evidenceId: "pmid:19692487",
      source: "pubmed",
      title: "Mice lacking mPGES-1 are resistant to lithium-induced polyuria",
      authors: ["Jia Z", "Wang H", "Yang T", "Smith A"],
      journal: "Am J Physiol Renal Physiol",
      year: 2009,
      pmid: "19692487",
      doi: "10.1152/ajprenal.00051.2009",
      nctId: null,
      url: "https://pubmed.ncbi.nlm.nih.gov/19692487/",
    },
    {
      n: 2,
      evidenceId: "nct:NCT01234567",
      source: "ctgov",
      title: "A [phase 2] trial",
      authors: [],
      journal: null,
      year: null,
      pmid: null,
      doi: null,
      nctId: "NCT01234567",
      url: "https://clinicaltrials.gov/study/NCT01234567",
    },
  ],
  sourcesSearched: ["PubMed", "ClinicalTrials.gov"],
  totalPapersReviewed: 42,
  searchIterations: 2,
  confidenceScore: 0.654,
  removedReferences: 2,
};

describe("reportToMarkdown", () => {
  const md = reportToMarkdown(REPORT);

  it("renders the sections in order", () => {
    const headings = [...md.matchAll(/^#{1,2} (.+)$/gm)].map((m) => m[1]);
    expect(headings).toEqual([
      "Lithium and nephrotoxicity: mechanism and evidence",
      "Executive summary",
      "Research question",
      "Methodology",
      "Hypotheses tested",
      "Mechanistic findings",
      "Clinical findings",
      "Drug candidates",
      "Limitations",
      "Conclusion",
      "References",
    ]);
    expect(md).toContain(
      "- **lithium → AQP2 → polyuria → nephrogenic diabetes insipidus** (supported): " +
        "4 supporting, 0 contradicting",
    );
    expect(md).toContain("(mixed): 1 supporting, 1 contradicting");
    expect(md).toContain("- **amiloride (protective)**");
    expect(md).toContain("Sources searched: PubMed.\n\nSearch iterations: 2.");
  });

  it("numbers references with authors, journal, year and identifier links", () => {
    expect(md).toContain(
      "1. Jia Z, Wang H, Yang T, et al. Mice lacking mPGES-1 are resistant to lithium-induced polyuria. *Am J " +
        "Physiol Renal Physiol* (2009). " +
        "PMID: [19692487](https://pubmed.ncbi.nlm.nih.gov/19692487/) · DOI: " +
        "[10.1152/ajprenal.00051.2009](https://doi.org/10.1152/ajprenal.00051.2009)",
    );
    expect(md).toContain("2. A \\[phase 2\\] trial. [NCT01234567](https://clinicaltrials.gov/study/NCT01234567)");
  });

  it("ends with a footer that reports removed references", () => {
    expect(md.trimEnd().split("\n").pop()).toBe(
      "*Report generated from 42 papers across 2 search iterations. Confidence: 65%. 2 references removed by " +
        "citation validation.*",
    );
    expect(reportToMarkdown({ ...REPORT, removedReferences: 0 })).not.toContain("removed by citation validation");
  });

  it("formats author lists", () => {
    expect(formatAuthors([])).toBe("");
    expect(formatAuthors(["Doe J"])).toBe("Doe J.");
    expect(formatReference({ ...REPORT.references[0], authors: [], journal: null, year: null, doi: null })).toBe(
      "Mice lacking mPGES-1 are resistant to lithium-induced polyuria. PMID: " +
        "[19692487](https://pubmed.ncbi.nlm.nih.gov/19692487/)",
    );
  });
});
