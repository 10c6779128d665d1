import { describe, expect, it } from "vitest";
import {
  caseMatches,
  caseModeOf,
  geneFormRejection,
  looksLikeFormula,
  processFormRejection,
  synonymRejection,
} from "@/lib/vocabularies/form-rules";
import { compactKey, foldedKey, spacedKey, tokenise } from "@/lib/vocabularies/normalise";

// Pure rules: no lexicon needed.
const words = new Set(["cat", "set", "insulin", "growth"]);
const spaced = (phrase: string) => spacedKey(tokenise(phrase).map((t) => t.compact));

describe("normalise", () => {
  it("spells Greek letters and drops separators", () => {
    expect(compactKey("TNF-α")).toBe("TNFalpha");
    expect(compactKey("NF-κB")).toBe("NFkappaB");
    expect(foldedKey("Na+/K+-ATPase")).toBe("na+k+atpase");
    expect(foldedKey("Bcl-2")).toBe("bcl2");
  });

  it("gives tokens with offsets into the original text", () => {
    expect(tokenise("IL-1β up")).toEqual([
      { start: 0, end: 2, compact: "IL" },
      { start: 3, end: 5, compact: "1beta" },
      { start: 6, end: 8, compact: "up" },
    ]);
  });

  it("keeps word boundaries in spaced keys", () => {
    expect(spaced("aquaporin-2")).toBe(spaced("Aquaporin2"));
    expect(spaced("TNFalpha")).toBe(spaced("TNF-alpha"));
    expect(spaced("proteins")).not.toBe(spaced("protein S"));
  });
});

describe("form rules", () => {
  it("drops short, stop-listed and English-word gene forms", () => {
    expect(geneFormRejection("ER", "alias", words)).toBe("short");
    expect(geneFormRejection("ROS", "alias", words)).toBe("stop-list");
    expect(geneFormRejection("CAT", "symbol", words)).toBe("english-word");
    expect(geneFormRejection("insulin", "name", words)).toBe("english-word");
    expect(geneFormRejection("alpha1", "alias", words)).toBe("greek-letter");
    expect(geneFormRejection("min-1", "alias", words)).toBe("stop-list");
    expect(geneFormRejection("AQP2", "symbol", words)).toBeNull();
    expect(geneFormRejection("aquaporin 2", "name", words)).toBeNull();
  });

  it("matches letters-only forms in upper case only", () => {
    expect(caseModeOf("HERG", "alias")).toBe("caps");
    expect(caseModeOf("BCL2", "symbol")).toBe("fold");
    expect(caseMatches("HERG", "HERG", "caps")).toBe(true);
    expect(caseMatches("Herg", "HERG", "caps")).toBe(false);
    expect(caseMatches("eGFR", "EGFR", "caps")).toBe(false);
    expect(caseMatches("bcl2", "BCL2", "fold")).toBe(true);
  });

  it("recognises chemical formulas", () => {
    expect(["CO2", "CCl4", "H2O2", "NaCl", "MgSO4"].map(looksLikeFormula)).toEqual([true, true, true, true, true]);
    expect(["AQP2", "TP53", "p53", "Bcl2"].map(looksLikeFormula)).toEqual([false, false, false, false]);
    // Upper-case symbols can read as formulas too (K-C-N-H2), hence the guard skips them (genes.test.ts: KCNH2).
    expect(looksLikeFormula("KCNH2")).toBe(true);
  });

  it("keeps GO synonyms that share a word stem with the term", () => {
    expect(synonymRejection("apoptosis", "apoptotic process")).toBeNull();
    expect(synonymRejection("inflammation", "inflammatory response")).toBeNull();
    expect(synonymRejection("opsin", "phototransduction")).toBe("unrelated-synonym");
    expect(synonymRejection("tumor suppressor", "regulation of cell cycle")).toBe("agent-synonym");
    expect(processFormRejection("growth", words, false)).toBe("english-word");
    expect(processFormRejection("signaling", words, true)).toBe("too-general");
  });
});

describe("alias shapes that are never genes", () => {
  it.each([["pT3"], ["T4a"], ["E12"], ["min-1"], ["mm2"], ["alpha1"]])("%s", (alias) => {
    expect(geneFormRejection(alias, "alias", words)).not.toBeNull();
  });
});
