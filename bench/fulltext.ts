import fs from "node:fs";
import path from "node:path";
import type { ArticleDocument, Passage } from "@/lib/domain/fulltext";
import { searchPassages } from "@/lib/db/passage-search";
import { countFullTexts } from "@/lib/db/full-texts";
import { create as createTar } from "tar";
import { storeArticle } from "@/lib/library/articles";
import { importFile } from "@/lib/library/import";
import { readPdfArticle } from "@/lib/library/pdf/article";
import { parseJats } from "@/lib/sources/parse/jats";
import { FULL_TEXT_QUESTIONS } from "./fulltext-questions";

/** The shared full texts: 21 JATS articles (jats/, europepmc/) and 7 PDFs. */
const FULLTEXT_DIR = path.resolve(process.cwd(), "../shared/fixtures/fulltext");

const files = (dir: string, pattern: RegExp) =>
  fs
    .readdirSync(path.join(FULLTEXT_DIR, dir))
    .filter((f) => pattern.test(f))
    .sort()
    .map((f) => path.join(FULLTEXT_DIR, dir, f));

/**
 * An import's pace: articles per second of wall-clock time, and the CPU time this process (all its threads) spent per
 * article in ms, which does not depend on what else the shared machine runs.
 */
export interface ImportRate {
  perSecond: number;
  cpuMsPerArticle: number;
}

function importRate(count: number, started: number, cpu: NodeJS.CpuUsage): ImportRate {
  const used = process.cpuUsage(cpu);
  return {
    perSecond: Math.round((count / ((performance.now() - started) / 1000)) * 10) / 10,
    cpuMsPerArticle: Math.round(((used.user + used.system) / 1000 / count) * 100) / 100,
  };
}

/** A document under new identifiers, so each import of a file is a new record ("bench:<n>" DOIs). */
function renamed(doc: ArticleDocument, n: number): ArticleDocument {
  return { ...doc, pmid: null, pmcid: null, doi: `10.0000/bench.${n}` };
}

const library = { origin: "library" as const, ownerId: null, fallbackTitle: "bench" };

/** A JATS article under a new DOI and without its PMID and PMCID, so each copy is a new record. */
function renamedXml(xml: string, n: number): string {
  return xml
    .replace(/<article-id pub-id-type="(?:pmid|pmc|pmcid|pmcaid|pmcid-ver)"[^>]*>[^<]*<\/article-id>/g, "")
    .replace(/(<article-id pub-id-type="doi"[^>]*>)[^<]*(<\/article-id>)/, `$1 10.0000/bench.${n}$2`);
}

/**
 * JATS import throughput through a PMC Open Access style archive: `count` copies of the shared JATS articles (each
 * under a new DOI, without its PMID and PMCID) in a gzip-compressed tar, imported with importFile (streamed, parsed,
 * matched and stored ARCHIVE_BATCH per transaction), timed from the archive's first byte to the last commit.
 * @returns articles per second.
 */
export async function measureJatsImport(count: number, dir: string): Promise<ImportRate> {
  const xml = [...files("jats", /\.n?xml$/), ...files("europepmc", /\.xml$/)].map((f) => fs.readFileSync(f, "utf8"));
  const members = path.join(dir, "jats-members");
  fs.mkdirSync(members, { recursive: true });
  for (let i = 0; i < count; i++)
    fs.writeFileSync(path.join(members, `a${i}.nxml`), renamedXml(xml[i % xml.length], i));
  const archive = path.join(dir, "oa_bench.tar.gz");
  await createTar({ gzip: true, file: archive, cwd: members }, fs.readdirSync(members));
  fs.rmSync(members, { recursive: true, force: true });
  const started = performance.now();
  const cpu = process.cpuUsage();
  const report = await importFile(archive);
  const rate = importRate(count, started, cpu);
  if (report.imported !== count)
    throw new Error(`the archive imported ${report.imported} of ${count}: ${report.error}`);
  return rate;
}

/**
 * PDF import throughput: `count` imports of the seven shared PDFs in turn (pdf.js text layer, layout, front matter,
 * passages; then stored as new records), one after another, in this process. @returns articles per second.
 */
export async function measurePdfImport(count: number): Promise<ImportRate> {
  const pdfs = files("pdf", /\.pdf$/).map((f) => new Uint8Array(fs.readFileSync(f)));
  await readPdfArticle(pdfs[0]); // pdf.js loads its code once per process, as on a running server
  const started = performance.now();
  const cpu = process.cpuUsage();
  for (let i = 0; i < count; i++) {
    const doc = renamed(await readPdfArticle(pdfs[i % pdfs.length]), 1_000_000 + i);
    await storeArticle(doc, { ...library, fallbackId: `file:pdf${i}` });
  }
  return importRate(count, started, cpu);
}

/** A seeded pseudo-random generator (mulberry32), so a library is the same on every run. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Fills the library with `count` full texts of 40 paragraphs each, every paragraph 4 sentences drawn at random
 * (seeded) from the sentences of the shared JATS articles, with their section kinds: the vocabulary and term
 * frequencies of real articles, in documents that differ from one another.
 */
export async function fillFullTexts(count: number, log: (line: string) => void): Promise<void> {
  const docs = [...files("jats", /\.n?xml$/), ...files("europepmc", /\.xml$/)].map((f) =>
    parseJats(fs.readFileSync(f, "utf8")),
  );
  const sentences = docs.flatMap((d) =>
    d.passages
      .filter((p) => p.kind === "paragraph")
      .flatMap((p) => p.text.split(/(?<=[.!?])\s+(?=[A-Z])/).map((text) => ({ text, type: p.sectionType }))),
  );
  const next = random(42);
  const pick = () => sentences[Math.floor(next() * sentences.length)];
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const passages: Passage[] = Array.from({ length: 40 }, (_, k) => {
      const first = pick();
      return {
        id: `bench·s·${k + 1}`,
        section: null,
        sectionType: first.type,
        page: null,
        kind: "paragraph",
        text: [first.text, pick().text, pick().text, pick().text].join(" "),
      };
    });
    const doc: ArticleDocument = {
      ...renamed(docs[i % docs.length], 2_000_000 + i),
      title: `Synthetic full text ${i}`,
      passages,
    };
    await storeArticle(doc, { ...library, fallbackId: `file:synthetic${i}` });
    if ((i + 1) % 1000 === 0)
      log(`  ${i + 1} full texts stored (${Math.round((i + 1) / ((performance.now() - started) / 1000))}/s)`);
  }
}

/** The p-th percentile (0–100) of sorted values (nearest rank). */
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * Passage search latency: the eval's 16 full-text questions, each searched 3 times in the shared scope and 3 times in a
 * user's scope (shared and their papers), 10 hits each, after one unmeasured pass of them all. @returns p50 and p95 in
 * ms and the library's counts.
 */
export async function measurePassageSearch(): Promise<{
  p50Ms: number;
  p95Ms: number;
  searches: number;
  fullTexts: number;
  passages: number;
}> {
  const queries = FULL_TEXT_QUESTIONS.map((q) => q.question);
  // One unmeasured pass of every search, as on a running server (page cache, term frequencies).
  for (const q of queries) for (const owner of [null, "bench-user"]) await searchPassages(q, 10, { owner });
  const times: number[] = [];
  for (let round = 0; round < 3; round++) {
    for (const q of queries) {
      for (const scope of [{ owner: null }, { owner: "bench-user" }]) {
        const started = performance.now();
        await searchPassages(q, 10, scope);
        times.push(performance.now() - started);
      }
    }
  }
  times.sort((a, b) => a - b);
  const counts = await countFullTexts();
  return {
    p50Ms: Math.round(percentile(times, 50) * 10) / 10,
    p95Ms: Math.round(percentile(times, 95) * 10) / 10,
    searches: times.length,
    ...counts,
  };
}
