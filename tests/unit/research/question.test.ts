import { describe, expect, it } from "vitest";
import { compileEntityDictionary } from "@/lib/evidence/annotation";
import { classifyQuestion } from "@/lib/reading/question";

/** A dictionary as the library builds it from its annotations (names and MeSH IDs from BC5CDR). */
const DICTIONARY = compileEntityDictionary([
  { name: "valproic acid", type: "chemical", meshId: "D014635" },
  { name: "torsade de pointes", type: "disease", meshId: "D016171" },
  { name: "QT prolongation", type: "disease", meshId: "D008133" },
  { name: "hypertension", type: "disease", meshId: "D006973" },
  { name: "drugs", type: "chemical", meshId: null },
  { name: "cisplatin", type: "chemical", meshId: "D002945" },
]);

describe("question classification", () => {
  it("tells questions about a named drug, open questions and repurposing questions apart", () => {
    expect(classifyQuestion("Is valproic acid hepatotoxic?", DICTIONARY)).toEqual({
      kind: "named-drug",
      drugs: ["valproic acid"],
      conditions: ["hepatotoxicity"],
      relation: "causes",
      organ: "liver",
      negated: false,
    });
    expect(
      classifyQuestion(
        "Which drugs can cause QT prolongation or torsade de pointes, and through which ion channel?",
        DICTIONARY,
      ),
    ).toEqual({
      kind: "open",
      drugs: [],
      conditions: ["QT prolongation", "torsade de pointes"],
      relation: "causes",
      organ: null,
      negated: false,
    });
    expect(classifyQuestion("What existing drugs could treat hypertension?", DICTIONARY)).toEqual({
      kind: "repurposing",
      drugs: [],
      conditions: ["hypertension"],
      relation: "treats",
      organ: null,
      negated: false,
    });
    expect(classifyQuestion("What drugs prevent cisplatin nephrotoxicity?", DICTIONARY)).toEqual({
      kind: "repurposing",
      drugs: ["cisplatin"],
      conditions: ["nephrotoxicity"],
      relation: "treats",
      organ: "kidneys",
      negated: false,
    });
  });

  it("reads the named drug from the question's form when no dictionary knows it", () => {
    expect(classifyQuestion("Is rofecoxib hepatotoxic?")).toEqual({
      kind: "named-drug",
      drugs: ["rofecoxib"],
      conditions: ["hepatotoxicity"],
      relation: "causes",
      organ: "liver",
      negated: false,
    });
    expect(classifyQuestion("Does doxorubicin cause cardiotoxicity, and through which mechanism?").drugs).toEqual([
      "doxorubicin",
    ]);
    expect(classifyQuestion("How does lithium cause nephrogenic diabetes insipidus?").kind).toBe("named-drug");
    expect(classifyQuestion("Is ergothioneine an antioxidant in people?").drugs).toEqual(["ergothioneine"]);
    expect(classifyQuestion("Which drugs can cause torsade de pointes?").kind).toBe("open");
    expect(classifyQuestion("What is known?")).toEqual({
      kind: "other",
      drugs: [],
      conditions: [],
      relation: "causes",
      organ: null,
      negated: false,
    });
  });
});
