import { readFileSync } from "node:fs";
import path from "node:path";
import type { Evidence } from "@/lib/domain/evidence";
import type { StudyDesign } from "@/lib/domain/study-design";
import { DESIGN_LABELS } from "@/lib/domain/study-design";
import { isDesignMesh } from "@/lib/evidence/study-design/mesh";
import { publicationTypeDesign } from "@/lib/evidence/study-design/publication-types";
import { parsePubmedXml } from "@/lib/sources/parse/pubmed-xml";
import { parsePubTator } from "@/lib/sources/parse/pubtator";
import { CDR_DIR } from "./cdr-corpus";

/** The MEDLINE 2016 baseline excerpt beside the project (../shared/fixtures/corpus, SOURCES.md). */
const MEDLINE_FILE = path.resolve(process.cwd(), "../shared/fixtures/corpus/medline16n0902_sample_604.xml");
/** Our labels of the BC5CDR training records (bench/study-types/README.md says how they were made). */
const LABELS_FILE = path.resolve(process.cwd(), "bench/study-types/cdr-training-labels.tsv");

/**
 * A record of a study-type benchmark: the record as the classifier sees it, and its gold design. For the MEDLINE
 * sample the gold is read from the publication types; `null` means the record's publication types name no design and
 * NLM has fully indexed it (status MEDLINE), so it is known to be none of the designs publication types name;
 * `undefined` means the record is not yet indexed and its design is unknown.
 */
export interface StudyTypeItem {
  pmid: string;
  record: Evidence;
  gold: StudyDesign | null | undefined;
  /** MEDLINE only: the record with its MeSH headings kept (publication types still hidden), when it has any. */
  withMesh?: Evidence;
}

/** Tuning uses even PMIDs, the held-out half odd PMIDs (the project's PubMedQA convention). */
export function isTuningPmid(pmid: string): boolean {
  return Number(pmid) % 2 === 0;
}

/**
 * The 500 BC5CDR training records joined with our labels (bench/study-types/cdr-training-labels.tsv).
 * @throws Error when the labels file does not label exactly the records of the split, or names an unknown design.
 */
export function readLabelledCdr(): StudyTypeItem[] {
  const lines = readFileSync(LABELS_FILE, "utf8").trim().split("\n").slice(1);
  const labels = new Map<string, StudyDesign>();
  for (const line of lines) {
    const [pmid, design] = line.split("\t");
    if (!(design in DESIGN_LABELS)) throw new Error(`${LABELS_FILE}: PMID ${pmid} has unknown design "${design}"`);
    labels.set(pmid, design as StudyDesign);
  }
  const records = parsePubTator(readFileSync(path.join(CDR_DIR, "CDR_TrainingSet.PubTator.txt"), "utf8"));
  if (records.length !== labels.size) throw new Error(`${labels.size} labels for ${records.length} training records`);
  return records.map((record) => {
    const pmid = record.citation.pmid!;
    const gold = labels.get(pmid);
    if (!gold) throw new Error(`PMID ${pmid} of the training split has no label`);
    return { pmid, record, gold };
  });
}

/** PMID → MEDLINE citation status ("MEDLINE", "In-Process", "PubMed-not-MEDLINE"…), read from the raw XML. */
function citationStatuses(xml: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of xml.matchAll(/<MedlineCitation[^>]*Status="([^"]+)"[^>]*>\s*<PMID[^>]*>(\d+)<\/PMID>/g)) {
    out.set(m[2], m[1]);
  }
  return out;
}

/**
 * The 604 records of the MEDLINE sample with their gold design from their publication types
 * ({@link publicationTypeDesign}), each record stripped of what would give the answer away: its publication types
 * and its MeSH design descriptors ({@link isDesignMesh}); the other MeSH headings (check tags among them) stay.
 */
export function readMedlineSample(): StudyTypeItem[] {
  const xml = readFileSync(MEDLINE_FILE, "utf8");
  const status = citationStatuses(xml);
  return parsePubmedXml(xml, "pubmed").map((e) => {
    const pmid = e.citation.pmid!;
    const fromTypes = publicationTypeDesign(e.citation.publicationTypes);
    const gold = fromTypes ?? (status.get(pmid) === "MEDLINE" ? null : undefined);
    const withMesh: Evidence = { ...e, citation: { ...e.citation, publicationTypes: [] } };
    const record: Evidence = {
      ...withMesh,
      citation: { ...withMesh.citation, meshTerms: e.citation.meshTerms.filter((m) => !isDesignMesh(m.term)) },
    };
    return { pmid, record, gold, ...(e.citation.meshTerms.length > 0 ? { withMesh } : {}) };
  });
}
