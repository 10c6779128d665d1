import { XMLParser, XMLValidator } from "fast-xml-parser";
import { evidenceKey, recordUrl } from "@/lib/evidence/identity";
import { journalIssueFields, type Entity, type Evidence, type MeshTerm, type SourceId } from "@/lib/domain/evidence";
import { flattenXmlMarkup, collapseSpaces, decodeEntities } from "./markup";
import { publicationProvenance, type CorrectionLink } from "./provenance";

/** Thrown when PubMed/MEDLINE XML is malformed (e.g. truncated), has an unexpected root, or a record lacks its PMID. */
export class PubmedXmlError extends Error {
  override name = "PubmedXmlError";
}

/** Elements that may repeat; always parsed as arrays so one and many occurrences look the same. */
const ARRAY_ELEMENTS = new Set([
  "PubmedArticle",
  "PubmedBookArticle",
  "MedlineCitation",
  "AbstractText",
  "Author",
  "ArticleId",
  "ELocationID",
  "PublicationType",
  "MeshHeading",
  "QualifierName",
  "Chemical",
  "ArticleDate",
  "CommentsCorrections",
  "DataBank",
  "AccessionNumber",
  "OtherID",
]);

/**
 * Elements whose mixed content (`a <i>b</i> c`) is kept raw and flattened by {@link flattenXmlMarkup};
 * fast-xml-parser would otherwise split the text around the inline tags.
 */
const MIXED_CONTENT = ["ArticleTitle", "VernacularTitle", "BookTitle", "AbstractText", "CollectiveName"];

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  textNodeName: "#text",
  parseTagValue: false, // PMIDs, years and DOIs stay strings
  parseAttributeValue: false,
  trimValues: true,
  processEntities: false, // references are decoded once, by decodeEntities (the parser leaves numeric ones as written)
  stopNodes: MIXED_CONTENT.map((name) => `*.${name}`),
  isArray: (name) => ARRAY_ELEMENTS.has(name),
});

/**
 * A parsed XML element: attributes under `@_name` (character references not yet decoded), text under `#text`,
 * children by tag name (the {@link ARRAY_ELEMENTS} always as arrays), and the raw inner XML of the
 * {@link MIXED_CONTENT} elements as their text. lib/library/pubmed-stream.ts builds the same shape from a stream.
 */
export type XmlNode = Record<string, unknown>;

/** The element names kept as raw inner XML (see {@link XmlNode}). */
export const PUBMED_MIXED_CONTENT: ReadonlySet<string> = new Set(MIXED_CONTENT);

/** The element names always parsed as arrays (see {@link XmlNode}). */
export const PUBMED_ARRAY_ELEMENTS: ReadonlySet<string> = ARRAY_ELEMENTS;

/**
 * Parses PubMed efetch XML (`PubmedArticleSet` of `PubmedArticle` and `PubmedBookArticle`) or MEDLINE baseline
 * XML (`MedlineCitationSet` of `MedlineCitation`, which has no PubmedData) into Evidence.
 * - title: ArticleTitle with inline markup flattened (VernacularTitle, then BookTitle, when it is empty);
 * - abstract: AbstractText paragraphs joined by "\n", each labelled one as "LABEL: text";
 * - authors: "LastName Initials" or CollectiveName, skipping ValidYN="N" entries;
 * - year: PubDate/Year, else the first 4-digit year of PubDate/MedlineDate ("1998 Dec-1999 Jan" gives 1998),
 *   else ArticleDate/Year;
 * - doi/pmcid: PubmedData/ArticleIdList (IdType doi, pmc), DOI falling back to ELocationID EIdType="doi" and
 *   the PMCID to MedlineCitation/OtherID Source="NLM" ("PMC4380289"; MEDLINE baseline records have no PubmedData);
 * - volume, issue: JournalIssue/Volume and Issue; pages: Pagination/MedlinePgn ("332-40"), else StartPage–EndPage;
 *   journalAbbreviation: MedlineJournalInfo/MedlineTA, else Journal/ISOAbbreviation (null when absent);
 * - meshTerms: DescriptorName, major when the descriptor or any QualifierName has MajorTopicYN="Y";
 * - entities: ChemicalList NameOfSubstance as chemicals, meshId from its UI attribute, deduplicated;
 * - provenance: from the publication types and CommentsCorrectionsList (RefType RetractionIn, ExpressionOfConcernIn,
 *   ErratumIn, UpdateIn with their PMIDs), see publicationProvenance; book articles have no such list; plus
 *   `trialRegistrations`, the NCT IDs of the DataBankList's ClinicalTrials.gov entries, when there are any.
 * Articles come first, then book articles (document order across the two kinds is not kept).
 * @returns one Evidence per record with `relevance: 0` (the caller ranks) and `citation.source = source`;
 *   an empty `PubmedArticleSet` gives [].
 * @throws PubmedXmlError when the XML is not well-formed (checked with XMLValidator before parsing, so truncated
 *   input is rejected whole), the root is neither set (an efetch `<ERROR>` reply is quoted), or a record has no PMID.
 */
export function parsePubmedXml(xml: string, source: SourceId = "local"): Evidence[] {
  const validation = XMLValidator.validate(xml);
  if (validation !== true) {
    const { msg, line, col } = validation.err;
    throw new PubmedXmlError(`malformed PubMed XML at line ${line}, column ${col}: ${msg}`);
  }
  const doc = parser.parse(xml) as XmlNode;
  if (isNode(doc.PubmedArticleSet) || doc.PubmedArticleSet === "") {
    const set = isNode(doc.PubmedArticleSet) ? doc.PubmedArticleSet : {};
    const articles = nodes(set.PubmedArticle).map((a) =>
      // MedlineCitation is an array element (for MedlineCitationSet); a PubmedArticle holds exactly one.
      articleToEvidence(nodes(a.MedlineCitation)[0] ?? {}, node(a.PubmedData), source),
    );
    const books = nodes(set.PubmedBookArticle).map((b) =>
      bookToEvidence(node(b.BookDocument), node(b.PubmedBookData), source),
    );
    return [...articles, ...books];
  }
  if (isNode(doc.MedlineCitationSet) || doc.MedlineCitationSet === "") {
    const set = isNode(doc.MedlineCitationSet) ? doc.MedlineCitationSet : {};
    return nodes(set.MedlineCitation).map((c) => articleToEvidence(c, {}, source));
  }
  const roots = Object.keys(doc).filter((k) => !k.startsWith("?") && !k.startsWith("!"));
  const error = roots.length === 1 ? text(node(doc[roots[0]]).ERROR) : "";
  throw new PubmedXmlError(
    `expected a PubmedArticleSet or MedlineCitationSet root, found ` +
      `${roots.length ? `<${roots.join(">, <")}>` : "no element"}` +
      (error ? ` (error: ${error})` : ""),
  );
}

/**
 * One PubmedArticle (its MedlineCitation and PubmedData elements, or a MEDLINE citation with `{}` as PubmedData) as
 * Evidence, as described at {@link parsePubmedXml}. @throws PubmedXmlError when the record has no valid PMID.
 */
export function articleToEvidence(citation: XmlNode, pubmedData: XmlNode, source: SourceId): Evidence {
  const pmid = requirePmid(citation);
  const article = node(citation.Article);
  const journal = node(article.Journal);
  const ids = articleIds(node(pubmedData.ArticleIdList));
  const doi = ids.doi ?? elocationDoi(article);
  const publicationTypes = nodes(article.PublicationTypeList, "PublicationType").map(text).filter(Boolean);
  const issue = node(journal.JournalIssue);
  return buildEvidence({
    source,
    pmid,
    doi,
    pmcid: ids.pmcid ?? otherPmcid(citation),
    title: firstNonEmpty(mixed(article.ArticleTitle), mixed(article.VernacularTitle)),
    abstract: abstractText(node(article.Abstract)),
    authors: authorNames(node(article.AuthorList)),
    journal:
      firstNonEmpty(
        text(journal.Title),
        text(journal.ISOAbbreviation),
        text(node(citation.MedlineJournalInfo).MedlineTA),
      ) || null,
    year: pubDateYear(node(issue.PubDate)) ?? firstYear(nodes(article.ArticleDate).map((d) => text(d.Year))),
    volume: text(issue.Volume) || null,
    issue: text(issue.Issue) || null,
    pages: pagination(node(article.Pagination)),
    journalAbbreviation:
      firstNonEmpty(text(node(citation.MedlineJournalInfo).MedlineTA), text(journal.ISOAbbreviation)) || null,
    publicationTypes,
    meshTerms: meshTerms(node(citation.MeshHeadingList)),
    entities: chemicals(node(citation.ChemicalList)),
    links: correctionLinks(node(citation.CommentsCorrectionsList)),
    trialRegistrations: trialRegistrations(node(article.DataBankList)),
  });
}

/** One PubmedBookArticle (BookDocument, PubmedBookData) as Evidence. @throws PubmedXmlError without a valid PMID. */
export function bookToEvidence(book: XmlNode, bookData: XmlNode, source: SourceId): Evidence {
  const pmid = requirePmid(book);
  const bookInfo = node(book.Book);
  const ids = articleIds(node(bookData.ArticleIdList));
  return buildEvidence({
    source,
    pmid,
    doi: ids.doi,
    pmcid: ids.pmcid,
    title: firstNonEmpty(mixed(book.ArticleTitle), mixed(book.VernacularTitle), mixed(bookInfo.BookTitle)),
    abstract: abstractText(node(book.Abstract)),
    authors: authorNames(node(book.AuthorList)),
    journal: firstNonEmpty(mixed(bookInfo.BookTitle), text(node(bookInfo.Publisher).PublisherName)) || null,
    year: pubDateYear(node(bookInfo.PubDate)),
    volume: null,
    issue: null,
    pages: null,
    journalAbbreviation: null,
    publicationTypes: nodes(book.PublicationType).map(text).filter(Boolean),
    meshTerms: [],
    entities: [],
    links: [],
  });
}

interface Draft {
  source: SourceId;
  pmid: string;
  doi: string | null;
  pmcid: string | null;
  title: string;
  abstract: string;
  authors: string[];
  journal: string | null;
  year: number | null;
  volume: string | null;
  issue: string | null;
  pages: string | null;
  journalAbbreviation: string | null;
  publicationTypes: string[];
  meshTerms: MeshTerm[];
  entities: Entity[];
  links: CorrectionLink[];
  trialRegistrations?: string[];
}

function buildEvidence(d: Draft): Evidence {
  const ids = { pmid: d.pmid, doi: d.doi, pmcid: d.pmcid, nctId: null };
  return {
    id: evidenceKey(ids),
    citation: {
      source: d.source,
      ...ids,
      title: d.title,
      authors: d.authors,
      journal: d.journal,
      year: d.year,
      ...journalIssueFields({
        volume: d.volume,
        issue: d.issue,
        pages: d.pages,
        journalAbbreviation: d.journalAbbreviation,
      }),
      url: recordUrl(ids),
      publicationTypes: d.publicationTypes,
      meshTerms: d.meshTerms,
      abstract: d.abstract,
    },
    relevance: 0,
    entities: d.entities,
    preprint: false,
    trial: null,
    provenance: {
      ...publicationProvenance(d.publicationTypes, d.links),
      ...(d.trialRegistrations?.length ? { trialRegistrations: d.trialRegistrations } : {}),
    },
  };
}

function requirePmid(record: XmlNode): string {
  const pmid = text(record.PMID);
  if (!/^\d+$/.test(pmid)) throw new PubmedXmlError(`record without a valid PMID (found "${pmid.slice(0, 40)}")`);
  return pmid;
}

function abstractText(abstract: XmlNode): string {
  return nodes(abstract.AbstractText)
    .map((part) => {
      const body = mixed(part);
      const label = attr(part, "Label");
      return label && body ? `${label}: ${body}` : body;
    })
    .filter(Boolean)
    .join("\n");
}

function authorNames(list: XmlNode): string[] {
  return nodes(list.Author)
    .filter((a) => attr(a, "ValidYN") !== "N")
    .map((a) => {
      const collective = mixed(a.CollectiveName);
      if (collective) return collective;
      return collapseSpaces(`${text(a.LastName)} ${text(a.Initials) || text(a.ForeName)}`);
    })
    .filter(Boolean);
}

function articleIds(list: XmlNode): { doi: string | null; pmcid: string | null } {
  const ids = nodes(list.ArticleId);
  const byType = (type: string) => ids.map((i) => (attr(i, "IdType") === type ? text(i) : "")).find(Boolean) ?? null;
  return { doi: byType("doi"), pmcid: byType("pmc") };
}

/**
 * A MEDLINE citation's PMCID from its OtherID list: Source "NLM", "PMC" + digits, with any embargo note after it
 * dropped ("PMC4691190 [Available on 03/03/16]"); the NIHMS ids there are not PMCIDs.
 */
function otherPmcid(citation: XmlNode): string | null {
  for (const o of nodes(citation.OtherID)) {
    const m = attr(o, "Source") === "NLM" ? /^(PMC\d+)\b/.exec(text(o)) : null;
    if (m) return m[1];
  }
  return null;
}

/** Pages of an article's Pagination: MedlinePgn as written ("332-40"), else StartPage-EndPage, else null. */
function pagination(list: XmlNode): string | null {
  const medline = text(list.MedlinePgn);
  if (medline) return medline;
  const start = text(list.StartPage);
  const end = text(list.EndPage);
  return start ? (end && end !== start ? `${start}-${end}` : start) : null;
}

function elocationDoi(article: XmlNode): string | null {
  const doi = nodes(article.ELocationID).find((e) => attr(e, "EIdType") === "doi" && attr(e, "ValidYN") !== "N");
  return doi ? text(doi) || null : null;
}

/** Year of a PubDate: its Year, else the first 4-digit year in MedlineDate ("2015 Oct-Dec", "1975-1976"). */
function pubDateYear(pubDate: XmlNode): number | null {
  return firstYear([text(pubDate.Year), text(pubDate.MedlineDate)]);
}

function firstYear(candidates: string[]): number | null {
  for (const c of candidates) {
    const m = /\b(\d{4})\b/.exec(c);
    if (m) return Number(m[1]);
  }
  return null;
}

function meshTerms(list: XmlNode): MeshTerm[] {
  return nodes(list.MeshHeading)
    .map((h) => {
      const descriptor = h.DescriptorName;
      const majorTopic =
        attr(descriptor, "MajorTopicYN") === "Y" || nodes(h.QualifierName).some((q) => attr(q, "MajorTopicYN") === "Y");
      return { term: text(descriptor), majorTopic };
    })
    .filter((m) => m.term !== "");
}

/** The CommentsCorrections entries of a record: RefType and the linked PMID (null when the entry names none). */
function correctionLinks(list: XmlNode): CorrectionLink[] {
  return nodes(list.CommentsCorrections).map((c) => {
    const pmid = text(c.PMID);
    return { kind: attr(c, "RefType"), pmid: /^\d+$/.test(pmid) ? pmid : null };
  });
}

/**
 * The NCT IDs of a DataBankList's ClinicalTrials.gov entries (DataBankName "ClinicalTrials.gov", AccessionNumber
 * "NCT" + 8 digits), deduplicated, in order; other data banks (ISRCTN, EudraCT, GEO, PDB…) are left out.
 */
function trialRegistrations(list: XmlNode): string[] {
  const ids = nodes(list.DataBank)
    .filter((bank) => text(bank.DataBankName).toLowerCase() === "clinicaltrials.gov")
    .flatMap((bank) => nodes(bank.AccessionNumberList, "AccessionNumber").map(text))
    .map((id) => id.toUpperCase())
    .filter((id) => /^NCT\d{8}$/.test(id));
  return [...new Set(ids)];
}

function chemicals(list: XmlNode): Entity[] {
  const seen = new Map<string, Entity>();
  for (const c of nodes(list.Chemical)) {
    const substance = c.NameOfSubstance;
    const name = text(substance);
    if (!name) continue;
    const meshId = attr(substance, "UI") || null;
    const key = meshId ?? name.toLowerCase();
    if (!seen.has(key)) seen.set(key, { name, type: "chemical", meshId });
  }
  return [...seen.values()];
}

// ---- fast-xml-parser tree helpers ----

function isNode(value: unknown): value is XmlNode {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function node(value: unknown): XmlNode {
  return isNode(value) ? value : {};
}

/**
 * The element list `value` (or `value[child]` when a child name is given) as nodes; text-only elements become
 * `{#text}`.
 */
function nodes(value: unknown, child?: string): XmlNode[] {
  const target = child ? node(value)[child] : value;
  const list = Array.isArray(target) ? target : target === undefined ? [] : [target];
  return list.map((v) => (isNode(v) ? v : { "#text": v === null || v === undefined ? "" : String(v) }));
}

/** Text of an element parsed normally, character references decoded. */
function text(value: unknown): string {
  if (typeof value === "string" || typeof value === "number") return collapseSpaces(decodeEntities(String(value)));
  if (isNode(value)) return text(value["#text"] ?? "");
  return "";
}

/** Text of a stop-node element (raw inner XML): markup flattened and entities decoded. */
function mixed(value: unknown): string {
  if (typeof value === "string") return flattenXmlMarkup(value);
  if (isNode(value)) return flattenXmlMarkup(String(value["#text"] ?? ""));
  return "";
}

function attr(value: unknown, name: string): string {
  const v = node(value)[`@_${name}`];
  return typeof v === "string" ? decodeEntities(v) : "";
}

function firstNonEmpty(...values: string[]): string {
  return values.find((v) => v !== "") ?? "";
}
