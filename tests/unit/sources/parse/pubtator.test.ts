import { describe, expect, it } from "vitest";
import { evidenceSchema } from "@/lib/domain/evidence";
import { parsePubTator, PubTatorFormatError } from "@/lib/sources/parse/pubtator";
import { listFixtures, readFixture } from "@/tests/support/fixtures";

// Expected values were read from the BC5CDR PubTator files (|t| line counts, mention lines of PMID 227508).

const PUBTATOR_FILES = listFixtures("corpus/bc5cdr_pubtator").filter((f) => f.endsWith(".PubTator.txt"));

describe("parsePubTator on the BC5CDR corpus", () => {
  it("finds the three BC5CDR files", () => {
    expect(PUBTATOR_FILES.map((f) => f.split("/").pop())).toEqual([
      "CDR_DevelopmentSet.PubTator.txt",
      "CDR_TestSet.PubTator.txt",
      "CDR_TrainingSet.PubTator.txt",
    ]);
  });

  it.each(PUBTATOR_FILES)("%s holds exactly 500 documents, all valid Evidence", (file) => {
    const text = readFixture(file);
    const evidence = parsePubTator(text, "local");
    expect(evidence).toHaveLength(500);
    expect(evidence.map((e) => e.citation.pmid)).toEqual([...text.matchAll(/^(\d+)\|t\|/gm)].map((m) => m[1]));
    for (const e of evidence) expect(evidenceSchema.parse(e)).toEqual(e);
  });

  it("groups the mentions of PMID 227508 into entities", () => {
    const [e] = parsePubTator(readFixture("corpus/bc5cdr_pubtator/CDR_TrainingSet.PubTator.txt"));
    expect(e.citation.pmid).toBe("227508");
    expect(e.citation.title).toBe("Naloxone reverses the antihypertensive effect of clonidine.");
    expect(e.citation.abstract.startsWith("In unanesthetized, spontaneously hypertensive rats")).toBe(true);
    expect(e.entities).toEqual([
      { name: "naloxone", type: "chemical", meshId: "D009270" }, // "naloxone" x3 beats "Naloxone" x2
      { name: "clonidine", type: "chemical", meshId: "D003000" },
      { name: "hypertensive", type: "disease", meshId: "D006973" },
      { name: "nalozone", type: "chemical", meshId: null }, // MeSH ID -1 in the corpus
      { name: "hypotensive", type: "disease", meshId: "D007022" },
      { name: "alpha-methyldopa", type: "chemical", meshId: "D008750" },
      { name: "[3H]-naloxone", type: "chemical", meshId: null },
      { name: "[3H]-dihydroergocryptine", type: "chemical", meshId: null },
    ]);
  });

  it("rejects text that is not PubTator", () => {
    expect(() => parsePubTator(readFixture("corpus/bc5cdr_pubtator/README.txt"))).toThrow(PubTatorFormatError);
  });
});
