import { describe, expect, it } from "vitest";
import { bm25Scores, rankBm25 } from "@/lib/text/bm25";
import { selectMmr } from "@/lib/text/mmr";
import { splitSentences, truncateAtSentence } from "@/lib/text/sentences";
import { cosineSimilarity, tfidfVectors } from "@/lib/text/tfidf";
import { indexTerms, stem, tokenize } from "@/lib/text/tokens";

describe("sentences", () => {
  it("splits with Intl.Segmenter and re-joins abbreviation splits", () => {
    const text =
      "Median time was 5.1 vs. 5.5 months. Rats got DOX (25 mg/kg i.p.). Smith et al. agreed. RESULTS: Six " +
      "percent developed CHF.";
    expect(splitSentences(text)).toEqual([
      "Median time was 5.1 vs. 5.5 months.",
      "Rats got DOX (25 mg/kg i.p.).",
      "Smith et al. agreed.",
      "RESULTS: Six percent developed CHF.",
    ]);
    expect(splitSentences("  ")).toEqual([]);
  });

  it("truncates at the last whole sentence, else at a word", () => {
    const text = "First sentence here. Second sentence is longer. Third.";
    expect(truncateAtSentence(text, 100)).toBe(text);
    expect(truncateAtSentence(text, 30)).toBe("First sentence here.");
    expect(truncateAtSentence("Averyveryverylongword and more words", 25)).toBe("Averyveryverylongword and…");
    expect(truncateAtSentence("Averyveryverylongword and more words", 23)).toBe("Averyveryverylongword…");
    expect(() => truncateAtSentence(text, 0)).toThrow(RangeError);
  });
});

describe("tokens", () => {
  it("lower-cases, drops stopwords and numbers, applies the S-stemmer", () => {
    expect(tokenize("PKC-alpha null MICE")).toEqual(["pkc", "alpha", "null", "mice"]);
    expect(stem("studies")).toBe("study");
    expect(stem("kidneys")).toBe("kidney");
    expect(stem("glass")).toBe("glass");
    expect(indexTerms("The results of 85 patients showed polyuria")).toEqual(["patient", "polyuria"]);
  });
});

describe("BM25", () => {
  const docs = [
    "lithium induces polyuria",
    "doxorubicin induces cardiotoxicity",
    "lithium lithium lithium",
    "unrelated text",
  ];

  it("scores every document, zero when no query term matches", () => {
    const scores = bm25Scores("lithium polyuria", docs);
    expect(scores).toHaveLength(4);
    expect(scores[3]).toBe(0);
    expect(scores[0]).toBeGreaterThan(scores[2]); // two distinct terms beat a repeated one
  });

  it("ranks best first with stable ties and leaves out zero scores", () => {
    expect(rankBm25("induces", docs).map((r) => r.index)).toEqual([0, 1]);
    expect(rankBm25("the of", docs)).toEqual([]);
  });
});

describe("TF-IDF and MMR", () => {
  it("computes cosine similarity of TF-IDF vectors", () => {
    const [a, b, c] = tfidfVectors(["aquaporin expression", "aquaporin expression", "oxidative stress"]);
    expect(cosineSimilarity(a, b)).toBeCloseTo(1, 10);
    expect(cosineSimilarity(a, c)).toBe(0);
    expect(cosineSimilarity(new Map(), a)).toBe(0);
  });

  it("trades relevance for diversity with λ = 0.7", () => {
    const sim = (i: number, j: number) => ((i === 0 && j === 1) || (i === 1 && j === 0) ? 1 : 0);
    // after item 0: item 1 scores 0.7 × 0.95 − 0.3 × 1 = 0.365, item 2 scores 0.7 × 0.6 = 0.42
    expect(selectMmr([1, 0.95, 0.6], sim, { k: 2 })).toEqual([0, 2]);
    expect(selectMmr([1, 0.95, 0.6], sim, { k: 2, lambda: 1 })).toEqual([0, 1]);
    expect(selectMmr([0, 0], sim, { k: 2 })).toEqual([]);
    expect(() => selectMmr([1], sim, { k: 1, lambda: 2 })).toThrow(RangeError);
  });
});
