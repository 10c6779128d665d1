import type { ArticleDocument, Passage, SectionType } from "@/lib/domain/fulltext";
import type { Evidence } from "@/lib/domain/evidence";
import { evidenceKey, recordUrl } from "./identity";
import { splitSentences } from "@/lib/text/sentences";

/**
 * The id prefix of a record's passages: its PMCID when it has one, else its evidence key, so the same article's
 * passages are named alike whichever file they were read from.
 */
export function passageDocId(record: Pick<Evidence, "id" | "citation">): string {
  return record.citation.pmcid ?? record.id;
}

/** Passages renamed under another id prefix: "pdf·page2·1" → "doi:10.1155/2016/2860645·page2·1". */
export function withDocId(passages: Passage[], doc: string): Passage[] {
  return passages.map((p) => {
    const at = p.id.indexOf("·");
    return at < 0 ? p : { ...p, id: `${doc}${p.id.slice(at)}` };
  });
}

/** JATS `article-type` values as the PubMed publication types a record's design is read from. */
const ARTICLE_TYPES: Record<string, string> = {
  "case-report": "Case Reports",
  "research-article": "Journal Article",
  "review-article": "Review",
  "systematic-review": "Systematic Review",
  "meta-analysis": "Meta-Analysis",
  editorial: "Editorial",
  letter: "Letter",
  "brief-report": "Journal Article",
  "rapid-communication": "Journal Article",
};

/**
 * The record an article file describes, for when no stored record matches it: its identifiers (evidence key from
 * PMID, PMCID or DOI, else `fallbackId`), title (else `fallbackTitle`), authors, journal, year, abstract, landing page,
 * and its JATS article type as a publication type. No MeSH headings or annotations (runs annotate records that lack
 * them).
 */
export function articleRecord(
  doc: ArticleDocument,
  source: Evidence["citation"]["source"],
  fallbackId: string,
  fallbackTitle: string,
): Evidence {
  const ids = { pmid: doc.pmid, pmcid: doc.pmcid, doi: doc.doi, nctId: null };
  const type = doc.articleType ? ARTICLE_TYPES[doc.articleType] : undefined;
  return {
    id: ids.pmid || ids.pmcid || ids.doi ? evidenceKey(ids) : fallbackId,
    citation: {
      source,
      ...ids,
      title: doc.title.trim() || fallbackTitle,
      authors: doc.authors,
      journal: doc.journal,
      year: doc.year,
      url: recordUrl(ids),
      publicationTypes: type ? [type] : [],
      meshTerms: [],
      abstract: doc.abstract,
    },
    relevance: 0,
    entities: [],
    preprint: false,
    trial: null,
  };
}

/** One sentence of a passage: the passage, the sentence's 1-based number in it, and its text. */
export interface PassageSentence {
  passage: Passage;
  n: number;
  text: string;
}

/**
 * The sentences of a passage: a paragraph's or caption's sentences (lib/text/sentences splitSentences); a table's
 * rows, each read with the table's caption line before it ("Table 1: … — Age (years) | 42.83 ± 13.9 | …") so a
 * row alone says what its numbers are; the header rows are part of the caption line's context, not sentences.
 */
export function passageSentences(passage: Passage): PassageSentence[] {
  if (passage.kind === "table") {
    const [caption, ...rows] = passage.text.split("\n");
    const header = rows.filter((r) => r.startsWith(" | ")).join(" ");
    return rows
      .filter((r) => !r.startsWith(" | ") && r.trim())
      .map((row, i) => ({ passage, n: i + 1, text: `${caption}${header ? ` (${header.trim()})` : ""} — ${row}` }));
  }
  return splitSentences(passage.text).map((text, i) => ({ passage, n: i + 1, text }));
}

/** How a citation names where a passage is: its section heading (or "page 2"), "Table 1", "Figure 3". */
export function passageLocation(passage: Passage): string {
  if (passage.kind !== "paragraph")
    return /^(\S+ \S+?)[:.]/.exec(passage.text)?.[1] ?? (passage.kind === "table" ? "table" : "figure");
  if (passage.section) return passage.page !== null ? `${passage.section}, page ${passage.page}` : passage.section;
  return passage.page !== null ? `page ${passage.page}` : "body";
}

/**
 * How much a sentence's section counts when a reader picks what a full text says: the study's own findings and methods
 * (results, the case, methods, tables) fully, its discussion and conclusions less, its introduction (other studies'
 * findings) least. Source: our reading of IMRaD; what an abstract leaves out is mostly in results and tables.
 */
export const SECTION_WEIGHT: Record<SectionType, number> = {
  results: 1,
  "case-report": 1,
  methods: 0.9,
  conclusions: 0.7,
  discussion: 0.6,
  introduction: 0.3,
  other: 0.3,
};

/**
 * A record whose abstract is followed by its full text's passages: what the record says in all, for checks that look
 * a quotation up in a record's text (a chat answer quoting a passage is checked against the passage too). Not for
 * display, and not for reading the record's design or stance, which its abstract states.
 */
export function withFullTextBody(record: Evidence, text: { passages: Passage[] } | undefined): Evidence {
  if (!text || text.passages.length === 0) return record;
  const body = text.passages.map((p) => p.text).join("\n");
  return { ...record, citation: { ...record.citation, abstract: `${record.citation.abstract}\n${body}` } };
}

/**
 * The HTML id of a passage on its record's full-text page, from its stable id: "PMC4738914·results·3" →
 * "passage-PMC4738914-results-3" (a citation card links to the page at `#<anchor>`).
 */
export function passageAnchor(passageId: string): string {
  return `passage-${passageId.replace(/[^A-Za-z0-9_-]+/g, "-")}`;
}
