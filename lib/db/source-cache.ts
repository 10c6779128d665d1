import "server-only";
import { z } from "zod";
import { getDb } from "./client";
import { evidenceSchema, type Evidence } from "@/lib/domain/evidence";
import type { Prisma } from "@/lib/generated/sqlite/client";

const recordsSchema = z.array(evidenceSchema);

/** One cached source answer: the request's key (see lib/sources/cache.ts), its source and query, and the records. */
export interface SourceCacheEntry {
  key: string;
  source: string;
  query: string;
  records: Evidence[];
  expiresAt: Date;
}

/**
 * The records cached under `key`, or null when there is none, it expired before `now`, or its JSON no longer parses
 * as evidence (a row written by an older schema counts as a miss and is overwritten on the next write).
 */
export async function readSourceCache(key: string, now = new Date()): Promise<Evidence[] | null> {
  const row = await getDb().sourceCache.findUnique({ where: { key }, select: { records: true, expiresAt: true } });
  if (!row || row.expiresAt <= now) return null;
  const parsed = recordsSchema.safeParse(row.records);
  return parsed.success ? parsed.data : null;
}

/** Saves (or replaces) the answer cached under `entry.key`, and deletes the entries that expired before now. */
export async function writeSourceCache(entry: SourceCacheEntry, now = new Date()): Promise<void> {
  const data = {
    source: entry.source,
    query: entry.query,
    records: entry.records as unknown as Prisma.InputJsonValue,
    expiresAt: entry.expiresAt,
    createdAt: now,
  };
  const db = getDb();
  await db.sourceCache.upsert({ where: { key: entry.key }, create: { key: entry.key, ...data }, update: data });
  await db.sourceCache.deleteMany({ where: { expiresAt: { lte: now } } });
}
