import { journalIssueFields, type Entity, type Evidence } from "@/lib/domain/evidence";
import { keepStored } from "@/lib/evidence/merge";

function entityKey(e: Entity): string {
  return `${e.type}|${e.meshId ?? e.name.toLowerCase()}`;
}

/**
 * One record as two library files describe it (e.g. BC5CDR's PubTator text, which has no year, journal, authors or
 * MeSH headings, and the MEDLINE/PubMed XML of the same PMID): the incoming record with whatever it lacks taken from
 * the stored one — year, journal (with its volume, issue, pages and abbreviation), authors, MeSH headings,
 * publication types, abstract — and the entity annotations of both (PubTator's mentions with MeSH IDs and MEDLINE's
 * ChemicalList), deduplicated by type and MeSH ID (else name).
 * Fields the incoming record has win, so re-importing a file still updates its records.
 */
export function mergeLibraryMetadata(incoming: Evidence, stored: Evidence): Evidence {
  const c = incoming.citation;
  const s = stored.citation;
  const entities = new Map<string, Entity>();
  for (const e of [...incoming.entities, ...stored.entities])
    if (!entities.has(entityKey(e))) entities.set(entityKey(e), e);
  return {
    ...incoming,
    citation: {
      ...c,
      ...keepStored(c, s, ["year", "journal"]),
      ...journalIssueFields(keepStored(c, s, ["volume", "issue", "pages", "journalAbbreviation"])),
      authors: c.authors.length > 0 ? c.authors : s.authors,
      meshTerms: c.meshTerms.length > 0 ? c.meshTerms : s.meshTerms,
      publicationTypes: c.publicationTypes.length > 0 ? c.publicationTypes : s.publicationTypes,
      abstract: c.abstract.trim() !== "" ? c.abstract : s.abstract,
    },
    entities: [...entities.values()],
  };
}
