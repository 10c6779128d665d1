import { beforeAll, describe, expect, it } from "vitest";
import {
  findProcessMentions,
  geneProcesses,
  processById,
  recogniseProcess,
  vocabulariesAvailable,
} from "@/lib/vocabularies";

// Needs the built lexicon (npm run vocab:build; scripts/test.sh builds it first).
beforeAll(() => {
  if (!vocabulariesAvailable()) throw new Error("no vocabulary lexicon: run npm run vocab:build");
});

describe("recogniseProcess", () => {
  it.each([
    ["apoptosis", "GO:0006915", "apoptotic process"],
    ["apoptotic process", "GO:0006915", "apoptotic process"],
    ["Apoptotic cell death", "GO:0006915", "apoptotic process"],
    ["oxidative stress", "GO:0006979", "response to oxidative stress"],
    ["inflammation", "GO:0006954", "inflammatory response"],
    ["autophagy", "GO:0006914", "autophagy"],
    ["lipid peroxidation", "GO:0034440", "lipid oxidation"],
    ["cell proliferation", "GO:0008283", "cell population proliferation"],
    ["epithelial-mesenchymal transition", "GO:0001837", "epithelial to mesenchymal transition"],
    ["vasoconstriction", "GO:0042310", "vasoconstriction"],
  ])("%s → %s", (phrase, goId, term) => {
    expect(recogniseProcess(phrase)).toEqual({ goId, term });
  });

  it.each([
    "growth",
    "memory",
    "behaviour",
    "phosphorylation",
    "biological_process",
    "lithium",
    "AQP2",
    "opsin",
    "hypertension",
    "",
  ])("%s is not recognised", (phrase) => {
    expect(recogniseProcess(phrase)).toBeNull();
  });
});

describe("findProcessMentions", () => {
  it("finds the process in a BC5CDR sentence with offsets", () => {
    const s =
      "Doxorubicin is an anti-tumor agent that represses cardiac-specific gene expression and induces " +
      "myocardial cell apoptosis.";
    expect(findProcessMentions(s)).toEqual([
      { goId: "GO:0006915", term: "apoptotic process", start: 111, end: 120, text: "apoptosis" },
    ]);
  });

  it("finds several processes, longest first", () => {
    const s = "Lithium induced oxidative stress with lipid peroxidation and cell death.";
    expect(findProcessMentions(s).map((m) => [m.text, m.goId, m.start, m.end])).toEqual([
      ["oxidative stress", "GO:0006979", 16, 32],
      ["lipid peroxidation", "GO:0034440", 38, 56],
      ["cell death", "GO:0008219", 61, 71],
    ]);
  });
});

describe("geneProcesses and processById", () => {
  it("lists curated GO biological processes of AQP2 with evidence", () => {
    expect(geneProcesses("359")).toContainEqual({
      goId: "GO:0006833",
      term: "water transport",
      evidence: ["IBA", "IDA", "IMP"],
    });
  });

  it("is empty for an unknown gene", () => {
    expect(geneProcesses("999999999")).toEqual([]);
  });

  it("looks a process up by ID", () => {
    expect(processById("GO:0006954")).toEqual({ goId: "GO:0006954", term: "inflammatory response" });
    expect(processById("GO:0005634")).toBeNull(); // nucleus: a cellular component, not a process
  });
});
