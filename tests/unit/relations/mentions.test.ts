import { describe, expect, it } from "vitest";
import { findMentions } from "@/lib/relations/mentions";
import { cdrRecord } from "./corpus";

describe("findMentions on PMID 227508", () => {
  const { document: doc } = cdrRecord("TrainingSet", "227508");
  const entities = [
    { name: "naloxone", type: "chemical" as const, meshId: "D009270" },
    { name: "clonidine", type: "chemical" as const, meshId: "D003000" },
    { name: "methyldopa", type: "chemical" as const, meshId: "D008750", synonyms: ["alpha-methyldopa"] },
    { name: "hypertensive", type: "disease" as const, meshId: "D006973" },
  ];
  const found = findMentions(doc.title, doc.abstract, entities);

  it("finds every gold mention spelled like a known name, at the gold offsets", () => {
    const names = new Set(["naloxone", "clonidine", "alpha-methyldopa", "hypertensive"]);
    const gold = doc.mentions.filter((m) => names.has(m.text.toLowerCase())).map((m) => [m.start, m.end, m.id]);
    const got = found.map((m) => [m.start, m.end, m.id]);
    for (const g of gold) expect(got).toContainEqual(g);
    // Beyond gold: only "naloxone" inside "[3H]-naloxone" (gold 563–576, ID -1), a word-bounded match.
    expect(got.filter((g) => !gold.some((x) => x[0] === g[0]))).toEqual([[568, 576, "D009270"]]);
  });

  it("prefers the longest name: alpha-methyldopa, not methyldopa inside it", () => {
    const m = found.filter((x) => x.id === "D008750");
    expect(m.map((x) => [x.start, x.end, x.text])).toEqual([
      [306, 322, "alpha-methyldopa"],
      [1039, 1055, "alpha-methyldopa"],
    ]);
    const gold = doc.mentions.filter((x) => x.id === "D008750").map((x) => [x.start, x.end, x.text]);
    expect(m.map((x) => [x.start, x.end, x.text])).toEqual(gold);
  });

  it("matches whole words only, case-insensitively, and falls back to the lower-cased name as id", () => {
    expect(
      findMentions("Naloxone", "antihypertensive", [{ name: "Hypertensive", type: "disease", meshId: null }]),
    ).toEqual([]);
    expect(findMentions("NALOXONE test", "", [{ name: "Naloxone", type: "chemical", meshId: null }])).toEqual([
      { start: 0, end: 8, text: "NALOXONE", type: "chemical", id: "naloxone" },
    ]);
  });
});
