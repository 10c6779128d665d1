import { describe, expect, it } from "vitest";
import type { PassageCitation } from "@/lib/domain/fulltext";
import { passageAnchor } from "@/lib/evidence/passages";
import { citedPassages } from "@/lib/report/render/passage-citations";

// The passage citation of the extractive report of PMC4738914 (tests/unit/research/full-text-run.test.ts) and a
// second one of the same record, as a report's `passages` hold them.
const DOSE: PassageCitation = {
  evidenceId: "pmid:26884767",
  passageId: "PMC4738914·case-report·1",
  section: "1. Case",
  sectionType: "case-report",
  page: null,
  sentence:
    "The patient developed gastrointestinal intolerance and was switched to oral levofloxacin, 500 mg daily, " +
    "one week prior to admission, which did not improve his gastrointestinal symptoms.",
};
const PLATELETS: PassageCitation = {
  ...DOSE,
  passageId: "PMC4738914·case-report·2",
  sentence: "His platelet count on admission was 11,000/μL.",
};

describe("the passages a citing sentence quotes", () => {
  it("finds the passage whose sentence the report quotes whole, or in part, and no other", () => {
    const bullet = `${DOSE.sentence.replace(/\.$/, "")} [1] (full text, 1. Case).`;
    expect(citedPassages([DOSE, PLATELETS], "pmid:26884767", bullet)).toEqual([DOSE]);
    // The reading view quotes part of the sentence ("…switched to oral levofloxacin, 500 mg daily, …").
    const part = "switched to oral levofloxacin, 500 mg daily, one week prior to admission [1].";
    expect(citedPassages([DOSE, PLATELETS], "pmid:26884767", part)).toEqual([DOSE]);
  });

  it("finds none for another record, a sentence citing the abstract, a short sentence, a passageless report", () => {
    const bullet = `${DOSE.sentence} [1]`;
    expect(citedPassages([DOSE], "pmid:1", bullet)).toEqual([]);
    expect(citedPassages([DOSE], "pmid:26884767", "Levofloxacin can cause thrombocytopenia [1].")).toEqual([]);
    expect(citedPassages([DOSE], "pmid:26884767", "The patient [1].")).toEqual([]);
    expect(citedPassages(undefined, "pmid:26884767", bullet)).toEqual([]);
  });

  it("names each passage's anchor on the full-text page from its stable id", () => {
    expect(passageAnchor(DOSE.passageId)).toBe("passage-PMC4738914-case-report-1");
    expect(passageAnchor("doi:10.1155/2016/2860645·page2·1")).toBe("passage-doi-10-1155-2016-2860645-page2-1");
  });
});
