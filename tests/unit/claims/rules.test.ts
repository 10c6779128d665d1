import { describe, expect, it } from "vitest";
import { analyseClaim } from "@/lib/claims/analysis";
import { mapBatches } from "@/lib/ai/batches";
import { keepKnownMarkers } from "@/lib/claims/counter-report";
import { extractClaimsExtractive } from "@/lib/claims/agents/extractive/extraction";
import { counterStatementExtractive } from "@/lib/claims/agents/extractive/counter";
import { mergeFound } from "@/lib/claims/merge-found";
import { verifyPassage } from "@/lib/grounding/passages";
import { loadCorpus } from "@/tests/support/corpus";

const record = (id: string) => loadCorpus().find((e) => e.id === id)!;

describe("counter-statements (extractive rules)", () => {
  const cases: Array<[string, string, string]> = [
    [
      "Doxorubicin has no effect on the heart",
      "Doxorubicin has an effect on the heart.",
      "doxorubicin AND (heart OR cardiac OR myocardial)",
    ],
    [
      "Aspirin reduces the risk of stroke.",
      "Aspirin does not reduce the risk of stroke, or increases it.",
      "aspirin AND stroke",
    ],
    ["Statins reduce mortality", "Statins do not reduce mortality, or increase it.", "statins AND mortality"],
    [
      "Amiloride increased urine osmolality",
      "Amiloride did not increase urine osmolality, or decreased it.",
      "amiloride AND urine AND osmolality",
    ],
    [
      "Metformin is more effective than sulfonylureas",
      "Sulfonylureas are at least as effective as metformin.",
      "metformin AND sulfonylureas",
    ],
    ["Drug X is superior to placebo", "Placebo is at least as good as drug X.", "drug AND placebo"],
    [
      "Lithium did not impair renal function",
      "Lithium impaired renal function.",
      "lithium AND (renal OR nephrotoxicity) AND function",
    ],
    [
      "Captopril doesn't affect the kidney",
      "Captopril affects the kidney.",
      "captopril AND (kidney OR renal OR nephrotoxicity)",
    ],
    ["Cisplatin causes nephrotoxicity", "Cisplatin does not cause nephrotoxicity.", "cisplatin AND nephrotoxicity"],
    [
      "Smoking is associated with lung cancer",
      "Smoking is not associated with lung cancer.",
      "smoking AND (lung OR pulmonary) AND cancer",
    ],
  ];
  for (const [claim, counter, query] of cases) {
    it(`negates “${claim}” precisely`, () => {
      const result = counterStatementExtractive(analyseClaim(claim));
      expect(result.counterStatement).toBe(counter);
      expect(result.keywordQuery).toBe(query);
      expect(result.hydeAbstracts).toEqual([]);
    });
  }

  it("reads direction, negation and comparison from the claim", () => {
    expect(analyseClaim("Doxorubicin has no effect on the heart")).toMatchObject({
      negated: true,
      direction: "any",
      comparative: false,
      subject: 0,
    });
    expect(analyseClaim("Aspirin reduces the risk of stroke")).toMatchObject({
      negated: false,
      direction: "down",
      verb: "reduce",
    });
    expect(analyseClaim("Metformin is more effective than sulfonylureas")).toMatchObject({
      comparative: true,
      equivalence: false,
      direction: "up",
    });
    expect(analyseClaim("Efficacy of X was comparable to that of Y")).toMatchObject({
      comparative: true,
      equivalence: true,
    });
    expect(analyseClaim("Doxorubicin has no effect on the heart").concepts.map((c) => c.word)).toEqual([
      "doxorubicin",
      "heart",
    ]);
  });
});

describe("claim extraction without a model", () => {
  const abstract =
    "BACKGROUND: Anthracyclines are widely used. OBJECTIVE: We investigated whether dexrazoxane protects the heart. " +
    "METHODS: 120 patients were randomized. RESULTS: Dexrazoxane reduced the incidence of heart failure from " +
    "21% to 6% (P < 0.001). " +
    "Tumour response did not differ between groups. CONCLUSIONS: Dexrazoxane prevents doxorubicin-induced " +
    "cardiotoxicity without reducing antitumour efficacy.";

  it("takes the sentences that state a finding, without labels, in text order", () => {
    expect(extractClaimsExtractive(abstract)).toEqual([
      "Dexrazoxane reduced the incidence of heart failure from 21% to 6% (P < 0.001)",
      "Dexrazoxane prevents doxorubicin-induced cardiotoxicity without reducing antitumour efficacy",
    ]);
  });

  it("keeps a single pasted claim as it is, without its full stop", () => {
    expect(extractClaimsExtractive("Doxorubicin has no effect on the heart.")).toEqual([
      "Doxorubicin has no effect on the heart",
    ]);
  });

  it("takes at most three claims from a real abstract (PMID 11230490), never its aims or methods", () => {
    const claims = extractClaimsExtractive(record("pmid:11230490").citation.abstract);
    expect(claims).toHaveLength(3);
    expect(claims[2]).toBe(
      "Myocet improves the therapeutic index of doxorubicin by significantly reducing cardiotoxicity and grade " +
        "4 neutropenia and provides comparable antitumor efficacy, when used in combination with cyclophosphamide " +
        "as first-line therapy for MBC",
    );
    for (const c of claims) expect(c).not.toMatch(/^(?:PURPOSE|PATIENTS AND METHODS|To determine)/);
  });
});

describe("passage verification (lib/grounding/passages)", () => {
  const abstract = record("pmid:24727461").citation.abstract;
  const sentence =
    "Doxorubicin causes significant cardiotoxicity characterized by marked increases in oxidative stress and " +
    "mitochondrial dysfunction.";

  it("accepts an exact passage, ignoring case, spacing and surrounding quote marks", () => {
    expect(abstract).toContain(sentence);
    expect(verifyPassage(`“${sentence.toUpperCase().replace(/ /g, "  ")}”`, abstract)).toEqual({
      ok: true,
      exact: true,
      matched: sentence,
      similarity: 1,
    });
  });

  it("accepts a near-exact passage (≥ 0.95) and returns the abstract's own wording", () => {
    const typo = sentence.replace("characterized", "characterised").replace("marked", "markd");
    const check = verifyPassage(typo, abstract);
    expect(check.ok).toBe(true);
    expect(check.exact).toBe(false);
    expect(check.matched).toBe(sentence);
    expect(check.similarity).toBeGreaterThanOrEqual(0.95);
    expect(check.similarity).toBeLessThan(1);
  });

  it("rejects a paraphrase and a fabricated passage", () => {
    expect(
      verifyPassage(
        "Doxorubicin produces marked cardiotoxicity through oxidative stress and mitochondrial dysfunction.",
        abstract,
      ).ok,
    ).toBe(false);
    const fabricated = verifyPassage(
      "Doxorubicin had no measurable effect on cardiac function in any treated animal.",
      abstract,
    );
    expect(fabricated).toMatchObject({ ok: false, exact: false, matched: null });
    expect(fabricated.similarity).toBeLessThan(0.95);
  });
});

describe("merging the three searches", () => {
  const [a, b, c] = ["pmid:24727461", "pmid:16565833", "pmid:12589964"].map(record);
  it("deduplicates, records provenance and ranks documents found by more strategies first", () => {
    const merged = mergeFound({
      keyword: [
        { evidence: c, relevance: 1 },
        { evidence: a, relevance: 0.5 },
      ],
      semantic: [
        { evidence: { ...a, citation: { ...a.citation, source: "pubmed" } }, relevance: 0.9 },
        { evidence: b, relevance: 1 },
      ],
      hyde: null,
    });
    expect(merged.map((d) => [d.evidence.id, d.foundBy, d.relevance])).toEqual([
      ["pmid:24727461", ["keyword", "semantic"], 0.9],
      ["pmid:12589964", ["keyword"], 1],
      ["pmid:16565833", ["semantic"], 1],
    ]);
  });

  it("caps the merged list", () => {
    const hits = loadCorpus()
      .slice(0, 150)
      .map((evidence, i) => ({ evidence, relevance: 1 - i / 150 }));
    expect(mergeFound({ keyword: hits, semantic: null, hyde: null })).toHaveLength(100);
  });
});

describe("report markers and batches", () => {
  it("removes [n] markers that cite nothing and keeps the valid numbers", () => {
    expect(keepKnownMarkers("Seen in rats [1]. Also [2, 7]. Invented [9]. Range [1–2].", 2)).toEqual({
      text: "Seen in rats [1]. Also [2]. Invented. Range [1–2].",
      removed: 2,
    });
  });

  it("runs batches in parallel up to the limit and keeps their order", async () => {
    let running = 0;
    let peak = 0;
    const result = await mapBatches([1, 2, 3, 4, 5, 6, 7], 2, 3, async (batch, index) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      return `${index}:${batch.join("+")}`;
    });
    expect(result).toEqual(["0:1+2", "1:3+4", "2:5+6", "3:7"]);
    expect(peak).toBe(3);
  });
});
