import { prismaArticleStore, withArticleStore } from "@/lib/db/article-store";
import type { ArticleStore } from "@/lib/db/article-store-contract";
import type { Evidence } from "@/lib/domain/evidence";
import type { ArticleDocument, FullTextOrigin } from "@/lib/domain/fulltext";
import { articleRecord, passageDocId, withDocId } from "@/lib/evidence/passages";

/** Where an article goes: the library (anyone's runs read it) or an owner's "My papers". */
export interface ArticleTarget {
  origin: Extract<FullTextOrigin, "library" | "upload">;
  /** The uploader (origin "upload"); null for the library. */
  ownerId: string | null;
  /** The record's id when the file names no PMID, PMCID or DOI ("file:<sha-256 prefix>", stable across re-imports). */
  fallbackId: string;
  /** The record's title when the file states none (its file name). */
  fallbackTitle: string;
}

/** What storing one article did: the record it was read as, whether it matched a stored one, and the full text. */
export interface StoredArticle {
  evidenceId: string;
  title: string;
  /** "created": a new record; "matched": a stored record (same PMID, PMCID or DOI) got the full text. */
  record: "created" | "matched";
  /**
   * "saved": a new or changed full text; "unchanged": the same passages and licence were stored already; "kept": a
   * JATS full text was stored and a PDF does not replace it (JATS is read exactly, a PDF's text layer approximately).
   */
  fullText: "saved" | "unchanged" | "kept";
  fullTextId: string;
  passages: number;
}

/**
 * Stores an article read from a JATS or PDF file: the record it matches (lib/db/evidence findSameRecord: the same
 * evidence key, PMID, PMCID or DOI) keeps its metadata and gains the identifiers the file adds; else the file's own
 * metadata becomes a record (articleRecord). A library import puts the record in the library; an upload leaves a
 * new record out of it (it is the owner's alone). The full text is saved for the record and the target's owner, its
 * passages named after the record (passageDocId), replacing the one stored before unless it is the same, or a JATS
 * full text a PDF would replace.
 */
export async function storeArticle(
  doc: ArticleDocument,
  target: ArticleTarget,
  store: ArticleStore = prismaArticleStore(),
): Promise<StoredArticle> {
  const source = target.origin === "library" ? "local" : "papers";
  const own = articleRecord(doc, source, target.fallbackId, target.fallbackTitle);
  const known = await store.findSame(own);
  const inLibrary = target.origin === "library";
  let record: Evidence;
  if (known) {
    record = {
      ...known,
      citation: {
        ...known.citation,
        pmid: known.citation.pmid ?? own.citation.pmid,
        pmcid: known.citation.pmcid ?? own.citation.pmcid,
        doi: known.citation.doi ?? own.citation.doi,
      },
    };
    if (inLibrary || record.citation.pmcid !== known.citation.pmcid || record.citation.doi !== known.citation.doi)
      await store.saveRecord(record, inLibrary);
  } else {
    record = own;
    await store.saveRecord(record, inLibrary);
  }
  const passages = withDocId(doc.passages, passageDocId(record));
  const mine = await store.storedFullText(record.id, target.ownerId);
  const same =
    mine !== null &&
    mine.format === doc.format &&
    JSON.stringify(mine.licence) === JSON.stringify(doc.licence) &&
    JSON.stringify(mine.passages) === JSON.stringify(passages);
  const kept = mine !== null && mine.format === "jats" && doc.format === "pdf";
  const fullTextId =
    mine && (same || kept)
      ? mine.id
      : await store.saveFullText({
          evidenceId: record.id,
          ownerId: target.ownerId,
          origin: target.origin,
          format: doc.format,
          licence: doc.licence,
          pages: doc.pages,
          passages,
        });
  return {
    evidenceId: record.id,
    title: record.citation.title,
    record: known ? "matched" : "created",
    fullText: same ? "unchanged" : kept ? "kept" : "saved",
    fullTextId,
    passages: passages.length,
  };
}

/**
 * Stores several articles in one transaction, in order (each as storeArticle does; on SQLite through the raw batch
 * store): one commit for the batch instead of several per article, which is what an archive of thousands of
 * articles imports at. @returns each article's outcome.
 */
export async function storeArticles(
  articles: Array<{ doc: ArticleDocument; target: ArticleTarget }>,
): Promise<StoredArticle[]> {
  if (articles.length === 0) return [];
  return withArticleStore(async (store) => {
    const out: StoredArticle[] = [];
    for (const a of articles) out.push(await storeArticle(a.doc, a.target, store));
    return out;
  });
}
