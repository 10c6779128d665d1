import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { escapeXml, loadCorpusPools, renderTemplate, type CorpusPools } from "./corpus-pools";

/**
 * Synthetic PubMed baseline for the library bench: records recombined from the real corpus (see corpus-pools.ts),
 * written as NLM writes its baseline (`pubmedYYnNNNN.xml.gz`, a PubmedArticleSet of PubmedArticle elements with the
 * 2025 DOCTYPE, gzip). Deterministic for a given size and seed.
 */

/** First synthetic PMID: above every real PMID (about 41 million in 2026), so none collides with a corpus record. */
export const FIRST_SYNTHETIC_PMID = 60_000_001;
/** Records per file. NLM writes 30,000; 25,000 puts the bench's sizes (100k, 250k, 500k, 1M) on file boundaries. */
export const RECORDS_PER_FILE = 25_000;
/** Bump when the generator's output changes, so cached files are not reused. */
const GENERATOR_VERSION = 3;

const HEAD =
  `<?xml version="1.0" ?>\n` +
  `<!DOCTYPE PubmedArticleSet PUBLIC "-//NLM//DTD PubMedArticle, 1st January 2025//EN" ` +
  `"https://dtd.nlm.nih.gov/ncbi/pubmed/out/pubmed_250101.dtd">\n` +
  `<PubmedArticleSet>\n`;

/** An abstract paragraph as PubMed XML, with its section label when it has one. */
function abstractTextXml(p: { label?: string | null; sentences: string[] }): string {
  const label = p.label ? ` Label="${escapeXml(p.label)}"` : "";
  return `<AbstractText${label}>${escapeXml(p.sentences.join(" "))}</AbstractText>`;
}

/** A chemical as PubMed XML, with its MeSH UI when it has one. */
function chemicalXml(c: { name: string; meshId?: string | null }): string {
  const ui = c.meshId ? ` UI="${escapeXml(c.meshId)}"` : "";
  return (
    `<Chemical><RegistryNumber>0</RegistryNumber>` +
    `<NameOfSubstance${ui}>${escapeXml(c.name)}</NameOfSubstance></Chemical>`
  );
}

/** mulberry32: a small, fast, seedable PRNG (Tommy Ettinger's public-domain generator). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Publication years 1965–2025 weighted by MEDLINE's growth (about 4.5% more citations a year; NLM's "MEDLINE
 * Citation Counts by Year of Publication"), as a cumulative table.
 */
const YEARS = Array.from({ length: 61 }, (_, i) => 1965 + i);
const YEAR_CDF = (() => {
  const w = YEARS.map((y) => Math.exp(0.045 * (y - 1965)));
  const total = w.reduce((a, b) => a + b, 0);
  let acc = 0;
  return w.map((x) => (acc += x / total));
})();

/**
 * Publication types besides "Journal Article", with the share of records carrying each (rounded from PubMed counts).
 */
const EXTRA_TYPES: Array<[string, number]> = [
  ["Review", 0.1],
  ["Comparative Study", 0.06],
  ["Case Reports", 0.05],
  ["Research Support, Non-U.S. Gov't", 0.25],
  ["Randomized Controlled Trial", 0.025],
  ["Clinical Trial", 0.015],
  ["Meta-Analysis", 0.008],
  ["Systematic Review", 0.008],
  ["Multicenter Study", 0.01],
];

/** One synthetic record's choices, exposed for the sync tests that build small files with known contents. */
export interface SyntheticRecord {
  pmid: number;
  xml: string;
}

/**
 * Builds the XML of synthetic record number `n` (0-based); `revision` > 0 gives a revised version (new title, MeSH).
 */
export function synthesizeRecord(pools: CorpusPools, seed: number, n: number, revision = 0): SyntheticRecord {
  const rnd = prng(seed * 1_000_003 + n * 7 + revision * 100_000_007);
  const pick = <T>(list: T[]) => list[Math.floor(rnd() * list.length)];
  const pmid = FIRST_SYNTHETIC_PMID + n;
  const yearRoll = rnd();
  const year = YEARS[YEAR_CDF.findIndex((c) => c >= yearRoll)] ?? 2025;
  const a = pick(pools.texts);
  const b = pick(pools.texts);
  const title = revision > 0 ? `${a.title.replace(/\.$/, "")}: ${pick(pools.texts).title}` : a.title;
  // Abstract: the first half of A's paragraphs and the second half of B's (older records often have none).
  const hasAbstract = year >= 1975 ? rnd() < 0.92 : rnd() < 0.5;
  const paragraphs = hasAbstract
    ? [
        ...a.paragraphs.slice(0, Math.ceil(a.paragraphs.length / 2)),
        ...b.paragraphs.slice(Math.ceil(b.paragraphs.length / 2)),
      ]
    : [];
  if (hasAbstract && paragraphs.length === 1 && b.paragraphs.length === 1) {
    const s = b.paragraphs[0].sentences;
    paragraphs[0] = {
      label: null,
      sentences: [
        ...paragraphs[0].sentences.slice(0, Math.ceil(paragraphs[0].sentences.length / 2)),
        ...s.slice(Math.ceil(s.length / 2)),
      ],
    };
  }
  const abstract = paragraphs.length
    ? `<Abstract>${paragraphs.map((p) => abstractTextXml(p)).join("")}</Abstract>`
    : "";
  const types = ["Journal Article", ...EXTRA_TYPES.filter(([, share]) => rnd() < share).map(([t]) => t)];
  const retracted = rnd() < 0.0005;
  if (retracted) types.push("Retracted Publication");
  const trial = types.includes("Randomized Controlled Trial") || types.includes("Clinical Trial");
  const nct = trial && rnd() < 0.6 ? `NCT${String(10_000_000 + ((pmid * 7919) % 89_999_999)).padStart(8, "0")}` : null;
  // MeSH: a real record's list (80% of records), plus one or two headings of another.
  const mesh =
    rnd() < 0.8
      ? [...new Set([...pick(pools.meshLists), ...pick(pools.meshLists).slice(0, 1 + Math.floor(rnd() * 2))])]
      : [];
  const chemicals = [
    ...new Map([...a.chemicals, ...b.chemicals.slice(0, 2)].map((c) => [c.meshId ?? c.name, c])).values(),
  ].slice(0, 8);
  const tail =
    (chemicals.length ? `<ChemicalList>${chemicals.map((c) => chemicalXml(c)).join("")}</ChemicalList>` : "") +
    (retracted
      ? `<CommentsCorrectionsList><CommentsCorrections RefType="RetractionIn"><RefSource>Synthetic ` +
        `notice</RefSource><PMID Version="1">${pmid + 1}</PMID></CommentsCorrections></CommentsCorrectionsList>`
      : "") +
    (mesh.length ? `<MeshHeadingList>${mesh.map((i) => pools.meshHeadings[i]).join("")}</MeshHeadingList>` : "");
  const doi = `10.99999/synthetic.${pmid}`;
  const citation = renderTemplate(pick(pools.templates), {
    pmid: String(pmid),
    year: `<Year>${year}</Year>`,
    doi: `<ELocationID EIdType="doi" ValidYN="Y">${doi}</ELocationID>`,
    title: `<ArticleTitle>${escapeXml(title)}</ArticleTitle>`,
    abstract,
    publicationTypes:
      (nct
        ? `<DataBankList ` +
          `CompleteYN="Y"><DataBank><DataBankName>ClinicalTrials.gov</DataBankName>` +
          `<AccessionNumberList><AccessionNumber>${nct}</AccessionNumber></AccessionNumberList>` +
          `</DataBank></DataBankList>`
        : "") +
      `<PublicationTypeList>` +
      types.map((t) => `<PublicationType>${escapeXml(t)}</PublicationType>`).join("") +
      `</PublicationTypeList>`,
    tail,
  });
  const pmc = rnd() < 0.2 ? `<ArticleId IdType="pmc">PMC${pmid}</ArticleId>` : "";
  const references = year >= 2010 && rnd() < 0.06 ? pick(pools.referenceLists) : "";
  const xml =
    `<PubmedArticle>${citation}<PubmedData><History><PubMedPubDate ` +
    `PubStatus="pubmed"><Year>${year}</Year><Month>1</Month><Day>1</Day></PubMedPubDate></History>` +
    `<PublicationStatus>ppublish</PublicationStatus><ArticleIdList><ArticleId IdType="pubmed">${pmid}</ArticleId>` +
    `<ArticleId IdType="doi">${doi}</ArticleId>${pmc}</ArticleIdList>${references}</PubmedData></PubmedArticle>\n`;
  return { pmid, xml };
}

/**
 * What one file of a synthetic set holds: its name, record numbers, and for an update file its revisions and deletions.
 */
export interface SyntheticFile {
  name: string;
  /** Record numbers [from, to) of new records. */
  from: number;
  to: number;
  revised: number[];
  deleted: number[];
}

/** File name of the n-th file (1-based) as NLM names them: `pubmed26n0001.xml.gz`. */
export function baselineFileName(n: number): string {
  return `pubmed26n${String(n).padStart(4, "0")}.xml.gz`;
}

/** Writes one file of the set as gzip (level 1: the bench measures reading, not NLM's compression). */
export function writeSyntheticFile(pools: CorpusPools, seed: number, file: SyntheticFile, dir: string): string {
  const parts: string[] = [HEAD];
  for (let n = file.from; n < file.to; n++) parts.push(synthesizeRecord(pools, seed, n).xml);
  for (const n of file.revised) parts.push(synthesizeRecord(pools, seed, n, 1).xml);
  if (file.deleted.length)
    parts.push(
      `<DeleteCitation>\n` +
        file.deleted.map((n) => `<PMID Version="1">${FIRST_SYNTHETIC_PMID + n}</PMID>\n`).join("") +
        `</DeleteCitation>\n`,
    );
  parts.push("</PubmedArticleSet>\n");
  const target = path.join(dir, file.name);
  fs.writeFileSync(`${target}.part`, zlib.gzipSync(Buffer.from(parts.join("")), { level: 1 }));
  fs.renameSync(`${target}.part`, target);
  return target;
}

/**
 * The plan of a synthetic library of `records` records: baseline files of RECORDS_PER_FILE records, then one update
 * file revising 1% of them and deleting 0.1% (NLM's update files carry both), numbered after the baseline.
 */
export function planSyntheticLibrary(records: number): SyntheticFile[] {
  const files: SyntheticFile[] = [];
  for (let from = 0; from < records; from += RECORDS_PER_FILE) {
    files.push({
      name: baselineFileName(files.length + 1),
      from,
      to: Math.min(records, from + RECORDS_PER_FILE),
      revised: [],
      deleted: [],
    });
  }
  const revised = Array.from({ length: Math.floor(records / 100) }, (_, i) => i * 100 + 7);
  const deleted = Array.from({ length: Math.floor(records / 1000) }, (_, i) => i * 1000 + 13);
  files.push({ name: baselineFileName(files.length + 1), from: records, to: records, revised, deleted });
  return files;
}

/**
 * Writes (or reuses from `cacheDir`) the files of a synthetic library of `records` records. Files already written
 * for the same size, seed and generator version are kept, so a second bench run starts at once.
 * @returns the folder and the plan.
 */
export function ensureSyntheticLibrary(
  records: number,
  cacheDir: string,
  seed = 1,
  log: (line: string) => void = () => {},
): { dir: string; files: SyntheticFile[] } {
  const key = crypto
    .createHash("sha256")
    .update(`${GENERATOR_VERSION}|${records}|${seed}|${RECORDS_PER_FILE}`)
    .digest("hex")
    .slice(0, 12);
  const dir = path.join(cacheDir, `pubmed-synthetic-${records}-${key}`);
  fs.mkdirSync(dir, { recursive: true });
  const files = planSyntheticLibrary(records);
  let pools: CorpusPools | null = null;
  for (const file of files) {
    if (fs.existsSync(path.join(dir, file.name))) continue;
    pools ??= loadCorpusPools();
    const started = performance.now();
    writeSyntheticFile(pools, seed, file, dir);
    log(
      `synthesized ${file.name} (${file.to - file.from} new, ${file.revised.length} revised, ` +
        `${file.deleted.length} deleted) in ${Math.round(performance.now() - started)} ms`,
    );
  }
  return { dir, files };
}
