import { describe, expect, it } from "vitest";
import { parseCitations, parseSupportEntry, stripCitations } from "@/lib/grounding/key-citations";

const items = (text: string) => parseCitations(text).map((g) => g.items);

describe("citations of keys and sentence ids as models write them", () => {
  it("reads brackets, parentheses where a citation stands, ranges, lists and bare sentence ids", () => {
    expect(items("Lithium raised AVP [E3].")).toEqual([[{ kind: "key", key: "E3" }]]);
    expect(items("Amiloride helped (E3, E7).")).toEqual([
      [
        { kind: "key", key: "E3" },
        { kind: "key", key: "E7" },
      ],
    ]);
    expect(items("Rats [E3–E5] and mice [e2; E9 and E10].")).toEqual([
      [{ kind: "keys", from: 3, to: 5 }],
      [
        { kind: "key", key: "E2" },
        { kind: "key", key: "E9" },
        { kind: "key", key: "E10" },
      ],
    ]);
    expect(items("AVP rose [E4.2–4] as E3.2 shows [E3.2-E3.3].")).toEqual([
      [{ kind: "sentences", key: "E4", from: 2, to: 4 }],
      [{ kind: "sentences", key: "E3", from: 2, to: 2 }],
      [{ kind: "sentences", key: "E3", from: 2, to: 3 }],
    ]);
  });

  it("does not read a number, a parenthesis inside prose, or a bracket holding anything else", () => {
    expect(items("Reference [3] and [2, 5]")).toEqual([]);
    expect(items("Estradiol (E2) levels rose.")).toEqual([]);
    expect(items("See [E3, PMID 9406968].")).toEqual([]);
    expect(items("Vitamin E and E2 levels")).toEqual([]);
  });

  it("reads a support list's entries, and removes citations from text", () => {
    expect(["E3.2", "[E7.1]", "E3", "E3–E5", "PMID 1"].map(parseSupportEntry)).toEqual([
      [{ kind: "sentences", key: "E3", from: 2, to: 2 }],
      [{ kind: "sentences", key: "E7", from: 1, to: 1 }],
      [{ kind: "key", key: "E3" }],
      [{ kind: "keys", from: 3, to: 5 }],
      [],
    ]);
    expect(stripCitations("Lithium raised AVP [E3] in rats (E3.2, E7).")).toBe("Lithium raised AVP in rats.");
  });
});
