import { Cite } from "@citation-js/core";
import "@citation-js/plugin-bibtex";
import "@citation-js/plugin-csl";
import "@citation-js/plugin-ris";
import type { Evidence } from "@/lib/domain/evidence";
import type { Reference } from "@/lib/domain/report";
import { provenanceNote } from "@/lib/evidence/provenance";
import { referenceFromEvidence } from "@/lib/grounding/references";

/** A CSL-JSON name: family and given parts, or a literal (collective) name. */
type CslName = { family: string; given: string } | { literal: string };

/** The CSL-JSON item of one reference (the interchange format Citation.js converts from). */
export interface CslItem {
  id: string;
  "citation-key": string;
  type: "article-journal" | "article" | "webpage";
  title: string;
  author?: CslName[];
  "container-title"?: string;
  "container-title-short"?: string;
  volume?: string;
  issue?: string;
  page?: string;
  issued?: { "date-parts": number[][] };
  DOI?: string;
  PMID?: string;
  PMCID?: string;
  URL?: string;
  number?: string;
  note?: string;
}

/** Collapses whitespace, so no field can carry a line break into a RIS or BibTeX line. */
function clean(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * A MEDLINE-style author ("Jia Z", "van der Berg JA") as a CSL name with dotted initials ("J. A."); "Family, Given"
 * is split on the comma; anything else (collective names such as "WHO Study Group") is a literal.
 */
export function authorToCsl(author: string): CslName {
  const name = clean(author);
  const initials = /^(.+?)\s+([A-Z]{1,4})$/.exec(name);
  if (initials)
    return {
      family: initials[1],
      given: initials[2]
        .split("")
        .map((c) => `${c}.`)
        .join(" "),
    };
  const comma = /^([^,]+),\s*(.+)$/.exec(name);
  if (comma) return { family: comma[1], given: comma[2] };
  return { literal: name };
}

/** The first word of a text in ASCII letters and digits, capitalised ("van der Berg" → "Van"), or "". */
function asciiWord(text: string): string {
  const word =
    text
      .normalize("NFKD")
      .replace(/[^A-Za-z0-9 ]/g, "")
      .trim()
      .split(/\s+/)[0] ?? "";
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * A unique, BibTeX-safe citation key (letters, digits and "_", the characters Citation.js keeps in a label): first
 * author's family name (or the first title word), year, then the record identifier, e.g. "Jia2009_pmid19692487",
 * "Study2014_NCT02210780". References of one report are distinct records, so their identifiers (and keys) differ.
 */
export function citationKey(ref: Reference): string {
  const first = ref.authors[0] ? authorToCsl(ref.authors[0]) : null;
  const name = asciiWord(first ? ("family" in first ? first.family : first.literal) : ref.title) || "Ref";
  const id = ref.pmid ? `pmid${ref.pmid}` : ref.nctId ? ref.nctId.toUpperCase() : `ref${ref.n}`;
  return `${name}${ref.year ?? ""}_${id}`;
}

/**
 * The CSL-JSON item of a reference: journal articles as "article-journal" with the journal's volume, issue, pages
 * and NLM abbreviation (`container-title-short`, the form Vancouver cites) when the record has them, trial
 * registrations as "webpage" on ClinicalTrials.gov (NCT ID as its number), other records without a journal as
 * "article". The PMID and NCT ID
 * also go into `note` ("PMID: 19692487"), the field BibTeX and RIS keep, as reference managers read them there;
 * `provenance` (a record's provenance note, see lib/evidence/provenance.ts provenanceNote, e.g. "Expression of concern
 * (PMID 789)") is appended to it, so the flags travel with the reference (BibTeX `note`, RIS `N1`).
 */
export function referenceToCsl(ref: Reference, provenance: string | null = null): CslItem {
  const trial = !!ref.nctId && !ref.pmid;
  const notes = [
    ref.pmid ? `PMID: ${ref.pmid}` : "",
    ref.nctId ? `ClinicalTrials.gov: ${ref.nctId}` : "",
    provenance ? clean(provenance) : "",
  ].filter(Boolean);
  const item: CslItem = {
    id: ref.evidenceId,
    "citation-key": citationKey(ref),
    type: trial ? "webpage" : ref.journal ? "article-journal" : "article",
    title: clean(ref.title),
  };
  if (ref.authors.length) item.author = ref.authors.map(authorToCsl);
  if (ref.journal) item["container-title"] = clean(ref.journal);
  else if (trial) item["container-title"] = "ClinicalTrials.gov";
  if (ref.journal && ref.journalAbbreviation) item["container-title-short"] = clean(ref.journalAbbreviation);
  if (ref.volume) item.volume = clean(ref.volume);
  if (ref.issue) item.issue = clean(ref.issue);
  if (ref.pages) item.page = clean(ref.pages);
  if (ref.year) item.issued = { "date-parts": [[ref.year]] };
  if (ref.doi) item.DOI = clean(ref.doi);
  if (ref.pmid) item.PMID = ref.pmid;
  if (ref.pmcid) item.PMCID = clean(ref.pmcid);
  if (ref.url) item.URL = clean(ref.url);
  if (trial) item.number = ref.nctId!;
  if (notes.length) item.note = notes.join("; ");
  return item;
}

/** Provenance notes by evidence id (see referenceToCsl); records without one are absent. */
export type ProvenanceNotes = ReadonlyMap<string, string>;

/** The reference-manager formats a reference list is exported in. */
export type ReferenceFormat = "bibtex" | "ris" | "csl-json";

/** The references in one reference-manager format (see referencesToBibtex, referencesToRis, referencesToCslJson). */
export function referencesIn(format: ReferenceFormat, references: Reference[], notes: ProvenanceNotes): string {
  if (format === "bibtex") return referencesToBibtex(references, notes);
  if (format === "ris") return referencesToRis(references, notes);
  return referencesToCslJson(references, notes);
}

/**
 * The references as BibTeX, one entry per reference in number order, written by Citation.js
 * (@citation-js/plugin-bibtex), which escapes TeX special characters. `notes` adds each record's provenance to its
 * `note` field. "" when there are none.
 */
export function referencesToBibtex(references: Reference[], notes: ProvenanceNotes = new Map()): string {
  if (references.length === 0) return "";
  return new Cite(references.map((r) => referenceToCsl(r, notes.get(r.evidenceId) ?? null))).format("bibtex", {
    format: "text",
  });
}

/**
 * The references as CSL-JSON (the Citation Style Language's data format, which Zotero, Mendeley and pandoc
 * import): a JSON array of {@link referenceToCsl} items in number order, pretty-printed, "[]" when there are none.
 */
export function referencesToCslJson(references: Reference[], notes: ProvenanceNotes = new Map()): string {
  return `${JSON.stringify(
    references.map((r) => referenceToCsl(r, notes.get(r.evidenceId) ?? null)),
    null,
    2,
  )}\n`;
}

/** The citation styles a reference can be copied in: Vancouver (ICMJE, NLM) and APA 7th edition. */
export const CITATION_STYLES = ["vancouver", "apa"] as const;
export type CitationStyle = (typeof CITATION_STYLES)[number];

/**
 * One reference as a bibliography entry in a citation style, written by citeproc-js through Citation.js
 * (@citation-js/plugin-csl and the CSL styles it ships, US English locale), as plain text without its number:
 * "Jia Z, Wang H, Yang T. Mice lacking mPGES-1 are resistant to lithium-induced polyuria. Am J Physiol Renal
 * Physiol. 2009;297(6):F1689-96. doi:10.1152/ajprenal.00117.2009 …". About 0.1–0.2 s per entry (citeproc-js),
 * so it is made when asked for, one reference at a time.
 */
export function citationText(ref: Reference, style: CitationStyle): string {
  const text = new Cite(referenceToCsl(ref)).format("bibliography", { format: "text", template: style, lang: "en-US" });
  return clean(text).replace(/^1\.\s+/, "");
}

/** Whether a text names a citation style ("vancouver", "apa"). */
export function isCitationStyle(value: string | null): value is CitationStyle {
  return (CITATION_STYLES as readonly string[]).includes(value ?? "");
}

/**
 * The record with id `evidenceId` among `records` cited in a style ({@link citationText}, from every field of its
 * citation, so a report written before the journal issue was kept is cited in full), or null when it is not there.
 */
export function recordCitation(records: Evidence[], evidenceId: string, style: CitationStyle): string | null {
  const record = records.find((e) => e.id === evidenceId);
  return record ? citationText(referenceFromEvidence(record, 1), style) : null;
}

/**
 * The references as RIS (the current "new" tag set), one TY … ER record per reference in number order, written
 * by Citation.js (@citation-js/plugin-ris), one field per line: Citation.js wraps values at 70 characters, even
 * mid-word, and readers would join the pieces with a space, so the continuation lines are joined back. `notes`
 * adds each record's provenance to its note (RIS `N1`). "" when there are none.
 */
export function referencesToRis(references: Reference[], notes: ProvenanceNotes = new Map()): string {
  if (references.length === 0) return "";
  const items = references.map((r) => referenceToCsl(r, notes.get(r.evidenceId) ?? null));
  const wrapped = new Cite(items).format("ris", { format: "text", spec: "new" });
  return `${wrapped.replace(/\n(?![A-Z][A-Z0-9] {2}- ?)/g, "")}\n`;
}

/**
 * References as a reference manager's file, BibTeX, RIS or CSL-JSON ({@link referencesIn}), each with its record's
 * provenance among `evidence` (the run's records: provenanceNote).
 */
export function citationFile(format: ReferenceFormat, references: Reference[], evidence: Evidence[]): string {
  const notes = new Map(
    evidence.flatMap((e) => {
      const note = provenanceNote(e);
      return note ? [[e.id, note] as const] : [];
    }),
  );
  return referencesIn(format, references, notes);
}
