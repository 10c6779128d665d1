import { z } from "zod";
import { evidenceKey, recordUrl } from "@/lib/evidence/identity";
import { journalIssueFields, type Entity, type Evidence, type MeshTerm, type SourceId } from "@/lib/domain/evidence";
import { collapseSpaces, decodeEntities, flattenHtmlText, stripInlineTags } from "./markup";
import { linkKind, publicationProvenance } from "./provenance";

/** Thrown when a document is not a Europe PMC REST `search` response (JSON of the wrong shape). */
export class EuropePmcFormatError extends Error {
  override name = "EuropePmcFormatError";
}

const yesNo = z.string().optional();

/** One `resultList.result` entry; only the fields we map are declared, the rest are dropped. */
const recordSchema = z.object({
  id: z.string(),
  source: z.string(),
  pmid: z.string().optional(),
  pmcid: z.string().optional(),
  doi: z.string().optional(),
  title: z.string().optional(),
  abstractText: z.string().optional(),
  authorString: z.string().optional(),
  authorList: z
    .object({
      author: z.array(z.object({ fullName: z.string().optional(), collectiveName: z.string().optional() })).optional(),
    })
    .optional(),
  journalTitle: z.string().optional(),
  journalVolume: z.string().optional(),
  issue: z.string().optional(),
  pageInfo: z.string().optional(),
  journalInfo: z
    .object({
      yearOfPublication: z.number().optional(),
      volume: z.string().optional(),
      issue: z.string().optional(),
      journal: z
        .object({
          title: z.string().optional(),
          medlineAbbreviation: z.string().optional(),
          isoabbreviation: z.string().optional(),
        })
        .optional(),
    })
    .optional(),
  pubYear: z.string().optional(),
  pubType: z.string().optional(),
  pubTypeList: z.object({ pubType: z.array(z.string()).optional() }).optional(),
  meshHeadingList: z
    .object({
      meshHeading: z
        .array(
          z.object({
            descriptorName: z.string(),
            majorTopic_YN: yesNo,
            meshQualifierList: z
              .object({ meshQualifier: z.array(z.object({ majorTopic_YN: yesNo })).optional() })
              .optional(),
          }),
        )
        .optional(),
    })
    .optional(),
  chemicalList: z.object({ chemical: z.array(z.object({ name: z.string() })).optional() }).optional(),
  // core only: `{ id, source, type, reference, orderIn }`, e.g. {id: "39293462", source: "MED", type: "Erratum for"}
  commentCorrectionList: z
    .object({
      commentCorrection: z
        .array(
          z.object({
            id: z.union([z.string(), z.number()]).optional(),
            source: z.string().optional(),
            type: z.string().optional(),
          }),
        )
        .optional(),
    })
    .optional(),
});
type EuropePmcRecord = z.infer<typeof recordSchema>;

const responseSchema = z.object({
  hitCount: z.number().int().nonnegative(),
  nextCursorMark: z.string().optional(),
  resultList: z.object({ result: z.array(z.unknown()) }),
});

/** Result of {@link parseEuropePmcSearch}. */
export interface EuropePmcPage {
  /** Records in response order, `relevance: 0` (the caller ranks). */
  evidence: Evidence[];
  /** Cursor for the next page, or null when the response has none. */
  nextCursorMark: string | null;
  /** Total number of hits of the query (all pages). */
  hitCount: number;
  /** Records dropped because they carry no PMID, PMCID or DOI (e.g. Agricola "AGR" records). */
  skipped: number;
}

/**
 * Parses one Europe PMC REST `search` response (`format=json`, resultType `core` or `lite`).
 * - abstract: `abstractText` (core only; lite has none) with `<h4>Label</h4>` headings turned into
 *   "Label: text" paragraphs joined by "\n", other inline markup (<b>, <sup>, <i>) stripped, entities decoded;
 * - authors: `authorList.author[].fullName` (or collectiveName), else `authorString` split on ", ";
 * - journal: `journalInfo.journal.title`, else `journalTitle`; year: `pubYear`, else journalInfo.yearOfPublication;
 *   volume, issue: `journalInfo.volume`/`issue` (core), else `journalVolume`/`issue` (lite); pages: `pageInfo`;
 *   journalAbbreviation: see journalAbbreviation below;
 * - publicationTypes: `pubTypeList.pubType` (core) or the "; "-separated `pubType` string (lite);
 * - meshTerms: `meshHeadingList.meshHeading` (major when the descriptor or a qualifier has majorTopic_YN "Y");
 * - entities: `chemicalList` names as chemicals with meshId null (Europe PMC gives CAS/UNII numbers, not MeSH IDs);
 * - preprint: source "PPR" or a publication type containing "preprint";
 * - provenance: from the publication types and `commentCorrectionList` (core only; types "Retraction in",
 *   "Expression of concern in", "Erratum in", "Update in", PMIDs from entries with source "MED"), see
 *   publicationProvenance;
 * - a preprint whose `commentCorrectionList` has a "Preprint of" entry with source "MED" (Europe PMC's link to the
 *   journal version, which it makes by title and first-author match) is returned as that published record: id
 *   `pmid:<PMID>`, the PubMed URL, `preprint: false`, no DOI/PMCID of its own (the preprint's DOI would name the
 *   preprint), `provenance.publishedVersion` = the PMID and `provenance.preprintOf` = the preprint's id and DOI.
 *   Its title and abstract stay the preprint's (the response carries no other text). A preprint without such a link
 *   stays a preprint.
 * Records with none of PMID/PMCID/DOI cannot get an evidence key and are skipped (counted in `skipped`).
 * Records repeated within the page (same key) are kept once.
 * @throws EuropePmcFormatError when the JSON is not a search response or a result entry has the wrong shape.
 */
export function parseEuropePmcSearch(json: unknown, source: SourceId = "local"): EuropePmcPage {
  const envelope = responseSchema.safeParse(json);
  if (!envelope.success) {
    throw new EuropePmcFormatError(`not a Europe PMC search response: ${describeIssues(envelope.error)}`);
  }
  const evidence: Evidence[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  envelope.data.resultList.result.forEach((raw, index) => {
    const parsed = recordSchema.safeParse(raw);
    if (!parsed.success) {
      throw new EuropePmcFormatError(
        `resultList.result[${index}] has the wrong shape: ${describeIssues(parsed.error)}`,
      );
    }
    const record = toEvidence(parsed.data, source);
    if (!record) skipped += 1;
    else if (!seen.has(record.id)) {
      seen.add(record.id);
      evidence.push(record);
    }
  });
  return { evidence, nextCursorMark: envelope.data.nextCursorMark ?? null, hitCount: envelope.data.hitCount, skipped };
}

function toEvidence(r: EuropePmcRecord, source: SourceId): Evidence | null {
  const publicationTypes =
    r.pubTypeList?.pubType ??
    (r.pubType
      ? r.pubType
          .split(";")
          .map((t) => t.trim())
          .filter(Boolean)
      : []);
  const links = (r.commentCorrectionList?.commentCorrection ?? []).map((c) => ({
    kind: c.type ?? "",
    pmid: c.source === "MED" && /^\d+$/.test(String(c.id ?? "")) ? String(c.id) : null,
  }));
  const preprint = r.source === "PPR" || publicationTypes.some((t) => t.toLowerCase().includes("preprint"));
  const publishedPmid = preprint
    ? (links.find((l) => linkKind(l.kind) === "preprintof" && l.pmid)?.pmid ?? null)
    : null;
  const ids = publishedPmid
    ? { pmid: publishedPmid, pmcid: null, doi: null, nctId: null }
    : { pmid: r.pmid || null, pmcid: r.pmcid || null, doi: r.doi || null, nctId: null };
  if (!ids.pmid && !ids.pmcid && !ids.doi) return null;
  const provenance = publicationProvenance(publicationTypes, links);
  return {
    id: evidenceKey(ids),
    citation: {
      source,
      ...ids,
      title: flattenHtmlText(r.title ?? ""),
      authors: authors(r),
      journal: flattenHtmlText(r.journalInfo?.journal?.title ?? r.journalTitle ?? "") || null,
      year: year(r),
      ...journalIssueFields({
        volume: r.journalInfo?.volume ?? r.journalVolume,
        issue: r.journalInfo?.issue ?? r.issue,
        pages: r.pageInfo,
        journalAbbreviation: journalAbbreviation(r),
      }),
      url: recordUrl(ids) || `https://europepmc.org/article/${r.source}/${r.id}`,
      publicationTypes,
      meshTerms: meshTerms(r),
      abstract: abstractText(r.abstractText ?? ""),
    },
    relevance: 0,
    entities: chemicals(r),
    preprint: preprint && !publishedPmid,
    trial: null,
    provenance: publishedPmid
      ? { ...provenance, publishedVersion: { pmid: publishedPmid }, preprintOf: { id: r.id, doi: r.doi || null } }
      : provenance,
  };
}

/** Turns `<h4>Label</h4>` headings into "Label: " paragraph starts, then flattens each paragraph. */
function abstractText(raw: string): string {
  const withBreaks = decodeEntities(raw).replace(/<h[1-6][^<>]*>([\s\S]*?)<\/h[1-6]>/gi, (_m, heading: string) => {
    const label = collapseSpaces(stripInlineTags(heading)).replace(/:$/, "");
    return label ? `\n${label}: ` : "\n";
  });
  return withBreaks
    .split("\n")
    .map((paragraph) => collapseSpaces(stripInlineTags(paragraph)))
    .filter(Boolean)
    .join("\n");
}

function authors(r: EuropePmcRecord): string[] {
  const list = r.authorList?.author;
  if (list && list.length > 0) {
    return list.map((a) => collapseSpaces(a.fullName ?? a.collectiveName ?? "")).filter(Boolean);
  }
  return (r.authorString ?? "")
    .replace(/\.\s*$/, "")
    .split(/,\s+/)
    .map(collapseSpaces)
    .filter(Boolean);
}

/**
 * The journal's NLM abbreviation: core's journalInfo.journal.medlineAbbreviation (else its ISO one); the lite
 * result's journalTitle, which is that abbreviation ("Lancet", "Front Oncol") when there is no journalInfo.
 */
function journalAbbreviation(r: EuropePmcRecord): string | null {
  const journal = r.journalInfo?.journal;
  if (journal) return journal.medlineAbbreviation ?? journal.isoabbreviation ?? null;
  return r.journalTitle ? flattenHtmlText(r.journalTitle) || null : null;
}

function year(r: EuropePmcRecord): number | null {
  const m = /^\d{4}$/.exec(r.pubYear?.trim() ?? "");
  if (m) return Number(m[0]);
  return r.journalInfo?.yearOfPublication ?? null;
}

function meshTerms(r: EuropePmcRecord): MeshTerm[] {
  return (r.meshHeadingList?.meshHeading ?? []).map((h) => ({
    term: collapseSpaces(h.descriptorName),
    majorTopic:
      h.majorTopic_YN === "Y" || (h.meshQualifierList?.meshQualifier ?? []).some((q) => q.majorTopic_YN === "Y"),
  }));
}

function chemicals(r: EuropePmcRecord): Entity[] {
  const seen = new Map<string, Entity>();
  for (const c of r.chemicalList?.chemical ?? []) {
    const name = collapseSpaces(c.name);
    if (name && !seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), { name, type: "chemical", meshId: null });
  }
  return [...seen.values()];
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`)
    .join("; ");
}
