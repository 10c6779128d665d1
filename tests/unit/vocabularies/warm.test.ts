import { describe, expect, it } from "vitest";
import { findGeneMentions, findProcessMentions, resetConcepts, resetVocabularies } from "@/lib/vocabularies";
import { warmVocabularies } from "@/lib/vocabularies/warm";

// A sentence naming genes and GO processes as abstracts do (the hERG channel, HMG-CoA reductase, apoptosis).
const TEXT =
  "Amiodarone blocks the hERG potassium channel (KCNH2); statins inhibit HMG-CoA reductase and induce apoptosis " +
  "and autophagy of skeletal muscle cells.";

describe("warming the vocabularies before the first question", { timeout: 120_000 }, () => {
  it("builds the same gene and process indexes as the first use does, while timers keep running", async () => {
    resetVocabularies();
    resetConcepts();
    const genes = findGeneMentions(TEXT);
    const processes = findProcessMentions(TEXT);
    expect(genes.map((g) => g.symbol)).toEqual(expect.arrayContaining(["KCNH2", "HMGCR"]));
    expect(processes.map((p) => p.goId)).toContain("GO:0006915");

    resetVocabularies();
    resetConcepts();
    // A server's other work: a timer that fires between the warm-up's slices (it never would during one long block).
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const figures = await warmVocabularies();
    clearInterval(timer);
    expect(Object.keys(figures)).toEqual(["concepts", "lexicon", "genes", "processes", "total"]);
    // The lexicon has about 100,000 gene and 50,000 process forms, built 2,000 at a time: dozens of slices.
    expect(ticks).toBeGreaterThanOrEqual(20);
    expect(findGeneMentions(TEXT)).toEqual(genes);
    expect(findProcessMentions(TEXT)).toEqual(processes);
  });
});
