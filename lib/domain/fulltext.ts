import { z } from "zod";

/**
 * The kind of an article section, read from its JATS `sec-type` or its title ("2. Materials and Methods" → methods),
 * or from a PDF heading: introduction, methods, results, discussion, conclusions, the case of a case report, or
 * other (acknowledgements, appendices, unlabelled text). A "Results and Discussion" section is results.
 */
export const sectionTypeSchema = z.enum([
  "introduction",
  "methods",
  "results",
  "discussion",
  "conclusions",
  "case-report",
  "other",
]);
export type SectionType = z.infer<typeof sectionTypeSchema>;

/** What a passage is: a paragraph of prose, a table (caption, header and rows as text), or a figure caption. */
export const passageKindSchema = z.enum(["paragraph", "table", "caption"]);

/**
 * One paragraph-sized passage of an article's full text: the unit a report cites beyond the abstract.
 * - `id`: stable within its full text and across re-imports of the same file: "<doc>·<section>·<n>" for JATS
 *   ("PMC4738914·case-report·2": the 2nd paragraph of the case; a section kind that occurs more than once, or an
 *   untyped section, is named by its number, "s4"), "<doc>·table<n>" / "<doc>·figure<n>" for tables and figure
 *   captions, "<doc>·page<p>·<n>" for PDF text (the n-th paragraph that starts on page p). `<doc>` is the PMCID when
 *   the article has one, else its evidence key (lib/evidence/identity evidenceKey).
 * - `section`: the heading as printed ("3. Results"), null before the first heading;
 * - `page`: the 1-based PDF page the passage starts on (null for JATS);
 * - `text`: plain text, whitespace collapsed; a table is "Table 2: <caption>" then one line per row, cells joined by
 *   " | ", the header row first.
 */
export const passageSchema = z.object({
  id: z.string().min(1),
  section: z.string().nullable(),
  sectionType: sectionTypeSchema,
  page: z.number().int().min(1).nullable(),
  kind: passageKindSchema,
  text: z.string().min(1),
});
export type Passage = z.infer<typeof passageSchema>;

/**
 * The licence an article states: its text as written (JATS `<license>`, else `<copyright-statement>`; the PDF's
 * licence sentence), the licence URL (`xlink:href` or `ali:license_ref`; null when none is given) and its short name
 * when recognisable ("CC BY 4.0", "CC0 1.0", "public domain"), else null. Kept with every full text and shown with it.
 */
export const licenceSchema = z.object({
  text: z.string().nullable(),
  url: z.string().nullable(),
  name: z.string().nullable(),
});
export type Licence = z.infer<typeof licenceSchema>;

/** Where a full text came from: a live open-access source, the library's import, or a user's upload ("My papers"). */
export const fullTextOriginSchema = z.enum(["europepmc", "biorxiv", "medrxiv", "library", "upload"]);
export type FullTextOrigin = z.infer<typeof fullTextOriginSchema>;

/** The file format a full text was read from. */
export const fullTextFormatSchema = z.enum(["jats", "pdf"]);
export type FullTextFormat = z.infer<typeof fullTextFormatSchema>;

/**
 * The zod fields of an article's body, the same in the article read from its file and in the full text stored from
 * it: its licence, `pages` (the PDF's page count, null for JATS) and its passages in reading order.
 */
const articleBodyFields = {
  licence: licenceSchema,
  pages: z.number().int().min(1).nullable(),
  passages: z.array(passageSchema),
};

/**
 * An article read from a JATS or PDF file: its identifiers and bibliographic facts as the file states them (null or
 * empty when it states none: a PDF rarely names its PMID), its abstract, licence and passages in reading order.
 * `pages` is the PDF's page count (null for JATS); `articleType` the JATS `article-type` ("research-article",
 * "case-report"; null for PDF).
 */
export const articleDocumentSchema = z.object({
  format: fullTextFormatSchema,
  pmid: z.string().nullable(),
  pmcid: z.string().nullable(),
  doi: z.string().nullable(),
  title: z.string(),
  authors: z.array(z.string()),
  journal: z.string().nullable(),
  year: z.number().int().nullable(),
  abstract: z.string(),
  articleType: z.string().nullable(),
  ...articleBodyFields,
});
export type ArticleDocument = z.infer<typeof articleDocumentSchema>;

/**
 * A record's full text as stored and read by runs: the record it belongs to, where it came from, its format, licence
 * and passages. `ownerId` is null for a full text anyone may read (an open-access fetch, a library import) and the
 * owner's id for a paper uploaded to "My papers" (readable by its owner's runs only, lib/auth/papers.ts).
 */
export const fullTextSchema = z.object({
  evidenceId: z.string(),
  ownerId: z.string().nullable(),
  origin: fullTextOriginSchema,
  format: fullTextFormatSchema,
  ...articleBodyFields,
});
export type FullText = z.infer<typeof fullTextSchema>;

/**
 * A passage a report cites: the record (`evidenceId`) and the passage's stable id, section heading, section kind and
 * page, and the sentence of it the report quotes or rests on. Saved in the report's data (ResearchReport.passages), so
 * a citation names where in the article its statement comes from.
 */
export const passageCitationSchema = z.object({
  evidenceId: z.string(),
  passageId: z.string(),
  section: z.string().nullable(),
  sectionType: sectionTypeSchema,
  page: z.number().int().min(1).nullable(),
  sentence: z.string(),
});
export type PassageCitation = z.infer<typeof passageCitationSchema>;
