import { describe, expect, it } from "vitest";
import { gradeCertainty, type GradedRecord } from "@/lib/report/appraise/grade";
import type { RecordStance } from "@/lib/reading/stance";
import { studyTypeOf } from "@/lib/report/appraise/study-type";
import { loadCorpus } from "@/tests/support/corpus";

// loadCorpus reads the files sorted by name: Development, Test, Training; these are BC5CDR test records.
const byId = new Map(
  loadCorpus()
    .slice(500, 1000)
    .map((e) => [e.id, e]),
);

/** Real records with the stance given, each classified by the study-design classifier the report uses. */
function graded(pairs: Array<[string, RecordStance]>): GradedRecord[] {
  return pairs.map(([id, stance]) => ({ id, design: studyTypeOf(byId.get(id)!).design, stance }));
}

describe("GRADE certainty of the bottom line (Schünemann et al., GRADE Handbook, 2013)", () => {
  it("starts high on randomised trials and stays high without a serious concern", () => {
    const g = gradeCertainty(
      graded([
        ["pmid:2782734", "yes"],
        ["pmid:1779253", "yes"],
        ["pmid:20431083", "yes"],
        ["pmid:23864035", "yes"],
        ["pmid:24068571", "possibly"],
        ["pmid:439781", "irrelevant"],
      ]),
    );
    expect(g.start).toBe("high");
    expect(g.level).toBe("high");
    expect(g.records).toBe(5);
    expect(g.startReason).toBe(
      "Starts high: the evidence includes 1 randomized trial, 1 systematic review (of 5 records).",
    );
    expect(g.judgements.map((j) => [j.domain, j.down])).toEqual([
      ["risk of bias", false],
      ["inconsistency", false],
      ["indirectness", false],
      ["imprecision", false],
      ["publication bias", false],
    ]);
  });

  it(
    "case reports pointing both ways and few of them: starts low, rated down for bias, inconsistency and " +
      "imprecision, floored at very low",
    () => {
      const g = gradeCertainty(
        graded([
          ["pmid:8701013", "yes"],
          ["pmid:22836123", "no"],
          ["pmid:23846525", "yes"],
        ]),
      );
      expect(g.start).toBe("low");
      expect(g.level).toBe("very low");
      expect(g.startReason).toBe(
        "Starts low: no randomised trial or meta-analysis; the evidence is 3 case reports or series.",
      );
      const down = g.judgements.filter((j) => j.down);
      expect(down.map((j) => [j.domain, j.reason, j.evidenceIds])).toEqual([
        [
          "risk of bias",
          "Case reports or series are 3 of 3 records: uncontrolled observations.",
          ["pmid:8701013", "pmid:22836123", "pmid:23846525"],
        ],
        ["inconsistency", "Records point both ways: 2 yes, 1 no.", ["pmid:22836123"]],
        [
          "imprecision",
          "Few records: 3 bear on the question (fewer than 5).",
          ["pmid:8701013", "pmid:22836123", "pmid:23846525"],
        ],
      ]);
    },
  );

  it("animal evidence only is indirect: starts low and is rated down to very low", () => {
    const animals = ["pmid:439781", "pmid:23666265", "pmid:23871786", "pmid:23872883", "pmid:23949582"];
    const g = gradeCertainty(graded(animals.map((id): [string, RecordStance] => [id, "yes"])));
    expect(g.level).toBe("very low");
    expect(g.judgements.find((j) => j.domain === "indirectness")).toEqual({
      domain: "indirectness",
      down: true,
      reason: "Only animal or in vitro evidence (5 animal studies): no study in people.",
      evidenceIds: animals,
    });
  });

  it("no record bearing on the question is very low", () => {
    const g = gradeCertainty(graded([["pmid:2782734", "irrelevant"]]));
    expect(g).toMatchObject({
      level: "very low",
      start: "low",
      startReason: "No record bears on the question.",
      records: 0,
    });
  });
});
