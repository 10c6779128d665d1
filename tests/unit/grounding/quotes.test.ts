import { describe, expect, it } from "vitest";
import { writeReport, type ReportOutput } from "@/lib/research/agents/llm/report";
import type { ReportRepair } from "@/lib/domain/critic";
import { verifyReportQuotes } from "@/lib/grounding/quotes";
import { levenshteinSimilarity, matchQuote } from "@/lib/text/quote-match";
import { LITHIUM_EVIDENCE, reportInput, scriptedModel } from "@/tests/support/llm";

const ABSTRACT_1 = LITHIUM_EVIDENCE[0].citation.abstract; // PMID 9406968

describe("quote matching (exact, else ≥ 0.95 normalised Levenshtein over a sliding window)", () => {
  it("finds an exact quote, ignoring case and whitespace, and returns the source's own wording", () => {
    expect(matchQuote("the male  Wistar rats consuming a diet", ABSTRACT_1)).toEqual({
      kind: "exact",
      similarity: 1,
      sourceText: "The male Wistar rats consuming a diet",
    });
  });

  it("accepts a near-verbatim quote (one inserted word) and returns the source's span", () => {
    const quote =
      "Plasma concentration of AVP and transcripts of the AVP gene in the PVN and SON were significantly increased";
    const source =
      "Plasma concentration of AVP and transcripts of AVP gene in the PVN and SON were significantly increased";
    const match = matchQuote(quote, ABSTRACT_1);
    expect(match.kind).toBe("fuzzy");
    expect(match.sourceText).toBe(source);
    expect(match.similarity).toBeCloseTo(1 - 4 / quote.length, 10);
    expect(match.similarity).toBeCloseTo(levenshteinSimilarity(quote.toLowerCase(), source.toLowerCase()), 10);
  });

  it("rejects a paraphrase", () => {
    const match = matchQuote("AVP gene expression rose markedly in the lithium-treated rats", ABSTRACT_1);
    expect(match.kind).toBe("none");
    expect(match.sourceText).toBeNull();
    expect(match.similarity).toBeLessThan(0.95);
  });
});

/**
 * A draft with four quotations: a case variant, a near-verbatim one, an invented one, and a real one cited to the wrong
 * record.
 */
const quoting: ReportOutput = {
  evidenceReading: "The records bear on the question.",
  outcome: "answers",
  missing: [],
  title: "Lithium and polyuria",
  executiveSummary: [
    {
      text:
        "In rats, “the male Wistar rats consuming a diet that contained LiCl (60 mmol/kg) for 4 weeks developed " +
        "marked polyuria” [E1].",
      support: ["E1.2"],
    },
  ],
  methodology: "PubMed was searched.",
  mechanisticFindings: [
    {
      text:
        'Vasopressin rose: "Plasma concentration of AVP and transcripts of the AVP gene in the PVN and SON were ' +
        'significantly increased" [E1].',
      support: ["E1.3"],
    },
    { text: "Amiloride reduced drinking [E2].", support: ["E2.2"] },
  ],
  clinicalFindings: [
    {
      text: 'A cohort found that "lithium destroyed every collecting duct within four hours of the first dose" [E3].',
      support: ["E3.2"],
    },
    { text: "Multiple daily doses were associated with higher urine volumes [E3].", support: ["E3.2"] },
  ],
  drugCandidates: ["amiloride"],
  limitations: [
    "Amiloride data are from rats, where “the male Wistar rats consuming a diet that contained LiCl” were " +
      "studied [E2].",
  ],
  conclusion: [{ text: "Lithium raises AVP in rats [E1].", support: ["E1.3"] }],
};

describe("quoted passages in the LLM report", () => {
  it("replaces near-verbatim quotes by the source's text and removes invented or misattributed ones", async () => {
    const repairs: ReportRepair[] = [];
    const input = { ...reportInput(), hooks: { onReportRepairs: (r: ReportRepair[]) => repairs.push(...r) } };
    const report = await writeReport(scriptedModel([quoting]), input);

    expect(report.executiveSummary).toBe(
      "In rats, “The male Wistar rats consuming a diet that contained LiCl (60 mmol/kg) for 4 weeks developed " +
        "marked polyuria” [1].",
    );
    expect(report.mechanisticFindings.content).toBe(
      'Vasopressin rose: "Plasma concentration of AVP and transcripts of AVP gene in the PVN and SON were ' +
        'significantly increased" [1]. Amiloride reduced drinking [2].',
    );
    // The invented quotation's sentence is gone; the next sentence stays.
    expect(report.clinicalFindings.content).toBe("Multiple daily doses were associated with higher urine volumes [3].");
    // A real sentence of record 1 attributed to record 2 is not in record 2: removed (the limitation is empty, so
    // dropped).
    expect(report.limitations).toEqual([]);
    expect(report.removedQuotes).toBe(2);
    expect(report.replacedQuotes).toBe(2);
    expect(repairs.map((r) => r.kind)).toEqual(["quote", "quote"]);
    // The line names the quotation by its length, not its words: no source holds them, so they are shown nowhere.
    expect(repairs[0].detail).toBe(
      "Clinical findings: a quotation of 12 words matches no cited source (best similarity 0.34); its sentence " +
        "was removed",
    );
    expect(report.references.map((r) => r.evidenceId)).toEqual(["pmid:9406968", "pmid:7453952", "pmid:1987816"]);
  });

  it("is idempotent: a second pass over the published report changes nothing", async () => {
    const report = await writeReport(scriptedModel([quoting]), reportInput());
    const again = verifyReportQuotes(report, LITHIUM_EVIDENCE);
    expect(again.removedQuotes).toBe(0);
    expect(again.replacedQuotes).toBe(0);
    expect(again.checks.map((c) => c.outcome)).toEqual(["verbatim", "verbatim"]);
    expect(again.report.executiveSummary).toBe(report.executiveSummary);
    expect(again.report.removedQuotes).toBe(2);
  });
});
