import { describe, expect, it } from "vitest";
import { mentionIds } from "@/lib/relations/pubtator";
import { cdrRecord, cdrSplit } from "./corpus";

describe("parsePubtator on BioCreative V CDR", () => {
  it("reads 500 documents and the gold CID relations of each split", () => {
    expect(cdrSplit("TrainingSet")).toHaveLength(500);
    expect(cdrSplit("TrainingSet").reduce((n, r) => n + r.relations.length, 0)).toBe(1038);
    expect(cdrSplit("DevelopmentSet").reduce((n, r) => n + r.relations.length, 0)).toBe(1012);
    expect(cdrSplit("TestSet").reduce((n, r) => n + r.relations.length, 0)).toBe(1066);
  });

  it("keeps mention offsets into title + ' ' + abstract", () => {
    for (const r of cdrSplit("TrainingSet")) {
      const text = `${r.document.title} ${r.document.abstract}`;
      for (const m of r.document.mentions) expect(text.slice(m.start, m.end)).toBe(m.text);
    }
  });

  it("reads PMID 227508 (naloxone / clonidine) with its types and IDs", () => {
    const r = cdrRecord("TrainingSet", "227508");
    expect(r.document.title).toBe("Naloxone reverses the antihypertensive effect of clonidine.");
    expect(r.document.mentions[0]).toEqual({ start: 0, end: 8, text: "Naloxone", type: "chemical", id: "D009270" });
    expect(r.document.mentions.filter((m) => m.type === "disease").map((m) => m.id)).toEqual([
      "D006973",
      "D007022",
      "D006973",
      "D006973",
    ]);
    expect(r.relations).toEqual([["D008750", "D007022"]]);
  });

  it("expands composite IDs and drops -1 (standard CDR evaluation)", () => {
    expect(mentionIds("D014786|D006311")).toEqual(["D014786", "D006311"]);
    expect(mentionIds("-1")).toEqual([]);
    expect(mentionIds("D003000")).toEqual(["D003000"]);
  });
});
