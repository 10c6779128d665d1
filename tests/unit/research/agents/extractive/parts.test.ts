import { describe, expect, it } from "vitest";
import { buildConceptIndex } from "@/lib/research/agents/extractive/concepts";
import { contradictingRecords, protectiveAgents } from "@/lib/research/agents/extractive/cues";
import { findGeneSymbols, geneKey } from "@/lib/research/agents/extractive/gene-symbols";
import { chainConfidence } from "@/lib/research/agents/extractive/hypothesis";
import { findQuestionTerms } from "@/lib/research/agents/extractive/question-terms";
import { classifyStudy } from "@/lib/domain/study-design";
import type { Evidence } from "@/lib/domain/evidence";
import { searchCorpus } from "../../../../support/corpus";

function record(pmid: string, title: string, abstract: string, entities: Evidence["entities"] = [], publicationTypes: string[] = []): Evidence {
  return {
    id: `pmid:${pmid}`,
    citation: {
      source: "pubmed", pmid, doi: null, pmcid: null, nctId: null, title, authors: [], journal: null, year: null,
      url: `https://pubmed.ncbi.nlm.nih.gov/${pmid}/`, publicationTypes, meshTerms: [], abstract,
    },
    relevance: 1,
    entities,
    preprint: false,
    trial: null,
  };
}

describe("gene symbols", () => {
  it("finds gene-shaped symbols and those next to gene words, not abbreviations", () => {
    const text =
      "Lithium lowered AQP2 and UT-A1 in PKC-alpha null mice; mPGES-1 and COX-2 rose. PARP inhibitor PJ34 helped. DNA, ECG and MRI were normal in WT rats (P53 too).";
    const forms = findGeneSymbols(text, new Set(["PJ34"])).map((g) => g.form);
    expect(forms).toEqual(["AQP2", "UT-A1", "PKC-alpha", "mPGES-1", "COX-2", "PARP", "P53"]);
    expect(geneKey("PKC-alpha")).toBe(geneKey("PKCa"));
  });
});

describe("question terms", () => {
  it("reads 'nephrotoxic' as every kidney disease annotated in the evidence", () => {
    const index = buildConceptIndex(searchCorpus("lithium"));
    const terms = findQuestionTerms("Is lithium nephrotoxic, and by what mechanism?", index);
    expect(terms.drug?.name).toBe("lithium");
    expect(terms.drug?.keys).toEqual(["D008094", "D016651", "D018021"]); // lithium, lithium carbonate, LiCl
    expect(terms.effect?.name).toBe("nephrotoxicity");
    expect(terms.effect?.rule).toBe("organ");
    expect(terms.effect?.keys).toEqual(expect.arrayContaining(["D018500", "D007676", "D051437", "D007674"]));
    expect(terms.effect?.keys).not.toContain("D011141"); // polyuria is an intermediate, not C
    expect(terms.notes).toEqual([]);
  });

  it("reads 'cardiotoxicity' as cardiotoxicity, cardiomyopathy and heart failure", () => {
    const index = buildConceptIndex(searchCorpus("doxorubicin"));
    const terms = findQuestionTerms("Does doxorubicin cause cardiotoxicity?", index);
    expect(terms.effect?.keys).toEqual(expect.arrayContaining(["D066126", "D009202", "D006333"]));
    expect(terms.drug?.keys).toContain("C010013"); // doxorubicinol
  });

  it("falls back to the most frequent chemical and disease, and says so", () => {
    const index = buildConceptIndex(searchCorpus("lithium"));
    const terms = findQuestionTerms("What is known?", index);
    expect(terms.drug?.rule).toBe("fallback");
    expect(terms.drug?.keys[0]).toBe("D008094");
    expect(terms.effect?.rule).toBe("fallback");
    expect(terms.notes).toHaveLength(2);
  });
});

describe("cues", () => {
  const evidence = [
    record("1", "Lithium and the kidney.", "Lithium did not cause renal failure in these patients.", [
      { name: "Lithium", type: "chemical", meshId: "D008094" },
      { name: "renal failure", type: "disease", meshId: "D051437" },
    ]),
    record("2", "Amiloride and lithium.", "Amiloride attenuates lithium-induced renal failure in rats.", [
      { name: "Amiloride", type: "chemical", meshId: "D000584" },
      { name: "lithium", type: "chemical", meshId: "D008094" },
      { name: "renal failure", type: "disease", meshId: "D051437" },
    ]),
  ];
  const index = buildConceptIndex(evidence);

  it("counts a negated effect in a sentence naming the drug as contradicting", () => {
    expect(contradictingRecords(index, new Set(["D008094"]), new Set(["D051437"]))).toEqual([0]);
  });

  it("finds the subject of a protection verb", () => {
    expect(protectiveAgents(index, new Set(["D008094"]), new Set(["D051437"]))).toEqual([{ key: "D000584", records: [1] }]);
  });
});

describe("study design and confidence", () => {
  it("classifies by publication type, registry record and abstract words", () => {
    expect(classifyStudy(record("1", "A trial", "Patients were randomized in a double-blind trial.")).design).toBe("randomized-trial");
    expect(classifyStudy(record("2", "X", "Text.", [], ["Meta-Analysis"])).level).toBe(1);
    expect(classifyStudy(record("3", "Rats", "Male Wistar rats received lithium; rats developed polyuria.")).design).toBe("animal");
    expect(classifyStudy(record("4", "A case", "A 45-year-old man developed polyuria.")).design).toBe("case-report");
    expect(classifyStudy(record("5", "Cells", "Cultured cells were exposed in vitro.")).design).toBe("in-vitro");
  });

  it("derives confidence from the weakest link with k = 2, capped at 0.9, scaled by agreement", () => {
    expect(chainConfidence(1, 3, 0)).toBe(0.35);
    expect(chainConfidence(2, 4, 0)).toBe(0.57);
    expect(chainConfidence(2, 4, 4)).toBe(0.28);
    expect(chainConfidence(50, 50, 0)).toBe(0.9);
    expect(chainConfidence(0, 3, 0)).toBe(0);
  });
});
