import "server-only";
import { getDb } from "./client";
import { rowToEvidence } from "./evidence";
import type { Evidence } from "@/lib/domain/evidence";
import { licenceSchema, type Licence } from "@/lib/domain/fulltext";

/** A paper in an owner's "My papers": the uploaded file, the record it was read as, and its full text's facts. */
export interface PaperSummary {
  id: string;
  ownerId: string | null;
  fileName: string;
  format: string;
  bytes: number;
  title: string;
  evidenceId: string;
  fullTextId: string;
  passages: number;
  pages: number | null;
  licence: Licence;
  createdAt: Date;
}

type PaperRow = Awaited<ReturnType<typeof paperRows>>[number];

function paperRows(where: { ownerId?: string | null; id?: string }) {
  return getDb().paper.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    include: { fullText: { select: { pages: true, licence: true, _count: { select: { passages: true } } } } },
  });
}

function toSummary(row: PaperRow): PaperSummary {
  return {
    id: row.id,
    ownerId: row.ownerId,
    fileName: row.fileName,
    format: row.format,
    bytes: row.bytes,
    title: row.title,
    evidenceId: row.evidenceId,
    fullTextId: row.fullTextId,
    passages: row.fullText._count.passages,
    pages: row.fullText.pages,
    licence: licenceSchema.parse(row.fullText.licence),
    createdAt: row.createdAt,
  };
}

/** Records an uploaded paper whose full text is stored (lib/library/papers.ts). @returns its summary. */
export async function createPaper(
  paper: Omit<PaperSummary, "passages" | "pages" | "licence" | "createdAt">,
): Promise<PaperSummary> {
  await getDb().paper.deleteMany({ where: { fullTextId: paper.fullTextId } });
  await getDb().paper.create({ data: paper });
  return (await getPaper(paper.id))!;
}

/** An owner's papers, newest first. */
export async function listPapers(ownerId: string | null): Promise<PaperSummary[]> {
  return (await paperRows({ ownerId })).map(toSummary);
}

/** One paper by id, or null. */
export async function getPaper(id: string): Promise<PaperSummary | null> {
  const [row] = await paperRows({ id });
  return row ? toSummary(row) : null;
}

/**
 * Deletes a paper and its full text (passages with it). The record it was read as goes too when the upload made it
 * (not in the library, cited by no run, no other full text); a library record keeps its other full texts.
 */
export async function deletePaper(id: string): Promise<void> {
  const db = getDb();
  const paper = await db.paper.findUnique({ where: { id } });
  if (!paper) return;
  await db.fullText.delete({ where: { id: paper.fullTextId } });
  const evidence = await db.evidence.findUnique({
    where: { id: paper.evidenceId },
    select: { inLibrary: true, _count: { select: { runs: true, fullTexts: true } } },
  });
  if (evidence && !evidence.inLibrary && evidence._count.runs === 0 && evidence._count.fullTexts === 0)
    await db.evidence.delete({ where: { id: paper.evidenceId } });
}

/** The records of an owner's papers (`ids`: only these), newest paper first, each once. */
export async function paperRecords(ownerId: string, ids?: string[]): Promise<Evidence[]> {
  const papers = await getDb().paper.findMany({
    where: { ownerId, ...(ids ? { evidenceId: { in: ids } } : {}) },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    select: { evidenceId: true },
  });
  const order = [...new Set(papers.map((p) => p.evidenceId))];
  const rows = await getDb().evidence.findMany({ where: { id: { in: order } } });
  const byId = new Map(rows.map((r) => [r.id, rowToEvidence(r)]));
  return order.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}
