import { describe, expect, it } from "vitest";
import { annotationIndex, isAbbreviation, isDiseaseOfOrgan, longFormOf } from "@/lib/reading/annotations";
import { readQuestionEvidence } from "@/lib/reading/read";
import { organNamed } from "@/lib/vocabularies/organs";
import { loadCorpus } from "@/tests/support/corpus";

const record = (pmid: string) => loadCorpus().filter((e) => e.id === `pmid:${pmid}`);

describe("which annotated diseases count for an organ", () => {
  it(
    "reads a disease by its spelled-out name, not its abbreviation: NMS is neuroleptic malignant syndrome (PMID " +
      "16720068)",
    () => {
      // The record's annotation keeps the name "NMS"; its abstract defines it: "… neuroleptic malignant syndrome
      // (NMS) …".
      const [nms] = record("16720068");
      expect(longFormOf(`${nms.citation.title} ${nms.citation.abstract}`, "NMS")).toBe(
        "neuroleptic malignant syndrome",
      );
      const index = annotationIndex([nms]);
      const nerves = organNamed("nerves")!;
      expect(isDiseaseOfOrgan(index, "D009459", nerves)).toBe(true);
      expect(isDiseaseOfOrgan(index, "D005334", nerves)).toBe(false); // fever
      expect(readQuestionEvidence("Is paroxetine neurotoxic?", record("16720068")).resolved?.diseaseIds).toContain(
        "D009459",
      );
    },
  );

  it("counts a disease named by an organ in enough of its mentions, not one named so once among many", () => {
    const records = loadCorpus().slice(0, 500); // CDR_DevelopmentSet
    const index = annotationIndex(records);
    const heart = organNamed("heart")!;
    // Sudden cardiac death (D016757) is a heart disease by its name; hypotension (D007022) is not.
    expect(isDiseaseOfOrgan(index, "D016757", heart)).toBe(true);
    expect(isDiseaseOfOrgan(index, "D007022", heart)).toBe(false);
  });

  it(
    "does not take a five-letter word for an abbreviation: death (D003643), written 'cardiac death' once beside " +
      "it, is no heart disease",
    () => {
      // The cocaine records of the corpus name D003643 "death" in two records and "cardiac death" in one.
      const cocaine = loadCorpus().filter((e) => /cocaine/i.test(`${e.citation.title} ${e.citation.abstract}`));
      const index = annotationIndex(cocaine);
      expect(Object.fromEntries(index.namesById.get("D003643") ?? [])).toEqual({ death: 2, "cardiac death": 1 });
      expect(isDiseaseOfOrgan(index, "D003643", organNamed("heart")!)).toBe(false);
      expect(isAbbreviation("death")).toBe(false);
      expect(["TdP", "NMS", "5-HT", "Li"].map(isAbbreviation)).toEqual([true, true, true, true]);
    },
  );
});
