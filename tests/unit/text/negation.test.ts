import { describe, expect, it } from "vitest";
import { negatesMentions, negationScopes, negationTokens } from "@/lib/text/negation";

/** The words each scope of a sentence negates, as the given reader reads it. */
function negated(sentence: string, reader: "relation" | "findings"): string[] {
  const tokens = negationTokens(sentence);
  return negationScopes(
    tokens.map((t) => t.lower),
    { reader },
  ).map((s) =>
    tokens
      .slice(s.from, s.to)
      .map((t) => t.lower)
      .join(" "),
  );
}

/** The character range of a word in a sentence. */
function span(sentence: string, word: string) {
  const start = sentence.indexOf(word);
  return { start, end: start + word.length };
}

describe("NegEx-style negation", () => {
  // Real sentences of BC5CDR abstracts (PMID 1378968, a lithium nephropathy study in rats; PMID 12498738).
  const absence = "Lithium also caused proteinuria and systolic hypertension in absence of glomerulosclerosis.";

  it("reads a denial, up to a terminator", () => {
    expect(negated("Lithium did not impair AQP2 expression, but reduced urine osmolality.", "relation")).toEqual([
      "impair aqp2 expression ,",
    ]);
    expect(negated("Lithium did not impair AQP2 expression, but reduced urine osmolality.", "findings")).toEqual([
      "impair aqp2 expression",
    ]);
  });

  it("the findings reader takes “without” and “in (the) absence of” as circumstances, not denials", () => {
    expect(negated(absence, "findings")).toEqual([]);
    expect(negated("In the absence of lithium, no polyuria developed.", "findings")).toEqual(["polyuria developed ."]);
    expect(negated("Lithium caused a fall in GFR without changes in renal plasma flow.", "findings")).toEqual([]);
    // The relation model reads NegEx's lists as it was trained on them.
    expect(negated(absence, "relation")).toEqual(["of glomerulosclerosis ."]);
    // A bare "absence of" is still a denial.
    expect(negated("Absence of nephrotoxicity was confirmed by biopsy.", "findings")).toEqual([
      "of nephrotoxicity was confirmed by biopsy .",
    ]);
  });

  it("a sentence reporting lithium nephropathy does not negate lithium and a kidney disease", () => {
    expect(
      negatesMentions(absence, [span(absence, "Lithium"), span(absence, "glomerulosclerosis")], { reader: "findings" }),
    ).toBe(false);
    expect(
      negatesMentions(absence, [span(absence, "Lithium"), span(absence, "glomerulosclerosis")], { reader: "relation" }),
    ).toBe(true);
  });
});
