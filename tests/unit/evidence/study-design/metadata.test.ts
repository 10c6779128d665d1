import { describe, expect, it } from "vitest";
import type { Evidence } from "@/lib/domain/evidence";
import { classifyStudy } from "@/lib/evidence/study-design/classify";
import { isDesignMesh, meshDesign } from "@/lib/evidence/study-design/mesh";
import { publicationTypeDesign } from "@/lib/evidence/study-design/publication-types";
import { parseEuropePmcSearch } from "@/lib/sources/parse/europepmc";
import { parsePubmedXml } from "@/lib/sources/parse/pubmed-xml";
import { readFixture, readJsonFixture } from "@/tests/support/fixtures";

const MEDLINE = parsePubmedXml(readFixture("corpus/medline16n0902_sample_604.xml"), "pubmed");

function medline(pmid: string): Evidence {
  return MEDLINE.find((e) => e.citation.pmid === pmid)!;
}

/** A record of the MEDLINE sample with its publication types and MeSH headings replaced. */
function retyped(pmid: string, publicationTypes: string[], mesh?: string[]): Evidence {
  const e = medline(pmid);
  const meshTerms = mesh ? mesh.map((term) => ({ term, majorTopic: false })) : e.citation.meshTerms;
  return { ...e, citation: { ...e.citation, publicationTypes, meshTerms } };
}

describe("publication types name the design first", () => {
  it("maps NLM's and Europe PMC's types, strongest first", () => {
    expect(publicationTypeDesign(["Journal Article", "Review", "Meta-Analysis"])).toBe("meta-analysis");
    expect(publicationTypeDesign(["Systematic Review", "Journal Article"])).toBe("systematic-review");
    expect(publicationTypeDesign(["Randomized Controlled Trial, Veterinary"])).toBe("animal");
    expect(publicationTypeDesign(["Clinical Trial, Phase II", "Journal Article"])).toBe("clinical-trial");
    expect(publicationTypeDesign(["Letter", "Case Reports", "Review"])).toBe("case-report");
    expect(publicationTypeDesign(["journal article", "case-report"])).toBe("case-report");
    expect(publicationTypeDesign(["research-article", "review-article"])).toBe("review");
    expect(publicationTypeDesign(["Comment", "Journal Article"])).toBe("opinion");
    expect(publicationTypeDesign(["Published Erratum"])).toBe("unclassified");
    expect(publicationTypeDesign(["Observational Study"])).toBe("cohort");
    expect(publicationTypeDesign(["Journal Article", "Research Support, Non-U.S. Gov't"])).toBeNull();
  });

  it("trusts the type over the words: a record typed Review is a review whatever its abstract reports", () => {
    // MEDLINE 25440500 (medication use after discharge) is a cohort study by its words; typed Review, it is a review.
    expect(classifyStudy(retyped("25440500", ["Journal Article"])).design).toBe("cohort");
    expect(classifyStudy(retyped("25440500", ["Review"])).design).toBe("review");
    expect(classifyStudy(retyped("25440500", ["Letter"]))).toMatchObject({
      design: "opinion",
      level: null,
      human: false,
    });
  });

  it("reads a review typed before 2019 as the systematic review its authors say it is", () => {
    // MEDLINE 26102394 "Transcranial MRI-Guided Focused Ultrasound: A Review of the Technologies…" stays a narrative
    // review; 26702238 "Single-Incision Laparoscopic Right Hemi-Colectomy: a Systematic Review", typed Review only.
    expect(classifyStudy(medline("26102394")).design).toBe("review");
    expect(medline("26702238").citation.publicationTypes).toContain("Review");
    expect(classifyStudy(medline("26702238"))).toEqual({
      design: "systematic-review",
      level: 1,
      human: true,
      mechanistic: false,
    });
  });

  it("keeps a review its authors call narrative a narrative review, whatever search it drew on", () => {
    // Europe PMC 40536418, typed Review: "This narrative review is based on the systematic literature search …".
    const { evidence } = parseEuropePmcSearch(readJsonFixture("europepmc/search_cancer_core_25.json"), "europepmc");
    const prostate = evidence.find((e) => e.citation.pmid === "40536418")!;
    expect(prostate.citation.publicationTypes).toEqual(["Review", "Journal Article"]);
    expect(classifyStudy(prostate).design).toBe("review");
  });

  it("reads a clinical trial as randomized when its abstract says so, and veterinary work as animal", () => {
    // MEDLINE 22508830 "Randomized phase II trial of erlotinib with and without entinostat…".
    expect(classifyStudy(retyped("22508830", ["Clinical Trial, Phase II"])).design).toBe("randomized-trial");
    expect(classifyStudy(retyped("22508830", ["Case Reports"], ["Animals", "Dogs"])).design).toBe("animal");
  });
});

describe("MeSH headings say who was studied when a record has them", () => {
  it("reads check tags, species, cell lines and design descriptors", () => {
    expect(meshDesign([])).toEqual({ humans: false, animals: false, inVitro: false, design: null });
    const names = (terms: string[]) => terms.map((term) => ({ term, majorTopic: false }));
    expect(meshDesign(names(["Humans", "HEK293 Cells", "Retrospective Studies"]))).toEqual({
      humans: true,
      animals: false,
      inVitro: true,
      design: "cohort",
    });
    expect(meshDesign(names(["Rats, Sprague-Dawley", "Male"]))).toEqual({
      humans: false,
      animals: true,
      inVitro: false,
      design: null,
    });
    expect(meshDesign(names(["Humans", "Case-Control Studies"])).design).toBe("case-control");
    // "… as Topic" descriptors index articles about a design, not the article's own design.
    expect(meshDesign(names(["Randomized Controlled Trials as Topic"])).design).toBeNull();
    expect(isDesignMesh("Randomized Controlled Trials as Topic")).toBe(true);
    expect(isDesignMesh("Cells, Cultured")).toBe(true);
    expect(isDesignMesh("Mice, Inbred C57BL")).toBe(true);
    expect(isDesignMesh("Lung Neoplasms")).toBe(false);
    expect(isDesignMesh("Male")).toBe(false);
  });

  it("classifies indexed MEDLINE records by their tags: human cells, zebrafish, a prospective cohort", () => {
    // 25378396 "Klotho up-regulates renal calcium channel…": Humans and HEK293 Cells, no person studied.
    expect(classifyStudy(medline("25378396")).design).toBe("in-vitro");
    // 21615262 "Zebrafish assessment of cognitive improvement…": Animals, Zebrafish.
    expect(classifyStudy(medline("21615262")).design).toBe("animal");
    // 19602546 urinary proteomics: Humans and Prospective Studies.
    expect(classifyStudy(medline("19602546")).design).toBe("cohort");
  });
});
