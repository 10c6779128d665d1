import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  actionsOf,
  broaderOf,
  classMembers,
  classTarget,
  conceptById,
  conceptsAvailable,
  conceptVocabularyVersion,
  descendantIds,
  entryTerms,
  findConceptMentions,
  lookupConcept,
  relateDiseases,
  resetConcepts,
} from "@/lib/vocabularies";
import type { ConceptMeta } from "@/lib/vocabularies/concept-format";

// The vocabulary built by `npm run vocab:build` from ../shared/vocab (MeSH 2024, Disease Ontology 2016-09-01).
const root = path.resolve(import.meta.dirname, "../../..");
const meta = () =>
  JSON.parse(fs.readFileSync(path.join(root, "data", "vocabularies", "concepts-meta.json"), "utf8")) as ConceptMeta & {
    inferredActions: string[];
  };
const id = (phrase: string) => lookupConcept(phrase)?.id ?? null;

describe("the concept vocabulary", () => {
  it("names its version and sources, and lists the pharmacological actions it inferred", () => {
    expect(conceptVocabularyVersion()).toBe("MeSH 2024 · Disease Ontology 2016-09-01");
    const m = meta();
    expect(m.mode).toBe("offline");
    expect(m.sources.map((s) => `${s.name} ${s.version}`)).toEqual(["MeSH 2024", "Human Disease Ontology 2016-09-01"]);
    expect(m.sources[1].licence).toBe("CC BY 3.0 (Disease Ontology, per the file's header)");
    // Descriptors of the C, D and F03 trees; the 2016 DO's live terms without a kept MeSH cross-reference.
    expect(m.counts).toMatchObject({ descriptors: 15695, doTerms: 4358, pharmacologicalActions: 563 });
    expect(m.inferredActions).toEqual([
      "Fluvastatin → Hydroxymethylglutaryl-CoA Reductase Inhibitors",
      "Lithium → Antidepressive Agents",
      "Lithium → Antimanic Agents",
    ]);
  });

  it("resolves classes, spellings and synonyms to one concept", () => {
    expect(id("statins")).toBe("D019161");
    expect(id("HMG-CoA reductase inhibitors")).toBe("D019161");
    expect(conceptById("D019161")).toMatchObject({
      name: "Hydroxymethylglutaryl-CoA Reductase Inhibitors",
      kind: "class",
    });
    // "myxoedema" is not a MeSH term: British spellings are folded ("oe" → "e"), and the Disease Ontology's synonyms
    // of DOID:11634 (xref MESH:D009230) give it too.
    expect(id("Myxoedema")).toBe("D009230");
    expect(id("fibrosis of lung")).toBe("D011658"); // a DO synonym only
    expect(id("anaemia")).toBe("D000740");
    expect(id("oesophagitis")).toBe(id("esophagitis"));
    expect(id("mevinolin")).toBe("D008148");
    expect(id("aminoglycoside antibiotics")).toBe("D000617");
    expect(id("beta blockers")).toBe("D000319");
    expect(id("tardive dyskinesia")).toBe("D000071057");
    // Abbreviations match only as written; brand names that are English words are not terms.
    expect(id("AIDS")).toBe("D000163");
    expect(id("aids")).toBeNull();
    expect(id("versed")).toBeNull();
    expect(id("pizza")).toBeNull();
  });

  it("finds the concepts a question names, longest first, never 'lead' in 'lead to'", () => {
    const found = findConceptMentions("Does amiodarone lead to pulmonary fibrosis, and is myxoedema a risk?");
    expect(found.map((m) => [m.text, m.concept.id, m.fromDo])).toEqual([
      ["amiodarone", "D000638", false],
      ["pulmonary fibrosis", "D011658", false],
      ["myxoedema", "D009230", false],
    ]);
    expect(findConceptMentions("fibrosis of lung").map((m) => [m.concept.id, m.fromDo])).toEqual([["D011658", true]]);
    expect(found[1]).toMatchObject({ start: 24, end: 42 });
  });

  it("gives a class its members through pharmacological actions, filling the known gaps", () => {
    const statins = classMembers("D019161");
    expect(statins).toContain("D008148"); // lovastatin
    expect(statins).toContain("D019821"); // simvastatin
    // Fluvastatin has no PA row in the 2024 table: its INN stem "-vastatin" gives it the class.
    expect(statins).toContain("D000077340");
    expect(actionsOf("D000077340")).toEqual([
      { id: "D019161", name: "Hydroxymethylglutaryl-CoA Reductase Inhibitors", inferred: true },
    ]);
    expect(actionsOf("D008094").map((a) => a.name)).toEqual(["Antidepressive Agents", "Antimanic Agents"]);
    // A chemical group of the D tree: its descendants.
    expect(classMembers("D000617")).toContain("D005839"); // gentamicins
  });

  it("names the target a class is named after", () => {
    expect(classTarget("D019161")).toMatchObject({ phrase: "HMG-CoA Reductase", gene: { symbol: "HMGCR" } });
    expect(classTarget("D026902")).toEqual({ phrase: "Potassium Channel", gene: null });
    expect(classTarget("D000889")).toBeNull(); // Anti-Arrhythmia Agents: named after no target
  });

  it("relates diseases by the MeSH trees: narrower, broader, cousins under a shared parent", () => {
    expect(relateDiseases("D013959", "D009230")).toEqual({ kind: "narrower", via: null }); // thyroid → myxedema
    expect(relateDiseases("D011658", "D008171")).toEqual({ kind: "broader", via: null }); // fibrosis → lung diseases
    expect(relateDiseases("D011658", "D011014")).toEqual({ kind: "related", via: "D008171" }); // pneumonia
    expect(relateDiseases("D011658", "D000542")).toEqual({ kind: "related", via: "D017563" }); // allergic alveolitis
    // Torsades de pointes and long QT syndrome are cousins under Arrhythmias, Cardiac.
    expect(relateDiseases("D008133", "D016171")).toEqual({ kind: "related", via: "D001145" });
    // Fibrosis of the liver is not related to fibrosis of the lung: C23's "Fibrosis" does not relate organs.
    expect(relateDiseases("D011658", "D008103")).toBeNull();
    expect(broaderOf("D011658").map((b) => conceptById(b.id)?.name)).toEqual([
      "Lung Diseases, Interstitial",
      "Lung Diseases",
    ]);
    expect(descendantIds("D013959")).toContain("D007037");
    // The table marks plurals as permuted terms: they are not kept (lookups try the other number themselves).
    expect(entryTerms("D009230")).toEqual(["Myxedema", "Myxedema (disorder)", "Myxoedema"]);
  });
});

describe("without a concept vocabulary", () => {
  const saved = process.env.CRITICA_VOCABULARIES_DIR;
  afterEach(() => {
    if (saved === undefined) delete process.env.CRITICA_VOCABULARIES_DIR;
    else process.env.CRITICA_VOCABULARIES_DIR = saved;
    resetConcepts();
  });

  it("returns empty results and never throws", () => {
    process.env.CRITICA_VOCABULARIES_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "critica-vocab-"));
    resetConcepts();
    expect(conceptsAvailable()).toBe(false);
    expect(conceptVocabularyVersion()).toBeNull();
    expect(lookupConcept("statins")).toBeNull();
    expect(findConceptMentions("statins and myopathy")).toEqual([]);
    expect(classMembers("D019161")).toEqual([]);
    expect(relateDiseases("D011658", "D011014")).toBeNull();
  });
});
