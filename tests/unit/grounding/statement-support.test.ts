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

  it("reads a dose written as a compound adjective, a spelled-out acronym and a country by its adjective", () => {
    expect(unsupportedSpecifics("The 500 mg dose lowered AQP2", "In the 500-mg group AQP2 fell.")).toEqual([]);
    expect(unsupportedSpecifics("GCB gave glucose values", "Gingival crevicular blood gave glucose values.")).toEqual(
      [],
    );
    expect(unsupportedSpecifics("Hepatitis G is common in Italy", "Italian patients had hepatitis G.")).toEqual([]);
    // A two-letter acronym is not read from initials (chance matches), nor a symbol from a near neighbour.
    expect(unsupportedSpecifics("GC gave glucose values", "Gingival crevicular blood gave glucose.")).toEqual(["GC"]);
    expect(unsupportedSpecifics("Italy and AQP3", "Italian rats lost AQP2.")).toEqual(["AQP3"]);
  });

  it("reads '30-day' as 30 days and a list's '(1)' or '; 2.' as no figure", () => {
    expect(unsupportedSpecifics("Mortality at 30 days rose", "We compared 30-day mortality.")).toEqual([]);
    expect(unsupportedSpecifics("(1) lithium lowered AQP2; 2. it raised urine volume", CITED)).toEqual([]);
    expect(unsupportedSpecifics("Mortality at 31 days rose", "We compared 30-day mortality.")).toEqual(["31 days"]);
  });

  it(
    "keeps the authors' own conclusions whose specifics their abstracts state: 99.8% on even PMIDs (tuned), 98.9% " +
      "on odd PMIDs (PubMedQA PQA-L); 95.6% and 94.2% of all conclusions, the rest naming what the abstract does not",
    () => {
      const corpus = JSON.parse(fs.readFileSync("../shared/fixtures/corpus/pubmedqa_pqal_1000.json", "utf8")) as Record<
        string,
        { CONTEXTS: string[]; LONG_ANSWER: string }
      >;
      const labels = JSON.parse(fs.readFileSync(`${import.meta.dirname}/pqal-stated-specifics.json`, "utf8")) as {
        stated: Array<{ pmid: string; specific: string; citedForm: string }>;
      };
      // Each hand label names the abstract's own wording of the flagged specific.
      for (const label of labels.stated) expect(corpus[label.pmid].CONTEXTS.join(" ")).toContain(label.citedForm);
      const stated = (pmid: string, specific: string) =>
        labels.stated.some((l) => l.pmid === pmid && l.specific === specific);
      const rate = (parity: number) => {
        let total = 0;
        let kept = 0;
        let overRemoved = 0;
        for (const [pmid, r] of Object.entries(corpus)) {
          if (Number(pmid) % 2 !== parity) continue;
          const cited = r.CONTEXTS.join(" ");
          for (const span of sentenceSpans(r.LONG_ANSWER)) {
            const sentence = r.LONG_ANSWER.slice(span.start, span.end).trim();
            if (!sentence) continue;
            total += 1;
            const flagged = unsupportedSpecifics(sentence, cited);
            if (flagged.length === 0) kept += 1;
            else if (flagged.every((specific) => stated(pmid, specific))) overRemoved += 1;
          }
        }
        return { total, kept, overRemoved };
      };
      // Odd PMIDs were held out until the even-tuned rules were fixed (93.8% of all kept then); two general slips seen
      // there (singular time units, list numbering) were mended after, so 94.2% is no longer a held-out figure.
      expect(rate(0)).toEqual({ total: 962, kept: 920, overRemoved: 2 });
      expect(rate(1)).toEqual({ total: 964, kept: 908, overRemoved: 10 });
    },
  );
});
