import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Evidence } from "@/lib/domain/evidence";
import { loadCorpus } from "./corpus";
import { readJsonFixture } from "./fixtures";

/**
 * Labelled copies of real fixture records for the provenance tests, made here, never written into the
 * fixtures. The PMIDs of the notices (retraction, expression of concern) and of the preprint's published version are
 * test values standing for the linked records; the records themselves are real.
 */
export const COPIES = {
  /** BC5CDR record "Coenzyme Q10 treatment ameliorates acute cisplatin nephrotoxicity in mice." — made retracted. */
  retracted: { pmid: "20510337", noticePmid: "39990001" },
  /**
   * BC5CDR record "Kinin B2 receptor deletion and blockage ameliorates cisplatin-induced acute renal injury." — with
   * an expression of concern.
   */
  concern: { pmid: "24975837", noticePmid: "39990002" },
  /**
   * Europe PMC preprint PPR1033861 (Research Square, atorvastatin and thyroid cancer) — given a published version.
   */
  preprint: { id: "PPR1033861", doi: "10.21203/rs.3.rs-6629474/v1", publishedPmid: "39990003" },
} as const;

function xml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** A BC5CDR record (parsed from its PubTator file) by PMID. @throws when the corpus lacks it. */
export function corpusRecord(pmid: string): Evidence {
  const record = loadCorpus().find((e) => e.citation.pmid === pmid);
  if (!record) throw new Error(`PMID ${pmid} is not in the BC5CDR corpus`);
  return record;
}

/**
 * One MedlineCitation of a corpus record, as MEDLINE XML writes it: PMID, title, abstract, the PubTator chemicals as
 * its ChemicalList (MeSH UI), publication types, and CommentsCorrections links (`RefType` and PMID).
 */
export function medlineCitation(
  record: Evidence,
  publicationTypes: string[],
  links: Array<{ refType: string; pmid: string }>,
): string {
  const chemicals = record.entities.filter((e) => e.type === "chemical" && e.meshId);
  const publicationTypeElements = publicationTypes.map((t) => `<PublicationType>${xml(t)}</PublicationType>`);
  const chemicalElements = chemicals.map(
    (c) =>
      `<Chemical><RegistryNumber>0</RegistryNumber>` +
      `<NameOfSubstance UI="${c.meshId}">${xml(c.name)}</NameOfSubstance></Chemical>`,
  );
  const correctionElements = links.map(
    (l) =>
      `<CommentsCorrections RefType="${l.refType}"><RefSource>Notice</RefSource>` +
      `<PMID Version="1">${l.pmid}</PMID></CommentsCorrections>`,
  );
  return [
    `<MedlineCitation Owner="NLM" Status="MEDLINE">`,
    `<PMID Version="1">${record.citation.pmid}</PMID>`,
    `<Article PubModel="Print"><Journal><JournalIssue>` +
      `<PubDate><Year>${record.citation.year ?? 2010}</Year></PubDate></JournalIssue>` +
      `<Title>${xml(record.citation.journal ?? "Journal")}</Title></Journal>`,
    `<ArticleTitle>${xml(record.citation.title)}</ArticleTitle>`,
    `<Abstract><AbstractText>${xml(record.citation.abstract)}</AbstractText></Abstract>`,
    `<PublicationTypeList>${publicationTypeElements.join("")}</PublicationTypeList>`,
    `</Article>`,
    chemicals.length ? `<ChemicalList>${chemicalElements.join("")}</ChemicalList>` : "",
    links.length ? `<CommentsCorrectionsList>${correctionElements.join("")}</CommentsCorrectionsList>` : "",
    `</MedlineCitation>`,
  ].join("\n");
}

/**
 * The MEDLINE XML of the two corpus copies: the cisplatin record marked retracted ("Retracted Publication" and a
 * RetractionIn link) and the kinin record with an ExpressionOfConcernIn link. `flags: false` gives the same records
 * without them (an earlier state of the same records, for re-import tests).
 */
export function medlineCopiesXml(flags = true): string {
  const { retracted, concern } = COPIES;
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<MedlineCitationSet>`,
    medlineCitation(
      corpusRecord(retracted.pmid),
      flags ? ["Journal Article", "Retracted Publication"] : ["Journal Article"],
      flags ? [{ refType: "RetractionIn", pmid: retracted.noticePmid }] : [],
    ),
    medlineCitation(
      corpusRecord(concern.pmid),
      ["Journal Article"],
      flags ? [{ refType: "ExpressionOfConcernIn", pmid: concern.noticePmid }] : [],
    ),
    `</MedlineCitationSet>`,
  ].join("\n");
}

/**
 * A Europe PMC search response holding a copy of the real preprint PPR1033861 (from search_cancer_lite_1000.json)
 * with a "Preprint of" link to its published version (`commentCorrectionList`, as Europe PMC's core results carry
 * it), plus the real preprint PPR1037716, left without one.
 */
export function preprintResponse(): unknown {
  const page = readJsonFixture("europepmc/search_cancer_lite_1000.json") as {
    resultList: { result: Array<Record<string, unknown>> };
  };
  const byId = (id: string) => page.resultList.result.find((r) => r.id === id)!;
  const linked = {
    ...byId(COPIES.preprint.id),
    commentCorrectionList: {
      commentCorrection: [
        {
          id: COPIES.preprint.publishedPmid,
          source: "MED",
          reference: "Published version",
          type: "Preprint of",
          orderIn: 1,
        },
      ],
    },
  };
  return { version: "6.9", hitCount: 2, request: {}, resultList: { result: [linked, byId("PPR1037716")] } };
}

/** Writes `content` to a new temp file named `name` and returns its path (for importFile). */
export function tempFile(name: string, content: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "critica-provenance-"));
  const file = path.join(dir, name);
  fs.writeFileSync(file, content);
  return file;
}
