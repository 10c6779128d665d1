import { z } from "zod";

/**
 * Where a piece of evidence was retrieved from. `local` is the on-disk library filled by
 * `npm run library:import`; `papers` the papers the run's owner uploaded ("My papers"); the others are live web
 * services.
 */
export const sourceIdSchema = z.enum(["pubmed", "europepmc", "ctgov", "local", "papers"]);
export type SourceId = z.infer<typeof sourceIdSchema>;

export const SOURCE_LABELS: Record<SourceId, string> = {
  pubmed: "PubMed",
  europepmc: "Europe PMC",
  ctgov: "ClinicalTrials.gov",
  local: "Local library",
  papers: "My papers",
};

/** A MeSH heading: descriptor name and whether NLM marked it as a major topic of the article. */
export const meshTermSchema = z.object({
  term: z.string(),
  majorTopic: z.boolean(),
});
export type MeshTerm = z.infer<typeof meshTermSchema>;

/**
 * A named entity found in or attached to a record. `meshId` is the MeSH unique ID (e.g. "D008094")
 * when the annotation carries one (PubTator, PubMed ChemicalList), otherwise null.
 */
export const entitySchema = z.object({
  name: z.string(),
  type: z.enum(["chemical", "disease", "gene"]),
  meshId: z.string().nullable(),
});
export type Entity = z.infer<typeof entitySchema>;

/**
 * The zod fields that say what a work is and where it appeared: title, authors, journal, publication year (4 digits)
 * or null, and the journal issue (`volume`, `issue`, `pages` as the source writes them, `journalAbbreviation` the NLM
 * abbreviation; absent on records saved before they were read, null when the source gives none). Shared by a record's
 * citation ({@link citationSchema}) and a report's reference (lib/domain/report.ts), which copies them from it.
 */
export const publicationFields = {
  title: z.string(),
  authors: z.array(z.string()),
  journal: z.string().nullable(),
  year: z.number().int().nullable(),
  volume: z.string().nullable().optional(),
  issue: z.string().nullable().optional(),
  pages: z.string().nullable().optional(),
  journalAbbreviation: z.string().nullable().optional(),
};

/**
 * Bibliographic description of one retrieved record. Identifiers are null when the source did not
 * give them; `year` is the publication year (4 digits) or null; `url` always points at the record
 * (PubMed page, DOI resolver, trial page or Europe PMC page). `volume`, `issue` and `pages` are the journal issue's
 * as the source writes them ("297", "6", "F1689-96"); `journalAbbreviation` is the journal's NLM abbreviation
 * (MEDLINE MedlineTA, "Am J Physiol Renal Physiol", the form Vancouver cites). These four are absent on records
 * saved before they were read, and null when the source gives none.
 */
export const citationSchema = z.object({
  source: sourceIdSchema,
  pmid: z.string().nullable(),
  doi: z.string().nullable(),
  pmcid: z.string().nullable(),
  nctId: z.string().nullable(),
  ...publicationFields,
  url: z.string(),
  publicationTypes: z.array(z.string()),
  meshTerms: z.array(meshTermSchema),
  abstract: z.string(),
});
export type Citation = z.infer<typeof citationSchema>;

/** The journal issue fields of a citation (see {@link citationSchema}). */
export type JournalIssue = Pick<Citation, "volume" | "issue" | "pages" | "journalAbbreviation">;

/**
 * The four journal issue fields of `fields` that have a value (non-empty text, trimmed), the others left out (any
 * other key of `fields` is ignored): a citation carries only what its source gave, so a record parsed now and the
 * same record read back from the database (null columns) are equal.
 */
export function journalIssueFields(fields: JournalIssue): JournalIssue {
  const kept: JournalIssue = {};
  for (const key of ["volume", "issue", "pages", "journalAbbreviation"] as const) {
    const value = fields[key]?.trim();
    if (value) kept[key] = value;
  }
  return kept;
}

/** Registry facts of a ClinicalTrials.gov study (API v2 protocolSection), as shown in reports. */
export const trialSchema = z.object({
  phases: z.array(z.string()),
  overallStatus: z.string().nullable(),
  whyStopped: z.string().nullable(),
  studyType: z.string().nullable(),
  conditions: z.array(z.string()),
  interventions: z.array(z.string()),
  arms: z.array(z.string()),
  enrollment: z.number().int().nullable(),
  primaryOutcomes: z.array(z.string()),
  secondaryOutcomes: z.array(z.string()),
  hasResults: z.boolean(),
  startYear: z.number().int().nullable(),
});
export type Trial = z.infer<typeof trialSchema>;

/**
 * What the source says about a record's standing (retracted, corrected, superseded), read from PubMed/MEDLINE
 * `PublicationType` and `CommentsCorrectionsList`, Europe PMC `pubTypeList` and `commentCorrectionList`, and the
 * ClinicalTrials.gov status module. PMIDs are those of the linked notices (PubMed `CommentsCorrections/PMID`, Europe
 * PMC `commentCorrection.id` with source "MED").
 * - `retracted`: publication type "Retracted Publication" or a RetractionIn link; such a record never counts as
 * support;
 * - `retractionIn`, `expressionOfConcernIn`, `erratumIn`, `updateIn`: PMIDs of the retraction notices, expressions of
 *   concern, errata and updated versions that point at this record;
 * - `expressionOfConcern` / `erratum`: an expression of concern / erratum was published about the record (a link of
 * that
 *   kind; the record still counts);
 * - `notice`: the record is itself a notice ("Retraction of Publication", "Expression of Concern", "Published
 * Erratum");
 * - `publishedVersion`: for a preprint record, the journal version it was published as (Europe PMC "Preprint of");
 *   `preprintOf`: for a record standing in for a preprint (see parseEuropePmcSearch), the preprint it replaced;
 * - `registry`: ClinicalTrials.gov facts: last update posted and completion date (ISO "YYYY-MM-DD" or "YYYY-MM"), and
 *   `stale` when the record was last updated far behind completion (see lib/sources/parse/ctgov.ts for the threshold);
 * - `trialRegistrations`: NCT IDs of the ClinicalTrials.gov registrations a PubMed record names in its DataBankList
 *   (absent when it names none).
 */
export const provenanceSchema = z.object({
  retracted: z.boolean(),
  retractionIn: z.array(z.string()),
  expressionOfConcern: z.boolean(),
  expressionOfConcernIn: z.array(z.string()),
  erratum: z.boolean(),
  erratumIn: z.array(z.string()),
  updateIn: z.array(z.string()),
  notice: z.enum(["retraction", "expression-of-concern", "erratum"]).nullable(),
  publishedVersion: z.object({ pmid: z.string() }).nullable(),
  preprintOf: z.object({ id: z.string(), doi: z.string().nullable() }).nullable(),
  registry: z
    .object({ lastUpdatePosted: z.string().nullable(), completionDate: z.string().nullable(), stale: z.boolean() })
    .nullable(),
  trialRegistrations: z.array(z.string()).optional(),
});
export type Provenance = z.infer<typeof provenanceSchema>;

/**
 * The provenance of a record about which the source says nothing (also of records parsed before provenance was read).
 */
export const EMPTY_PROVENANCE: Provenance = {
  retracted: false,
  retractionIn: [],
  expressionOfConcern: false,
  expressionOfConcernIn: [],
  erratum: false,
  erratumIn: [],
  updateIn: [],
  notice: null,
  publishedVersion: null,
  preprintOf: null,
  registry: null,
};

/**
 * One retrieved record used as evidence.
 * - `id`: stable key, the first available of `pmid:<PMID>`, `nct:<NCT ID>`, `pmcid:<PMCID>`, `doi:<lower-case DOI>`
 *   (see {@link evidenceKey}); it is what hypotheses and reports cite.
 * - `relevance`: 0–1, the record's rank-derived relevance within the search that found it.
 * - `entities`: chemical/disease/gene annotations (PubTator, PubMed ChemicalList), deduplicated.
 * - `preprint`: true for records that are not peer-reviewed (Europe PMC source PPR).
 * - `trial`: registry facts for ClinicalTrials.gov records, else null.
 * - `provenance`: retraction, correction and version facts (see {@link provenanceSchema}); absent on records saved
 *   before it existed and on hand-built records, read as {@link EMPTY_PROVENANCE}.
 */
export const evidenceSchema = z.object({
  id: z.string(),
  citation: citationSchema,
  relevance: z.number().min(0).max(1),
  entities: z.array(entitySchema),
  preprint: z.boolean(),
  trial: trialSchema.nullable(),
  provenance: provenanceSchema.optional(),
});
export type Evidence = z.infer<typeof evidenceSchema>;
