import { describe, expect, it } from "vitest";
import path from "node:path";
import { evidenceSchema } from "@/lib/domain/evidence";
import { parsePubmedXml, PubmedXmlError } from "@/lib/sources/parse/pubmed-xml";
import { listFixtures, readFixture } from "@/tests/support/fixtures";

// Expected values below were read from the fixture XML (ElementTree dumps and SOURCES.md field counts), not from this
// parser.

/** efetch files: everything under pubmed/ except the esearch/esummary replies, which are not PubmedArticleSets. */
const EFETCH_FILES = listFixtures("pubmed").filter(
  (f) => f.endsWith(".xml") && !/^(esearch|esummary)_/.test(path.basename(f)),
);

function pmidsInFile(xml: string): string[] {
  return [...xml.matchAll(/<PubmedArticle>\s*<MedlineCitation[^>]*>\s*<PMID[^>]*>(\d+)<\/PMID>/g)].map((m) => m[1]);
}

describe("parsePubmedXml on every recorded efetch file", () => {
  it("finds the efetch fixtures", () => {
    expect(EFETCH_FILES).toHaveLength(4 + 30); // 4 multi-record files at the top level + 30 in efetch_single/
  });

  it.each(EFETCH_FILES)("%s parses into one valid Evidence per PubmedArticle, in file order", (file) => {
    const xml = readFixture(file);
    const evidence = parsePubmedXml(xml, "pubmed");
    const pmids = pmidsInFile(xml);
    expect(pmids.length).toBeGreaterThan(0);
    expect(evidence.map((e) => e.citation.pmid)).toEqual(pmids);
    for (const e of evidence) {
      expect(evidenceSchema.parse(e)).toEqual(e);
      expect(e.id).toBe(`pmid:${e.citation.pmid}`);
      expect(e.citation.source).toBe("pubmed");
      expect(e.citation.url).toBe(`https://pubmed.ncbi.nlm.nih.gov/${e.citation.pmid}/`);
      expect(e.citation.title).not.toMatch(/<\/?[a-z]+>|&#x?[0-9a-f]+;|&(lt|gt|amp|quot);/i);
      expect(e.citation.abstract).not.toMatch(/<\/?(i|b|sup|sub|u)>|&#x?[0-9a-f]+;/i);
      const plain = [
        ...e.citation.authors,
        e.citation.journal ?? "",
        ...e.citation.meshTerms.map((m) => m.term),
        ...e.entities.map((x) => x.name),
      ];
      expect(plain.filter((t) => /&#x?[0-9a-f]+;|&(lt|gt|amp|quot|apos);/i.test(t))).toEqual([]);
    }
  });
});

describe("parsePubmedXml field mapping", () => {
  it("maps efetch_pubmed1 (PMIDs 12091962 and 9997)", () => {
    const [a, b] = parsePubmedXml(readFixture("pubmed/efetch_pubmed1_2records_abstract.xml"), "pubmed");
    expect(a.citation).toMatchObject({
      pmid: "12091962",
      doi: null,
      pmcid: null,
      title: "The treatment of AIDS behind the walls of correctional facilities.",
      authors: ["Olivero JM"],
      journal: "Social justice (San Francisco, Calif.)",
      year: 1990,
      publicationTypes: ["Journal Article", "Review"],
      abstract: "",
    });
    expect(a.citation.meshTerms).toHaveLength(19);
    expect(a.citation.meshTerms.filter((m) => m.majorTopic)).toHaveLength(5);
    expect(a.citation.meshTerms[1]).toEqual({ term: "Acquired Immunodeficiency Syndrome", majorTopic: true });
    expect(a.entities).toEqual([]);

    expect(b.citation).toMatchObject({
      pmid: "9997",
      doi: "10.1016/0005-2795(76)90109-4",
      pmcid: null,
      title: "Magnetic studies of Chromatium flavocytochrome C552. A mechanism for heme-flavin interaction.",
      authors: ["Strekas TC"],
      journal: "Biochimica et biophysica acta",
      year: 1976,
      publicationTypes: ["Journal Article"],
    });
    expect(b.citation.abstract.startsWith("Electron paramagnetic resonance and magnetic susceptibility studies")).toBe(
      true,
    );
    expect(b.citation.abstract.endsWith("indicating the existence of a mechanism for heme-flavin interaction.")).toBe(
      true,
    );
    expect(b.citation.meshTerms).toHaveLength(13);
    expect(b.citation.meshTerms.filter((m) => m.majorTopic)).toHaveLength(2);
    expect(b.entities).toEqual([
      { name: "Cytochrome c Group", type: "chemical", meshId: "D003574" },
      { name: "Flavins", type: "chemical", meshId: "D005415" },
      { name: "Heme", type: "chemical", meshId: "D006418" },
      { name: "Iron", type: "chemical", meshId: "D007501" },
    ]);
  });

  it("flattens inline markup and labels abstract sections (biopython pubmed4, PMID 27797938)", () => {
    const [e] = parsePubmedXml(readFixture("pubmed/efetch_single/biopython_pubmed4.xml"));
    expect(e.citation.source).toBe("local");
    expect(e.citation.title).toBe(
      "Leucocyte telomere length, genetic variants at the TERT gene region and risk of pancreatic cancer.",
    );
    const paragraphs = e.citation.abstract.split("\n");
    expect(paragraphs.map((p) => p.split(":")[0])).toEqual(["OBJECTIVE", "DESIGN", "RESULTS", "CONCLUSIONS"]);
    expect(paragraphs[0]).toBe(
      "OBJECTIVE: Telomere shortening occurs as an early event in pancreatic tumorigenesis, and genetic " +
        "variants at the " +
        "telomerase reverse transcriptase (TERT) gene region have been associated with pancreatic cancer risk. " +
        "However, " +
        "it is unknown whether prediagnostic leucocyte telomere length is associated with subsequent risk of " +
        "pancreatic cancer.",
    );
    expect(paragraphs[2]).toContain("OR 1.72; 95% CI 1.07 to 2.78; ptrend");
    expect(e.citation).toMatchObject({
      pmid: "27797938",
      doi: "10.1136/gutjnl-2016-312510",
      pmcid: "PMC5442267",
      journal: "Gut",
      year: 2017, // PubDate 2017 Jun wins over ArticleDate 2016
      publicationTypes: [
        "Journal Article",
        "Observational Study",
        "Research Support, N.I.H., Extramural",
        "Research Support, U.S. Gov't, Non-P.H.S.",
        "Research Support, Non-U.S. Gov't",
      ],
    });
    expect(e.citation.authors).toHaveLength(22);
    expect(e.citation.authors[0]).toBe("Bao Y");
    expect(e.citation.authors[19]).toBe("De Vivo I");
    expect(e.citation.meshTerms).toHaveLength(21);
    expect(e.citation.meshTerms.filter((m) => m.majorTopic)).toHaveLength(4);
    expect(e.entities).toEqual([
      { name: "TERT protein, human", type: "chemical", meshId: "C509186" },
      { name: "Telomerase", type: "chemical", meshId: "D019098" },
    ]);
  });

  it("decodes entities around inline markup in titles (biopython pubmed6, PMID 30108519)", () => {
    const [e] = parsePubmedXml(readFixture("pubmed/efetch_single/biopython_pubmed6.xml"));
    expect(e.citation.title).toBe(
      'A "Blood Relationship" Between the Overlooked Minimum Lactate Equivalent and Maximal Lactate Steady ' +
        "State in Trained Runners. Back to the Old Days?",
    );
  });

  it("keeps collective authors (biopython pubmed7, PMID 29963580)", () => {
    const [e] = parsePubmedXml(readFixture("pubmed/efetch_single/biopython_pubmed7.xml"));
    expect(e.citation.authors).toEqual([
      "Guo F",
      "Capaldi D",
      "Kirby M",
      "Sheikh K",
      "Svenningsen S",
      "McCormack DG",
      "Fenster A",
      "Parraga G",
      "Canadian Respiratory Research Network",
    ]);
  });

  it("maps the 25-record pharmacology set", () => {
    const evidence = parsePubmedXml(readFixture("pubmed/efetch_pharmacology_25records_ASSEMBLED.xml"), "pubmed");
    expect(evidence).toHaveLength(25);
    // Field presence counts from SOURCES.md for this file.
    expect(evidence.filter((e) => e.citation.abstract !== "")).toHaveLength(23);
    expect(evidence.filter((e) => e.citation.meshTerms.length > 0)).toHaveLength(20);
    expect(evidence.filter((e) => e.entities.length > 0)).toHaveLength(19);
    expect(evidence.filter((e) => e.citation.doi !== null)).toHaveLength(25);
    expect(evidence.filter((e) => e.citation.pmcid !== null)).toHaveLength(15);

    const remdesivir = evidence.find((e) => e.citation.pmid === "36156117")!;
    expect(remdesivir.citation).toMatchObject({
      title: "Remdesivir Resistance in Transplant Recipients With Persistent Coronavirus Disease 2019.",
      doi: "10.1093/cid/ciac769",
      pmcid: "PMC9619446",
      year: 2023,
      journal: "Clinical infectious diseases : an official publication of the Infectious Diseases Society of America",
      authors: ["Hogan JI", "Duerr R", "Dimartino D", "Marier C", "Hochman SE", "Mehta S", "Wang G", "Heguy A"],
      publicationTypes: ["Journal Article", "Research Support, N.I.H., Extramural", "Research Support, Non-U.S. Gov't"],
    });
    expect(remdesivir.citation.meshTerms).toHaveLength(6);
    expect(remdesivir.citation.meshTerms.filter((m) => m.majorTopic)).toHaveLength(1);
    expect(remdesivir.entities).toEqual([
      { name: "remdesivir", type: "chemical", meshId: "C000606551" },
      { name: "Antiviral Agents", type: "chemical", meshId: "D000998" },
    ]);

    expect(evidence.find((e) => e.citation.pmid === "38713950")!.citation.journal).toBe(
      "Biomedicine & pharmacotherapy = Biomedecine & pharmacotherapie", // written with &amp; in the XML
    );

    const cefiderocol = evidence.find((e) => e.citation.pmid === "39382274")!;
    expect(
      cefiderocol.citation.title.startsWith(
        "Assessment of the activity and mechanisms of resistance to cefiderocol and combinations of β-lactams " +
          "and the novel β-lactamase inhibitors",
      ),
    ).toBe(true);
    expect(cefiderocol.citation.authors).toHaveLength(18);
    expect(cefiderocol.citation.authors.slice(0, 3)).toEqual(["Blanco-Martín T", "López-Hernández I", "Aracil B"]);
    expect(cefiderocol.citation.authors[17]).toBe(
      "GEMARA-SEIMC/CIBERINFEC Study Group on the activity and resistance mechanisms to new β-lactams and " +
        "β-lactamase inhibitors (PROTECT)",
    );
    expect(cefiderocol.citation.meshTerms).toHaveLength(24);
    expect(cefiderocol.citation.meshTerms.filter((m) => m.majorTopic)).toHaveLength(9);
    expect(cefiderocol.citation.abstract).toContain(
      "meropenem/ANT3310 were determined by reference broth microdilution.",
    );
    expect(cefiderocol.citation.abstract).toContain("MIC50");
  });
});

describe("parsePubmedXml on the MEDLINE 2016 sample (MedlineCitationSet)", () => {
  const evidence = parsePubmedXml(readFixture("corpus/medline16n0902_sample_604.xml"));

  it("reads all 604 citations with the field counts of SOURCES.md", () => {
    expect(evidence).toHaveLength(604);
    expect(evidence[0].citation.pmid).toBe("17942999");
    expect(evidence.filter((e) => e.citation.abstract !== "")).toHaveLength(526);
    expect(evidence.filter((e) => e.citation.authors.length > 0)).toHaveLength(603);
    expect(evidence.filter((e) => e.citation.meshTerms.length > 0)).toHaveLength(94);
    expect(evidence.filter((e) => e.entities.length > 0)).toHaveLength(72);
    expect(evidence.filter((e) => e.citation.doi !== null)).toHaveLength(579); // ELocationID doi only: no PubmedData
    // No PubmedData either: the PMCID comes from OtherID Source="NLM" (368 of the 604 name one; NIHMS ids do not
    // count).
    expect(evidence.filter((e) => e.citation.pmcid !== null)).toHaveLength(368);
    expect(evidence.every((e) => e.citation.pmcid === null || /^PMC\d+$/.test(e.citation.pmcid))).toBe(true);
    expect(evidence.every((e) => e.citation.year !== null)).toBe(true);
    expect(evidence.filter((e) => e.citation.pages)).toHaveLength(604);
    expect(evidence.filter((e) => e.citation.volume)).toHaveLength(603);
    expect(evidence.every((e) => e.citation.journalAbbreviation)).toBe(true);
  });

  it("reads the journal issue a reference manager needs (PMID 18621939: Psychosomatics 2008;49(4):332-40)", () => {
    const psychosomatics = evidence.find((e) => e.citation.pmid === "18621939")!;
    expect(psychosomatics.citation).toMatchObject({
      authors: ["DiMartini A", "Dew MA", "Fitzgerald MG", "Fontes P"],
      journal: "Psychosomatics",
      journalAbbreviation: "Psychosomatics",
      year: 2008,
      volume: "49",
      issue: "4",
      pages: "332-40",
      pmcid: "PMC4631030",
    });
    const first = evidence[0].citation; // Restor Neurol Neurosci 2007;25(3-4):195-210
    expect([first.journalAbbreviation, first.volume, first.issue, first.pages]).toEqual([
      "Restor Neurol Neurosci",
      "25",
      "3-4",
      "195-210",
    ]);
  });

  it("takes the year from MedlineDate and the DOI from ELocationID", () => {
    const psychosomatics = evidence.find((e) => e.citation.pmid === "18621939")!; // MedlineDate "2008 Jul-Aug"
    expect(psychosomatics.citation.year).toBe(2008);
    expect(psychosomatics.citation.doi).toBe("10.1176/appi.psy.49.4.332");
    expect(psychosomatics.citation.title.startsWith("Clusters of alcohol use disorders diagnostic criteria")).toBe(
      true,
    );
    expect(evidence.find((e) => e.citation.pmid === "26702503")!.citation.year).toBe(2016); // "2016 Jan-Feb"
    expect(evidence.find((e) => e.citation.pmid === "21784659")!.citation.year).toBe(2012); // "2012 Jan-Feb"
  });

  it("marks a heading major when only a qualifier is major (PMID 17942999)", () => {
    const mesh = evidence[0].citation.meshTerms;
    expect(mesh).toHaveLength(11);
    expect(mesh.filter((m) => m.majorTopic)).toHaveLength(2);
  });
});

describe("parsePubmedXml errors and edge cases", () => {
  it("rejects truncated XML whole", () => {
    const xml = readFixture("pubmed/efetch_pubmed2_2records.xml");
    expect(() => parsePubmedXml(xml.slice(0, Math.floor(xml.length / 2)))).toThrow(PubmedXmlError);
    expect(() => parsePubmedXml(xml.slice(0, Math.floor(xml.length / 2)))).toThrow(/malformed PubMed XML at line \d+/);
  });

  it("rejects a document whose root is not an article set", () => {
    expect(() => parsePubmedXml(readFixture("pubmed/esearch_biopython_term.xml"))).toThrow(
      /expected a PubmedArticleSet or MedlineCitationSet root, found <eSearchResult>/,
    );
    expect(() => parsePubmedXml(readFixture("pubmed/esummary_error_no_id.xml"))).toThrow(PubmedXmlError);
    expect(() => parsePubmedXml("")).toThrow(PubmedXmlError);
  });

  it("returns [] for an empty article set", () => {
    expect(parsePubmedXml('<?xml version="1.0"?>\n<PubmedArticleSet></PubmedArticleSet>')).toEqual([]);
    expect(parsePubmedXml("<PubmedArticleSet/>")).toEqual([]);
  });

  it("rejects a record without a PMID", () => {
    const xml =
      "<PubmedArticleSet><PubmedArticle><MedlineCitation><Article><ArticleTitle>x</ArticleTitle></Article>" +
      "</MedlineCitation></PubmedArticle></PubmedArticleSet>";
    expect(() => parsePubmedXml(xml)).toThrow(/record without a valid PMID/);
  });

  it("maps a PubmedBookArticle (NCBI Bookshelf record shape)", () => {
    const xml =
      `<PubmedArticleSet><PubmedBookArticle><BookDocument><PMID Version="1">20301295</PMID>
      <Book><Publisher><PublisherName>University of Washington, Seattle</PublisherName></Publisher>
      <BookTitle book="gene">GeneReviews<sup>®</sup></BookTitle><PubDate><Year>1993</Year></PubDate></Book>
      <ArticleTitle book="gene" part="cf">CFTR-Related Disorders</ArticleTitle>
      <Abstract><AbstractText Label="CLINICAL CHARACTERISTICS">Cystic fibrosis &amp; ` +
      `<i>CFTR</i>.</AbstractText></Abstract>
      <PublicationType UI="D000078182">Review</PublicationType></BookDocument>
      <PubmedBookData><ArticleIdList><ArticleId IdType="bookaccession">NBK1250</ArticleId>` +
      `</ArticleIdList></PubmedBookData>
      </PubmedBookArticle></PubmedArticleSet>`;
    const [e] = parsePubmedXml(xml);
    expect(e.citation).toMatchObject({
      pmid: "20301295",
      title: "CFTR-Related Disorders",
      journal: "GeneReviews®",
      year: 1993,
      publicationTypes: ["Review"],
      abstract: "CLINICAL CHARACTERISTICS: Cystic fibrosis & CFTR.",
    });
  });
});
