import { describe, expect, it } from "vitest";
import { buildConceptIndex } from "@/lib/research/agents/extractive/concepts";
import { contradictingRecords, protectiveAgents } from "@/lib/research/agents/extractive/cues";
import { linkRecordIndices, negatesPair } from "@/lib/research/agents/extractive/links";
import { chainConfidence } from "@/lib/research/agents/extractive/hypothesis";
import { findQuestionTerms } from "@/lib/research/agents/extractive/question-terms";
import { classifyStudy } from "@/lib/evidence/study-design/classify";
import type { Evidence } from "@/lib/domain/evidence";
import { searchCorpus } from "@/tests/support/corpus";

function record(
  pmid: string,
  title: string,
  abstract: string,
  entities: Evidence["entities"] = [],
  publicationTypes: string[] = [],
): Evidence {
  return {
    id: `pmid:${pmid}`,
    citation: {
      source: "pubmed",
      pmid,
      doi: null,
      pmcid: null,
      nctId: null,
      title,
      authors: [],
      journal: null,
      year: null,
      url: `https://pubmed.ncbi.nlm.nih.gov/${pmid}/`,
      publicationTypes,
      meshTerms: [],
      abstract,
    },
    relevance: 1,
    entities,
    preprint: false,
    trial: null,
  };
}

describe("typed concepts", () => {
  it("keys genes by NCBI Gene ID and processes by GO ID; headings and annotated chemicals are not genes", () => {
    const evidence = [
      record(
        "16403073",
        "Ketoconazole induced torsades de pointes.",
        "FINDINGS: We postulate that by virtue of its direct blocking action on IKr, ketoconazole alone may " +
          "prolong QT interval. Apoptosis was not seen.",
        [
          { name: "Ketoconazole", type: "chemical", meshId: "D007654" },
          { name: "torsades de pointes", type: "disease", meshId: "D016171" },
        ],
      ),
    ];
    const index = buildConceptIndex(evidence);
    expect(index.concepts.get("gene:3757")).toMatchObject({
      kind: "gene",
      gene: { entrezId: "3757", symbol: "KCNH2" },
    });
    expect([...index.concepts.get("gene:3757")!.forms.keys()]).toEqual(["IKr"]);
    expect(index.concepts.get("go:GO:0006915")).toMatchObject({
      kind: "process",
      process: { goId: "GO:0006915", term: "apoptotic process" },
    });
    const kinds = [...index.concepts.values()].map((c) => [c.key, c.kind]).sort();
    expect(kinds).toEqual([
      ["D007654", "chemical"],
      ["D016171", "disease"],
      ["gene:3757", "gene"],
      ["go:GO:0006915", "process"],
    ]);
  });
});

describe("links rest on non-negated sentences", () => {
  it("reads a negation cue before either term as negating their relation (NegEx window of 6 tokens)", () => {
    expect(negatesPair("5-HT1A-mediated signs were not evoked by haloperidol.", ["5-HT1A", "haloperidol"])).toBe(true);
    expect(negatesPair("Lithium did not change AQP2 abundance.", ["Lithium", "AQP2"])).toBe(true);
    expect(negatesPair("Lithium reduced AQP2 abundance.", ["Lithium", "AQP2"])).toBe(false);
  });

  it("drops a drug → target link whose only sentence is negated", () => {
    const evidence = [
      record(
        "1",
        "Serotonin syndrome signs in rats.",
        "5-HT1A receptor-mediated signs were not evoked by haloperidol.",
        [{ name: "haloperidol", type: "chemical", meshId: "D006220" }],
      ),
      record("2", "Receptor binding.", "Haloperidol bound the dopamine D2 receptor.", [
        { name: "Haloperidol", type: "chemical", meshId: "D006220" },
      ]),
    ];
    const index = buildConceptIndex(evidence);
    expect(linkRecordIndices(index, new Set(["D006220"]), new Set(["gene:3350"]))).toEqual([]); // HTR1A
    expect(linkRecordIndices(index, new Set(["D006220"]), new Set(["gene:1813"]))).toEqual([1]); // DRD2
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

  it("never substitutes another drug: an open question has none, an absent named drug is reported", () => {
    const index = buildConceptIndex(searchCorpus("lithium"));
    // Not about a drug and asking for none: "other", read for its findings (never forced into "which drugs cause …").
    const open = findQuestionTerms("What is known?", index);
    expect(open.classification.kind).toBe("other");
    expect(open.drug).toBeNull();
    expect(open.effect).toBeNull();
    expect(open.missingDrug).toBeNull();
    const absent = findQuestionTerms("Is rofecoxib nephrotoxic?", index);
    expect(absent.classification).toEqual({
      kind: "named-drug",
      drugs: ["rofecoxib"],
      conditions: ["nephrotoxicity"],
      relation: "causes",
      organ: "kidneys",
      negated: false,
    });
    expect(absent.drug).toBeNull();
    expect(absent.missingDrug).toBe("rofecoxib");
    expect(absent.notes).toEqual([
      "The question names rofecoxib, but none of the 29 records reviewed mentions it; no other drug was substituted.",
    ]);
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
    expect(protectiveAgents(index, new Set(["D008094"]), new Set(["D051437"]))).toEqual([
      { key: "D000584", records: [1] },
    ]);
  });
});

describe("study design and confidence", () => {
  it("classifies by publication type, registry record and abstract words", () => {
    expect(classifyStudy(record("1", "A trial", "Patients were randomized in a double-blind trial.")).design).toBe(
      "randomized-trial",
    );
    expect(classifyStudy(record("2", "X", "Text.", [], ["Meta-Analysis"])).level).toBe(1);
    expect(
      classifyStudy(record("3", "Rats", "Male Wistar rats received lithium; rats developed polyuria.")).design,
    ).toBe("animal");
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
