import "server-only";
import { evidenceSchema, journalIssueFields, type Evidence } from "@/lib/domain/evidence";
import type { Evidence as EvidenceRow, Prisma } from "@/lib/generated/sqlite/client";
import { getDb } from "./client";
import { IDENTIFIER_FIELDS, keepStored } from "@/lib/evidence/merge";
import { EVIDENCE_COLUMNS } from "./library-columns";

/**
 * The Evidence columns (EVIDENCE_COLUMNS) that are not the citation field of the same name, so each direction of the
 * mapping below handles them one by one: the key, the journal issue fields (journalAbbreviation is column
 * journalAbbrev; a citation omits an empty one, a row holds null) and the record's own fields.
 */
const MAPPED_APART = [
  "id",
  "volume",
  "issue",
  "pages",
  "journalAbbrev",
  "entities",
  "preprint",
  "trial",
  "provenance",
] as const;
type SameNamedColumn = Exclude<(typeof EVIDENCE_COLUMNS)[number], (typeof MAPPED_APART)[number]>;
/** The citation fields stored in the Evidence column of the same name (source, identifiers, title, abstract, …). */
const SAME_NAMED_COLUMNS = EVIDENCE_COLUMNS.filter(
  (c): c is SameNamedColumn => !(MAPPED_APART as readonly string[]).includes(c),
);

/** The same-named fields of a citation or an Evidence row: what both directions of the mapping copy as they are. */
function sameNamedColumns<T extends Record<SameNamedColumn, unknown>>(from: T): Pick<T, SameNamedColumn> {
  return Object.fromEntries(SAME_NAMED_COLUMNS.map((k) => [k, from[k]])) as Pick<T, SameNamedColumn>;
}

/**
 * Converts a stored Evidence row back to the model (relevance is per run, so it is passed in; default 0). A row
 * without provenance (saved before it existed, or from a format that carries none) gives a record without it.
 */
export function rowToEvidence(row: EvidenceRow, relevance = 0): Evidence {
  return evidenceSchema.parse({
    id: row.id,
    citation: {
      ...sameNamedColumns(row),
      ...journalIssueFields({
        volume: row.volume,
        issue: row.issue,
        pages: row.pages,
        journalAbbreviation: row.journalAbbrev,
      }),
    },
    relevance: Math.max(0, Math.min(1, relevance)),
    entities: row.entities,
    preprint: row.preprint,
    trial: row.trial ?? null,
    ...(row.provenance ? { provenance: row.provenance } : {}),
  });
}

function evidenceData(e: Evidence) {
  const c = e.citation;
  return {
    ...sameNamedColumns(c),
    volume: c.volume ?? null,
    issue: c.issue ?? null,
    pages: c.pages ?? null,
    journalAbbrev: c.journalAbbreviation ?? null,
    entities: e.entities,
    preprint: e.preprint,
    trial: (e.trial ?? undefined) as Prisma.InputJsonValue | undefined,
    provenance: e.provenance as Prisma.InputJsonValue | undefined,
  };
}

/** Outcome of saving one record: created, updated (content changed) or unchanged. */
export type SaveOutcome = "created" | "updated" | "unchanged";

/**
 * Finds the stored row that is the same record as `e`: same evidence key, or the same PMID, NCT ID, PMCID or DOI.
 * @returns the row or null.
 */
export async function findSameRecord(e: Evidence, tx = getDb()): Promise<EvidenceRow | null> {
  const byId = await tx.evidence.findUnique({ where: { id: e.id } });
  if (byId) return byId;
  const c = e.citation;
  const or: Prisma.EvidenceWhereInput[] = [];
  if (c.pmid) or.push({ pmid: c.pmid });
  if (c.nctId) or.push({ nctId: c.nctId });
  if (c.pmcid) or.push({ pmcid: c.pmcid });
  if (c.doi) or.push({ doi: c.doi });
  return or.length ? tx.evidence.findFirst({ where: { OR: or } }) : null;
}

/**
 * Saves a record, merging with the stored row of the same record (see findSameRecord). Library imports pass
 * `inLibrary: true`; run evidence never clears a row's library flag. Identifiers the stored row has and the new
 * record lacks are kept, and so is the stored provenance when the new record carries none (a PubTator re-import knows
 * nothing of retractions); a record that carries provenance replaces it (a re-imported MEDLINE record updates its
 * flags).
 * @returns the stored evidence id and whether the row was created, updated or left unchanged.
 */
export async function saveEvidence(
  e: Evidence,
  options: { inLibrary: boolean },
  tx = getDb(),
): Promise<{ id: string; outcome: SaveOutcome }> {
  const existing = await findSameRecord(e, tx);
  const data = evidenceData(e);
  if (!existing) {
    await tx.evidence.create({ data: { id: e.id, ...data, inLibrary: options.inLibrary } });
    return { id: e.id, outcome: "created" };
  }
  const merged = {
    ...data,
    ...keepStored(data, existing, IDENTIFIER_FIELDS),
    provenance: data.provenance ?? ((existing.provenance ?? undefined) as Prisma.InputJsonValue | undefined),
    inLibrary: existing.inLibrary || options.inLibrary,
  };
  const before = JSON.stringify(rowToEvidence(existing));
  const after = JSON.stringify(
    rowToEvidence({
      ...existing,
      ...merged,
      trial: (merged.trial ?? null) as EvidenceRow["trial"],
      provenance: (merged.provenance ?? null) as EvidenceRow["provenance"],
    }),
  );
  if (before === after && existing.inLibrary === merged.inLibrary) return { id: existing.id, outcome: "unchanged" };
  await tx.evidence.update({ where: { id: existing.id }, data: merged });
  return { id: existing.id, outcome: "updated" };
}

/** Number of records in the local library (LibraryStats, kept by triggers: no count over a million rows). */
export async function countLibraryRecords(): Promise<number> {
  return (await getDb().libraryStats.findUnique({ where: { id: 1 } }))?.records ?? 0;
}

/**
 * Saves library records (`inLibrary: true`) in one transaction, in order, merging each with its stored row (see
 * saveEvidence), so re-importing is idempotent. @returns each record's outcome, in input order.
 */
export async function saveLibraryRecords(records: Evidence[]): Promise<SaveOutcome[]> {
  return getDb().$transaction(
    async (tx) => {
      const outcomes: SaveOutcome[] = [];
      for (const record of records)
        outcomes.push((await saveEvidence(record, { inLibrary: true }, tx as never)).outcome);
      return outcomes;
    },
    { timeout: 600_000, maxWait: 60_000 },
  );
}

/** Every record of the local library (relevance 0), in storage order. */
export async function listLibraryRecords(): Promise<Evidence[]> {
  return (await getDb().evidence.findMany({ where: { inLibrary: true } })).map((r) => rowToEvidence(r));
}
