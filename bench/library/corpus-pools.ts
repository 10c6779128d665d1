import fs from "node:fs";
import path from "node:path";
import type { Entity, Evidence } from "@/lib/domain/evidence";
import { parsePubmedXml } from "@/lib/sources/parse/pubmed-xml";
import { parsePubTator } from "@/lib/sources/parse/pubtator";
import { readPubmedQa } from "@/lib/library/pubmedqa";

/** The shared corpus beside the project (../shared/fixtures/corpus, see ../shared/fixtures/SOURCES.md). */
export const CORPUS_DIR = path.resolve(process.cwd(), "../shared/fixtures/corpus");
const PHARMACOLOGY_XML = path.resolve(CORPUS_DIR, "../pubmed/efetch_pharmacology_25records_ASSEMBLED.xml");

/** A real MEDLINE citation split around the parts a synthetic record replaces (see {@link renderTemplate}). */
export interface CitationTemplate {
  /** Raw XML pieces between the slots, in order; `slots[i]` goes between `parts[i]` and `parts[i + 1]`. */
  parts: string[];
  slots: Slot[];
}

type Slot = "pmid" | "year" | "doi" | "title" | "abstract" | "publicationTypes" | "tail";

/** A text donor: a real title and its abstract's paragraphs (label, text), with the chemicals it names. */
export interface TextDonor {
  title: string;
  paragraphs: Array<{ label: string | null; sentences: string[] }>;
  chemicals: Entity[];
}

/** What the synthesis recombines, all read from the real corpus records. */
export interface CorpusPools {
  templates: CitationTemplate[];
  texts: TextDonor[];
  /** Raw `<MeshHeading>` elements of real MEDLINE/PubMed records, and MeSH lists of real records (indexes into it). */
  meshHeadings: string[];
  meshLists: number[][];
  /** Raw `<ReferenceList>` elements of real PubMed records. */
  referenceLists: string[];
}

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Sentences of a paragraph (split after ". ", "? " or "! " before a capital or digit). */
function sentences(text: string): string[] {
  return text.split(/(?<=[.?!])\s+(?=[A-Z0-9(])/).filter((s) => s.trim() !== "");
}

function donor(record: Evidence): TextDonor {
  const paragraphs = record.citation.abstract
    .split("\n")
    .filter((p) => p.trim() !== "")
    .map((p) => {
      const m = /^([A-Z][A-Z ,/&-]{2,40}): (.*)$/.exec(p);
      return m ? { label: m[1], sentences: sentences(m[2]) } : { label: null, sentences: sentences(p) };
    });
  return { title: record.citation.title, paragraphs, chemicals: record.entities.filter((e) => e.type === "chemical") };
}

/**
 * Cuts a real MedlineCitation's XML into a template: PMID, PubDate, DOI, ArticleTitle, Abstract and
 * PublicationTypeList become slots; its DataBankList, ChemicalList, CommentsCorrectionsList and MeshHeadingList are
 * removed and a `tail` slot before `</MedlineCitation>` takes the synthetic ones. Everything else (authors and their
 * affiliations, journal, grants, dates, keywords) stays as NLM wrote it, so records keep real sizes and shapes.
 */
function template(xml: string): CitationTemplate | null {
  let t = xml
    .replace(/<DataBankList[\s\S]*?<\/DataBankList>\s*/g, "")
    .replace(/<ChemicalList>[\s\S]*?<\/ChemicalList>\s*/g, "")
    .replace(/<CommentsCorrectionsList>[\s\S]*?<\/CommentsCorrectionsList>\s*/g, "")
    .replace(/<MeshHeadingList>[\s\S]*?<\/MeshHeadingList>\s*/g, "")
    .replace(/<ELocationID EIdType="doi"[^>]*>[^<]*<\/ELocationID>\s*/g, "")
    .replace(/<Abstract>[\s\S]*?<\/Abstract>\s*/, "");
  const steps: Array<[RegExp, string]> = [
    [/(<PMID[^>]*>)\d+(<\/PMID>)/, "$1\u0001pmid\u0001$2"],
    [/<PubDate>[\s\S]*?<\/PubDate>/, "<PubDate>\u0001year\u0001</PubDate>"],
    [/<ArticleTitle>[\s\S]*?<\/ArticleTitle>/, "\u0001title\u0001\u0001doi\u0001\u0001abstract\u0001"],
    [/<PublicationTypeList>[\s\S]*?<\/PublicationTypeList>/, "\u0001publicationTypes\u0001"],
    [/<\/MedlineCitation>$/, "\u0001tail\u0001</MedlineCitation>"],
  ];
  for (const [re, to] of steps) {
    if (!re.test(t)) return null;
    t = t.replace(re, to);
  }
  const pieces = t.split("\u0001");
  return { parts: pieces.filter((_, i) => i % 2 === 0), slots: pieces.filter((_, i) => i % 2 === 1) as Slot[] };
}

/** Fills a template's slots. */
export function renderTemplate(t: CitationTemplate, values: Record<Slot, string>): string {
  let out = t.parts[0];
  for (let i = 0; i < t.slots.length; i++) out += values[t.slots[i]] + t.parts[i + 1];
  return out;
}

/** Escapes text for XML content. */
export { escapeXml };

/**
 * Reads the real corpus once: MEDLINE citation templates (the 2016 baseline sample, 604 records), text donors (the
 * three BC5CDR PubTator sets with their chemical annotations, the MEDLINE sample's abstracts, PubMedQA's questions
 * and contexts, the 25 PubMed pharmacology records), MeSH headings and lists, and reference lists.
 */
export function loadCorpusPools(): CorpusPools {
  const medlineXml = fs.readFileSync(path.join(CORPUS_DIR, "medline16n0902_sample_604.xml"), "utf8");
  const pharmacologyXml = fs.readFileSync(PHARMACOLOGY_XML, "utf8");
  const citations = medlineXml.match(/<MedlineCitation[ >][\s\S]*?<\/MedlineCitation>/g) ?? [];
  const templates = citations.map(template).filter((t): t is CitationTemplate => t !== null);
  const pubtator = ["Training", "Development", "Test"].flatMap((set) =>
    parsePubTator(fs.readFileSync(path.join(CORPUS_DIR, `bc5cdr_pubtator/CDR_${set}Set.PubTator.txt`), "utf8")),
  );
  const medline = parsePubmedXml(medlineXml);
  const pharmacology = parsePubmedXml(pharmacologyXml);
  const pubmedQa = readPubmedQa(path.join(CORPUS_DIR, "pubmedqa_pqal_1000.json")).map((i) => i.record);
  const texts = [...pubtator, ...medline, ...pharmacology, ...pubmedQa]
    .filter((r) => r.citation.title && r.citation.abstract)
    .map(donor);

  const meshHeadings: string[] = [];
  const headingIndex = new Map<string, number>();
  const indexOf = (xml: string) => {
    let i = headingIndex.get(xml);
    if (i === undefined) headingIndex.set(xml, (i = meshHeadings.push(xml) - 1));
    return i;
  };
  const meshLists: number[][] = [];
  for (const xml of [
    ...citations,
    ...(pharmacologyXml.match(/<MedlineCitation[ >][\s\S]*?<\/MedlineCitation>/g) ?? []),
  ]) {
    const list = xml.match(/<MeshHeading>[\s\S]*?<\/MeshHeading>/g);
    if (list) meshLists.push(list.map((h) => indexOf(h.replace(/\s*\n\s*/g, ""))));
  }
  for (const r of pubmedQa) {
    if (r.citation.meshTerms.length === 0) continue;
    meshLists.push(
      r.citation.meshTerms.map((m) =>
        indexOf(`<MeshHeading><DescriptorName MajorTopicYN="N">${escapeXml(m.term)}</DescriptorName></MeshHeading>`),
      ),
    );
  }
  const referenceLists = pharmacologyXml.match(/<ReferenceList>[\s\S]*?<\/ReferenceList>/g) ?? [];
  return { templates, texts, meshHeadings, meshLists, referenceLists };
}
