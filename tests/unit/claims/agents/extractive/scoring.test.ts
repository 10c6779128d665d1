import { describe, expect, it } from "vitest";
import { analyseClaim, withEntitySynonyms } from "@/lib/claims/analysis";
import { extractPassagesExtractive } from "@/lib/claims/agents/extractive/passages";
import { scoreRecord } from "@/lib/claims/agents/extractive/scoring";
import { readSentence } from "@/lib/claims/stance";
import { loadCorpus } from "@/tests/support/corpus";

const corpus = loadCorpus();
const record = (id: string) => corpus.find((e) => e.id === id)!;
const noEffect = withEntitySynonyms(analyseClaim("Doxorubicin has no effect on the heart"), corpus);
const causes = withEntitySynonyms(analyseClaim("Doxorubicin causes cardiotoxicity"), corpus);

describe("extractive stance of a sentence", () => {
  it("knows the drug's other names from the corpus annotations (same MeSH ID)", () => {
    expect(readSentence("Adriamycin caused heart failure in 8 of 10 monkeys.", noEffect).stance).toBe("counter");
  });

  it("reads an affirmed effect as support for the counter-statement of a no-effect claim", () => {
    expect(readSentence("Doxorubicin causes significant cardiotoxicity.", noEffect)).toEqual({
      stance: "counter",
      coverage: 1,
      result: true,
    });
  });

  it("reads a negated effect as support for the claim", () => {
    expect(readSentence("Doxorubicin did not affect cardiac function.", noEffect).stance).toBe("claim");
    expect(readSentence("No cardiotoxicity was observed with doxorubicin.", noEffect).stance).toBe("claim");
    expect(readSentence("Doxorubicin did not cause cardiotoxicity.", causes).stance).toBe("counter");
  });

  it("gives a cue to its own agent: the protector's verb is not the drug's", () => {
    // "protects" belongs to carvedilol; "doxorubicin-induced" states the drug's effect.
    expect(readSentence("Carvedilol protects against doxorubicin-induced cardiotoxicity.", causes).stance).toBe(
      "claim",
    );
    // "attenuated by amiloride" is the subject's own (opposite) effect; "Lithium-induced" belongs to lithium.
    const amiloride = analyseClaim("Amiloride increases lithium-induced polyuria");
    expect(readSentence("Lithium-induced polyuria was attenuated by amiloride.", amiloride).stance).toBe("counter");
    expect(readSentence("Lithium-induced polyuria was seen with amiloride.", amiloride).stance).toBe("neutral");
  });

  it("ignores sentences that mention too few of the claim's concepts", () => {
    expect(readSentence("Cardiac function was impaired.", noEffect)).toEqual({
      stance: "neutral",
      coverage: 0.5,
      result: false,
    });
  });
});

describe("extractive score of a record (0–5)", () => {
  it("scores the corpus records as the documented formula says", () => {
    // 5 counter sentences, one with "significant": 3 + 1 + 1.
    expect(scoreRecord(record("pmid:24727461"), noEffect)).toMatchObject({ score: 5, stance: "counter" });
    // 5 counter sentences, no result cue: 3 + 1.
    expect(scoreRecord(record("pmid:12498738"), noEffect)).toMatchObject({ score: 4, stance: "counter" });
    // One counter sentence ("congestive heart failure at … adriamycin dose"): 3.
    expect(scoreRecord(record("pmid:6769133"), noEffect)).toMatchObject({ score: 3, stance: "counter" });
    // A lithium record mentions neither doxorubicin nor the heart.
    expect(scoreRecord(record("pmid:9406968"), noEffect)).toEqual({
      score: 0,
      stance: "neutral",
      rationale: "Off topic: mentions 0 of 2 of the claim's concepts.",
    });
  });

  it("takes the passage from the abstract's counter sentences, result cue first, verbatim", () => {
    const passages = extractPassagesExtractive([record("pmid:24727461")], noEffect);
    expect(passages).toEqual([
      {
        evidenceId: "pmid:24727461",
        passage:
          "Doxorubicin causes significant cardiotoxicity characterized by marked increases in oxidative stress " +
          "and mitochondrial dysfunction.",
      },
    ]);
    expect(record("pmid:24727461").citation.abstract).toContain(passages[0].passage);
  });
});
