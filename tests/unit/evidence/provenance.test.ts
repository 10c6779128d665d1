import { describe, expect, it } from "vitest";
import {
  provenanceNote,
  provenancePromptLine,
  supportableEvidence,
  excludedForProvenance,
} from "@/lib/evidence/provenance";
import { parseCtgovStudies } from "@/lib/sources/parse/ctgov";
import { parseEuropePmcSearch } from "@/lib/sources/parse/europepmc";
import { parsePubmedXml } from "@/lib/sources/parse/pubmed-xml";
import { readFixture, readJsonFixture } from "@/tests/support/fixtures";
import { medlineCopiesXml, preprintResponse } from "@/tests/support/provenance-copies";

describe("provenance lines for prompts and exports", () => {
  it("states each flag of real and labelled records in one line", () => {
    const [retracted, concern] = parsePubmedXml(medlineCopiesXml());
    const sample = parsePubmedXml(readFixture("corpus/medline16n0902_sample_604.xml"));
    const corrected = sample.find((e) => e.id === "pmid:26702309")!;
    const notice = sample.find((e) => e.id === "pmid:26407471")!;
    const [published] = parseEuropePmcSearch(preprintResponse()).evidence;
    expect([retracted, concern, corrected, notice, published].map(provenancePromptLine)).toEqual([
      "Provenance: RETRACTED (retraction notice PMID 39990001), must not be cited as support",
      "Provenance: Expression of concern (PMID 39990002)",
      "Provenance: Erratum published (PMID 26705261)",
      "Provenance: Erratum notice",
      "Provenance: Published version of preprint DOI 10.21203/rs.3.rs-6629474/v1",
    ]);
    expect(provenanceNote(corrected)).toBe("Erratum published (PMID 26705261)");
    expect(provenancePromptLine(sample[0])).toBeNull();
    expect(provenanceNote(sample[0])).toBeNull();
  });

  it("names a stale registration with its dates", () => {
    const real = readJsonFixture("ctgov/study_v2_full_NCT03418623_get73_phase2.json") as {
      protocolSection: { statusModule: Record<string, unknown> };
    };
    const copy = {
      ...real,
      protocolSection: {
        ...real.protocolSection,
        statusModule: { ...real.protocolSection.statusModule, lastUpdatePostDateStruct: { date: "2018-02-01" } },
      },
    };
    const [stale] = parseCtgovStudies(copy, "ctgov", new Date("2026-11-22T00:00:00Z"));
    expect(provenancePromptLine(stale)).toBe(
      "Provenance: Registry record stale (last update 2018-02-01, completion 2020-03-13)",
    );
  });

  it("keeps every record but the retracted one as support, in order", () => {
    const [retracted, concern] = parsePubmedXml(medlineCopiesXml());
    const other = parsePubmedXml(readFixture("corpus/medline16n0902_sample_604.xml"))[0];
    expect(supportableEvidence([other, retracted, concern]).map((e) => e.id)).toEqual([other.id, "pmid:24975837"]);
    expect(excludedForProvenance([other, retracted, concern]).records.map((r) => r.evidenceId)).toEqual([
      "pmid:20510337",
    ]);
  });
});
