import { EMPTY_PROVENANCE, type Provenance } from "@/lib/domain/evidence";

/**
 * One comment/correction link of a record: its kind as the source spells it (PubMed `CommentsCorrections/@RefType`
 * "RetractionIn", Europe PMC `commentCorrection.type` "Retraction in") and the PMID of the linked record (null when
 * the link names none, e.g. a Europe PMC link to a non-MEDLINE record).
 */
export interface CorrectionLink {
  kind: string;
  pmid: string | null;
}

/**
 * Link kinds, normalised (lower case, no spaces or underscores), to the provenance list they fill. The names are
 * NLM's CommentsCorrections RefType values (MEDLINE/PubMed XML element descriptions, "CommentsCorrections"), which
 * Europe PMC writes as words ("Retraction in", "Expression of concern in", "Erratum in", "Update in").
 */
const LINK_LISTS = {
  retractionin: "retractionIn",
  expressionofconcernin: "expressionOfConcernIn",
  erratumin: "erratumIn",
  updatein: "updateIn",
} as const satisfies Record<string, keyof Provenance>;

/** Publication types (lower case, as NLM names them) that make a record itself a notice about another record. */
const NOTICE_TYPES: Record<string, NonNullable<Provenance["notice"]>> = {
  "retraction of publication": "retraction",
  "expression of concern": "expression-of-concern",
  "published erratum": "erratum",
};

/** Normalised link kind: "RetractionIn", "Retraction in" and "retraction_in" all give "retractionin". */
export function linkKind(kind: string): string {
  return kind.toLowerCase().replace(/[\s_-]+/g, "");
}

/**
 * The provenance facts of a publication from its publication types and comment/correction links:
 * - retracted: publication type "Retracted Publication" (any case) or at least one RetractionIn link;
 * - retractionIn / expressionOfConcernIn / erratumIn / updateIn: the linked PMIDs of each kind, deduplicated, in order
 *   (links without a PMID still set the matching flag but add no PMID);
 * - expressionOfConcern / erratum: at least one link of that kind;
 * - notice: "Retraction of Publication", "Expression of Concern" or "Published Erratum" among the types;
 * - publishedVersion / preprintOf / registry: null (set by the source parsers that know them).
 * Other link kinds (CommentIn, Cites, ErratumFor, RetractionOf…) describe other records and are ignored.
 */
export function publicationProvenance(publicationTypes: string[], links: CorrectionLink[]): Provenance {
  const lists: Record<(typeof LINK_LISTS)[keyof typeof LINK_LISTS], string[]> = {
    retractionIn: [],
    expressionOfConcernIn: [],
    erratumIn: [],
    updateIn: [],
  };
  const seenKinds = new Set<string>();
  for (const link of links) {
    const list = LINK_LISTS[linkKind(link.kind) as keyof typeof LINK_LISTS];
    if (!list) continue;
    seenKinds.add(list);
    if (link.pmid && !lists[list].includes(link.pmid)) lists[list].push(link.pmid);
  }
  const types = publicationTypes.map((t) => t.trim().toLowerCase());
  return {
    ...EMPTY_PROVENANCE,
    ...lists,
    retracted: types.includes("retracted publication") || seenKinds.has("retractionIn"),
    expressionOfConcern: seenKinds.has("expressionOfConcernIn"),
    erratum: seenKinds.has("erratumIn"),
    notice: types.map((t) => NOTICE_TYPES[t]).find(Boolean) ?? null,
  };
}
