import { describe, expect, it } from "vitest";
import type { Evidence } from "@/lib/domain/evidence";
import { classifyStudy } from "@/lib/evidence/study-design/classify";
import { studyTypeOf } from "@/lib/report/appraise/study-type";
import { parsePubmedXml } from "@/lib/sources/parse/pubmed-xml";
import { loadCorpus } from "@/tests/support/corpus";
import { readFixture } from "@/tests/support/fixtures";

/** The demo library: the three BC5CDR splits and the MEDLINE sample, parsed as `library:import` parses them. */
const LIBRARY: Evidence[] = [
  ...loadCorpus(),
  ...parsePubmedXml(readFixture("corpus/medline16n0902_sample_604.xml"), "pubmed"),
];

function record(pmid: string): Evidence {
  const found = LIBRARY.find((e) => e.citation.pmid === pmid);
  if (!found) throw new Error(`PMID ${pmid} is not in the demo library`);
  return found;
}

describe("study types of the demo library's records that were read wrongly", () => {
  it("the EXCEL trial (lovastatin, double-blind, randomly assigned) is a randomized trial, not a cohort study", () => {
    // BC5CDR development split; its abstract says "cohort of 8245 volunteers", which the old rules read as a cohort.
    expect(classifyStudy(record("8480959"))).toEqual({
      design: "randomized-trial",
      level: 2,
      human: true,
      mechanistic: false,
    });
    expect(studyTypeOf(record("8480959")).label).toBe("Randomized trial");
  });

  it("rat studies that name children or patients in their background are animal studies", () => {
    // Succimer in lead-exposed rats (BC5CDR test split): "Pb-exposed children" four times, "rats" three times.
    expect(classifyStudy(record("17384765"))).toEqual({ design: "animal", level: 5, human: false, mechanistic: true });
    // Neuropeptide stimulation of the rat locus ceruleus (BC5CDR development split).
    expect(classifyStudy(record("2840807"))).toEqual({ design: "animal", level: 5, human: false, mechanistic: true });
    expect(studyTypeOf(record("17384765")).label).toBe("Animal study");
  });

  it("the hiPS-CM multielectrode-array assay is an in vitro study, not a study in people", () => {
    expect(classifyStudy(record("24742750"))).toEqual({
      design: "in-vitro",
      level: 5,
      human: false,
      mechanistic: true,
    });
    expect(studyTypeOf(record("24742750")).label).toBe("In vitro study");
  });

  it("the review of the multiple sclerosis drug pipeline is a narrative review, not a non-randomized trial", () => {
    // MEDLINE sample, typed only "Journal Article"; "This review article summarizes data for … late-phase agents".
    expect(record("26702336").citation.publicationTypes).toEqual(["Journal Article"]);
    expect(classifyStudy(record("26702336"))).toEqual({ design: "review", level: 5, human: false, mechanistic: true });
    expect(studyTypeOf(record("26702336")).label).toBe("Narrative review");
  });
});
