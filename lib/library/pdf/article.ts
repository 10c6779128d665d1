import type { ArticleDocument } from "@/lib/domain/fulltext";
import { pdfPassages } from "./body";
import { readPdfText, type PdfText } from "./extract";
import { readFront } from "./front";
import { bodyFont, bodyFontSize, lineStep, marginLines, placeLines, type PlacedLine } from "./layout";
import { vocabularyOf } from "./words";

/**
 * Characters of text a PDF must have per page, on average, to count as having a text layer. Source: our choice; a
 * scanned page's text layer is empty or a few stray characters, an article page holds thousands.
 */
const MIN_CHARS_PER_PAGE = 100;
/** Words a PDF's text must hold to be read as an article (a cover sheet or a form holds fewer). Our choice. */
const MIN_ARTICLE_WORDS = 150;

/** A PDF that opens but cannot be read as an article: it has no text layer, or too little text. */
export class PdfArticleError extends Error {
  override name = "PdfArticleError";
  constructor(
    readonly kind: "no-text" | "not-article",
    message: string,
  ) {
    super(message);
  }
}

/** A DOI in the document information dictionary ("… 2010 4:1. doi:10.1186/1752-2897-4-1"). */
const DOI_IN_INFO = /\b10\.\d{4,9}\/[-._;()/:A-Za-z0-9]+[A-Za-z0-9]/;

/** The id prefix passages of a PDF get until the caller knows the record they belong to. */
export const PDF_DOC_PLACEHOLDER = "pdf";

/**
 * Reads an article from the text of a PDF (readPdfText): the body font and line step, running heads and feet
 * (marginLines), columns (placeLines), the first page's front matter (readFront: title, abstract, licence, DOI,
 * year) and the body's passages with their pages (pdfPassages; ids "pdf·page<p>·<n>" until the caller renames them
 * with the record's id). A PDF states no PMID or PMCID that can be trusted, so both are null; authors and journal
 * are not read (the record it matches, or the user, supplies them).
 * @throws PdfArticleError "no text layer: scanned PDFs need OCR, which Critica does not do" when the pages average
 *   fewer than 100 characters, or "not an article: only <n> words of text" when its title, abstract and body hold
 *   fewer than 150 words.
 */
export function pdfArticle(text: PdfText): ArticleDocument {
  const chars = text.pages.reduce((sum, p) => sum + p.lines.reduce((s, l) => s + l.text.length, 0), 0);
  if (chars < MIN_CHARS_PER_PAGE * Math.max(1, text.pages.length)) {
    throw new PdfArticleError("no-text", "no text layer: scanned PDFs need OCR, which Critica does not do");
  }
  const size = bodyFontSize(text.pages);
  const body = { size, font: bodyFont(text.pages, size), step: 0 };
  const isMargin = marginLines(text.pages);
  const lines: PlacedLine[] = text.pages.flatMap((page) =>
    placeLines({ ...page, lines: page.lines.filter((l) => !isMargin(l, page)) }, size),
  );
  body.step = lineStep(lines, size);
  const vocabulary = vocabularyOf(lines.map((l) => l.text));
  const front = readFront(lines, body, vocabulary);
  const passages = pdfPassages(
    lines.slice(front.bodyStart).filter((l) => !front.masthead.has(l)),
    body,
    vocabulary,
    PDF_DOC_PLACEHOLDER,
  );
  const words = [front.title, front.abstract, ...passages.map((p) => p.text)]
    .join(" ")
    .split(/\s+/)
    .filter(Boolean).length;
  if (words < MIN_ARTICLE_WORDS) {
    throw new PdfArticleError("not-article", `not an article: only ${words} words of text`);
  }
  return {
    format: "pdf",
    pmid: null,
    pmcid: null,
    // A DOI printed on the first page, else one the document information names (BMC puts it in /Subject).
    doi: front.doi ?? DOI_IN_INFO.exec(`${text.subject} ${text.title}`)?.[0] ?? null,
    title: front.title || text.title.trim(),
    authors: [],
    journal: null,
    year: front.year,
    abstract: front.abstract,
    articleType: null,
    licence: front.licence,
    pages: text.pages.length,
    passages,
  };
}

/** Reads a PDF file's bytes as an article (readPdfText, then pdfArticle); throws their errors. */
export async function readPdfArticle(data: Uint8Array): Promise<ArticleDocument> {
  return pdfArticle(await readPdfText(data));
}
