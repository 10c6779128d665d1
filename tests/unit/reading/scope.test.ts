import { describe, expect, it } from "vitest";
import { questionScope } from "@/lib/reading/scope";
import { promptConcepts } from "@/lib/reading/prompt-concepts";
import { europePmcQuery, libraryExpansion, pubmedQuery } from "@/lib/reading/query-expansion";
import { readPubmedQa } from "@/lib/library/pubmedqa";
import { loadCorpus } from "@/tests/support/corpus";

describe("questions outside the biomedical literature", () => {
  it("tells a question about pizza from one about drugs, diseases, genes, processes or patients", () => {
    expect(questionScope("What is the best pizza topping?")).toEqual({
      biomedical: false,
      reason: "it names no chemical, drug, disease, gene, biological process or clinical outcome",
    });
    expect(questionScope("Who won the 2018 World Cup?").biomedical).toBe(false);
    expect(questionScope("Does vitamin C cure the common cold?")).toEqual({
      biomedical: true,
      reason: "it names vitamin C (MeSH Ascorbic Acid)",
    });
    expect(questionScope("Is laparoscopic surgery safe in the elderly?").biomedical).toBe(true);
    // Records sharing a word ("best") do not make pizza biomedical: none holds half of the question's terms.
    expect(questionScope("What is the best pizza topping?", loadCorpus().slice(0, 200)).biomedical).toBe(false);
  });

  it("reads every PubMedQA question as biomedical, most by their words, all with their own abstract", () => {
    const items = readPubmedQa();
    expect(items).toHaveLength(1000);
    expect(items.filter((i) => questionScope(i.question).biomedical)).toHaveLength(865);
    expect(items.filter((i) => !questionScope(i.question, [i.record]).biomedical)).toEqual([]);
  });
});

describe("searching by concepts, as PubMed's automatic term mapping does", () => {
  it("expands a class by its members, a disease by its narrower concepts; maps PubMed and Europe PMC queries", () => {
    const q = "Is there evidence that statins cause myopathy?";
    expect(libraryExpansion(q).slice(0, 5)).toEqual([
      "hydroxymethylglutaryl-coa reductase inhibitors",
      "hmg-coa reductase inhibitor",
      "hmg-coa reductase inhibitors",
      "atorvastatin",
      "fluvastatin",
    ]);
    // With the library's annotations, the narrower concepts it annotates most come first.
    const annotated = new Map([
      ["D012206", { name: "rhabdomyolysis", records: 12 }],
      ["D008148", { name: "lovastatin", records: 5 }],
    ]);
    expect(libraryExpansion(q, annotated)).toEqual(expect.arrayContaining(["rhabdomyolysis", "lovastatin"]));
    expect(libraryExpansion(q, annotated)).not.toContain("temporomandibular joint disorders");
    expect(pubmedQuery(q)).toBe(
      '("Hydroxymethylglutaryl-CoA Reductase Inhibitors"[MeSH Terms] OR "Hydroxymethylglutaryl-CoA Reductase ' +
        'Inhibitors"[Pharmacological Action] OR "statins"[tiab] ' +
        'OR "Hydroxymethylglutaryl-CoA Reductase Inhibitors"[tiab] ' +
        'OR "HMG-CoA Reductase Inhibitor"[tiab] OR "Statin"[tiab] OR "HMG-CoA Reductase Inhibitors"[tiab]) AND ' +
        '("Muscular Diseases"[MeSH Terms] OR "myopathy"[tiab] OR "Muscular Diseases"[tiab] OR "Myopathies"[tiab] OR ' +
        '"Muscle Disorders"[tiab] OR "Myopathic Conditions"[tiab])',
    );
    expect(europePmcQuery(q)).toContain('MESH_HEADING:"Hydroxymethylglutaryl-CoA Reductase Inhibitors" OR "statins"');
    expect(europePmcQuery(q)).toContain('"Lovastatin"');
    // A query in a search syntax, or naming one concept only, is left as written.
    expect(pubmedQuery("doxorubicin AND (heart OR cardiac)")).toBe("doxorubicin AND (heart OR cardiac)");
    expect(pubmedQuery("Is lithium nephrotoxic?")).toBe("Is lithium nephrotoxic?");
    expect(libraryExpansion("What is the best pizza topping?")).toEqual([]);
  });

  it("gives the model path the question's concepts, and nothing for a question without any", () => {
    expect(promptConcepts("Is there evidence that statins cause myopathy?")).toMatch(
      new RegExp(
        "^## Concepts of the question \\(MeSH 2024 · Disease Ontology 2016-09-01\\)\\n" +
          "- statins = Hydroxymethylglutaryl-CoA Reductase Inhibitors " +
          "\\(MeSH D019161, a drug class: members include .*; named after its target HMGCR\\)\\n" +
          "- myopathy = Muscular Diseases \\(MeSH D009135, a disease: narrower concepts include ",
      ),
    );
    expect(promptConcepts("What is the best pizza topping?")).toBe("");
  });
});
