import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { namedEntities, unsupportedSpecifics } from "@/lib/grounding/statement-support";
import { sentenceSpans } from "@/lib/text/sentence-spans";

// A record sentence (PubMed 26702342's kind of finding) and statements a model might write citing it.
const CITED =
  "Lithium (300 mg twice daily) reduced AQP2 expression by 45% in collecting ducts of 12 Sprague-Dawley rats " +
  "after 2,500 hours of exposure.";

describe("the deterministic check of a cited statement: its specifics must be in the cited text", () => {
  it("names the invented dose and the drug the cited sentence does not name", () => {
    expect(unsupportedSpecifics("Metformin reverses renal injury in all patients at 2500 mg daily", CITED)).toEqual([
      "2500 mg",
      "Metformin",
    ]);
  });

  it("passes a statement whose numbers, units, percentages and names the cited sentence holds", () => {
    expect(unsupportedSpecifics("In rats, lithium at 300 mg lowered AQP2 by 45%", CITED)).toEqual([]);
    // The same value written otherwise: "2500 hours" for "2,500 hours"; "Reference 3" is the conversation's numbering.
    expect(unsupportedSpecifics("Reference 3 exposed the rats for 2500 hours", CITED)).toEqual([]);
    // A compound is named when its named part is ("AQP2-positive"); a plural names its singular.
    expect(unsupportedSpecifics("AQP2-positive cells fell in Sprague-Dawley rats", CITED)).toEqual([]);
  });

  it("catches a changed percentage, a dose in another unit and a gene the cited sentence does not name", () => {
    expect(unsupportedSpecifics("Lithium reduced AQP2 by 54%", CITED)).toEqual(["54%"]);
    expect(unsupportedSpecifics("Lithium at 300 g twice daily", CITED)).toEqual(["300 g"]);
    expect(unsupportedSpecifics("Lithium reduced AQP3 expression", CITED)).toEqual(["AQP3"]);
  });

  it("reads symbols, drug names by their stem and capitalised names, not sentence-opening words", () => {
    expect(namedEntities("Patients given metformin and IL-6 blockers in Italy improved")).toEqual([
      "metformin",
      "IL-6",
      "Italy",
    ]);
  });

  it(
    "keeps at least 93% of authors' own conclusions checked against their abstracts (PubMedQA PQA-L: 95.2% of " +
      "962 sentences on even PMIDs, where it was tuned; 93.6% of 964 on odd PMIDs, held out)",
    () => {
      const corpus = JSON.parse(fs.readFileSync("../shared/fixtures/corpus/pubmedqa_pqal_1000.json", "utf8")) as Record<
        string,
        { CONTEXTS: string[]; LONG_ANSWER: string }
      >;
      const rate = (parity: number) => {
        let total = 0;
        let kept = 0;
        for (const [pmid, r] of Object.entries(corpus)) {
          if (Number(pmid) % 2 !== parity) continue;
          const cited = r.CONTEXTS.join(" ");
          for (const span of sentenceSpans(r.LONG_ANSWER)) {
            const sentence = r.LONG_ANSWER.slice(span.start, span.end).trim();
            if (!sentence) continue;
            total += 1;
            if (unsupportedSpecifics(sentence, cited).length === 0) kept += 1;
          }
        }
        return { total, kept };
      };
      expect(rate(0)).toEqual({ total: 962, kept: 916 });
      expect(rate(1)).toEqual({ total: 964, kept: 902 });
    },
  );
});
