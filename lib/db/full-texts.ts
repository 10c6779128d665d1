import "server-only";
import crypto from "node:crypto";
import { getDb, type DB } from "./client";
import {
  licenceSchema,
  passageSchema,
  type FullText,
  type FullTextFormat,
  type FullTextOrigin,
  type Passage,
} from "@/lib/domain/fulltext";
import type { Passage as PassageRow, Prisma } from "@/lib/generated/sqlite/client";

/** A stored full text: its row id and when it was saved, beside the full text itself. */
export interface StoredFullText extends FullText {
  id: string;
  createdAt: Date;
}

/** A passage row as the domain's passage. */
export function rowToPassage(
  row: Pick<PassageRow, "passageId" | "section" | "sectionType" | "page" | "kind" | "text">,
) {
  return passageSchema.parse({
    id: row.passageId,
    section: row.section,
    sectionType: row.sectionType,
    page: row.page,
    kind: row.kind,
    text: row.text,
  });
}

/**
 * Saves a record's full text, replacing the one the same owner (or nobody, for a shared full text) had for that record,
 * passages included, in one transaction. The record's Evidence row must exist.
 * @returns the new full text's id.
 */
export async function saveFullText(text: FullText, tx?: DB): Promise<string> {
  const write = async (db: DB) => {
    const id = crypto.randomUUID();
    await db.fullText.deleteMany({ where: { evidenceId: text.evidenceId, ownerId: text.ownerId } });
    await db.fullText.create({
      data: {
        id,
        evidenceId: text.evidenceId,
        ownerId: text.ownerId,
        origin: text.origin,
        format: text.format,
        licence: text.licence as unknown as Prisma.InputJsonValue,
        pages: text.pages,
      },
    });
    await db.passage.createMany({
      data: text.passages.map((p, ordinal) => ({
        fullTextId: id,
        ordinal,
        passageId: p.id,
        evidenceId: text.evidenceId,
        ownerId: text.ownerId,
        section: p.section,
        sectionType: p.sectionType,
        page: p.page,
        kind: p.kind,
        text: p.text,
      })),
    });
    return id;
  };
  return tx ? write(tx) : getDb().$transaction((db) => write(db as unknown as DB), { timeout: 60_000 });
}

/**
 * The full texts of `evidenceIds` that `viewer` may read (shared ones, and the viewer's own uploads; null reads only
 * shared ones), one per record: the viewer's own when there are both, else the newest. Passages in reading order.
 * @returns a map from evidence id to its full text; records without one are absent.
 */
export async function readFullTexts(
  evidenceIds: string[],
  viewer: string | null,
  db: DB = getDb(),
): Promise<Map<string, StoredFullText>> {
  const out = new Map<string, StoredFullText>();
  if (evidenceIds.length === 0) return out;
  const rows = await db.fullText.findMany({
    where: { evidenceId: { in: evidenceIds }, OR: [{ ownerId: null }, ...(viewer ? [{ ownerId: viewer }] : [])] },
    include: { passages: { orderBy: { ordinal: "asc" } } },
    orderBy: { createdAt: "desc" },
  });
  for (const row of rows) {
    const held = out.get(row.evidenceId);
    if (held && (held.ownerId !== null || row.ownerId === null)) continue;
    out.set(row.evidenceId, {
      id: row.id,
      createdAt: row.createdAt,
      evidenceId: row.evidenceId,
      ownerId: row.ownerId,
      origin: row.origin as FullTextOrigin,
      format: row.format as FullTextFormat,
      licence: licenceSchema.parse(row.licence),
      pages: row.pages,
      passages: row.passages.map(rowToPassage),
    });
  }
  return out;
}

/** The number of full texts and passages stored (all owners). */
export async function countFullTexts(): Promise<{ fullTexts: number; passages: number }> {
  const db = getDb();
  const [fullTexts, passages] = await Promise.all([db.fullText.count(), db.passage.count()]);
  return { fullTexts, passages };
}

/** One passage of a stored full text, as a search or a run reads it: the record it belongs to and the passage. */
export interface RecordPassage {
  evidenceId: string;
  passage: Passage;
}
