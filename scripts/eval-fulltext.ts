import fs from "node:fs";
import path from "node:path";
import type { ArticleDocument } from "@/lib/domain/fulltext";
import type { BenchmarkResult, BenchmarkRow } from "./eval-types";
import { backendArg, evalModel, type EvalModel } from "./eval-model";
import { withTempLibrary } from "./eval-support";
import { FULL_TEXT_QUESTIONS, type FullTextQuestion } from "@/bench/fulltext-questions";

/** The shared corpus folder beside the project. */
const CORPUS = path.resolve(process.cwd(), "../shared/fixtures/corpus");
/** The five articles recorded as both JATS (Europe PMC fullTextXML) and PDF, in ../shared/fixtures/fulltext. */
const FULLTEXT_DIR = path.resolve(process.cwd(), "../shared/fixtures/fulltext");
const ARTICLES = ["PMC4738914", "PMC4745305", "PMC4736379", "PMC4707348", "PMC4737013"];
/** The demo library: the BC5CDR PubTator sets and the MEDLINE sample (2,104 records). */
const DEMO_LIBRARY = [
  "bc5cdr_pubtator/CDR_DevelopmentSet.PubTator.txt",
  "bc5cdr_pubtator/CDR_TestSet.PubTator.txt",
  "bc5cdr_pubtator/CDR_TrainingSet.PubTator.txt",
  "medline16n0902_sample_604.xml",
];
/** Goals of the issue: the fact shown with a citation of its passage for 75% of the questions (JATS), 60% (PDF). */
const GOALS = { jats: 0.75, pdf: 0.6 } as const;

const norm = (text: string) => text.normalize("NFKC").replace(/\s+/g, " ").toLowerCase();

/** One question's outcome: whether the report shows the fact and cites the passage it comes from. */
interface Asked {
  question: FullTextQuestion;
  shown: boolean;
  cited: boolean;
}

/** The JATS of an article, parsed (its identifiers and abstract, to find its record and check the questions). */
async function jatsOf(pmcid: string): Promise<ArticleDocument> {
  const { parseJats } = await import("@/lib/sources/parse/jats");
  return parseJats(fs.readFileSync(path.join(FULLTEXT_DIR, `europepmc/${pmcid}.fullTextXML.xml`), "utf8"));
}

/**
 * A question is fair only if its fact is in the body and not in the abstract or the title of its article.
 * @throws Error naming the question otherwise.
 */
function checkQuestion(q: FullTextQuestion, doc: ArticleDocument): void {
  const front = norm(`${doc.title} ${doc.abstract}`);
  const body = norm(doc.passages.map((p) => p.text).join(" "));
  for (const fact of q.expected) {
    if (front.includes(norm(fact))) throw new Error(`"${fact}" is in the abstract of ${q.pmcid}: ${q.question}`);
    if (!body.includes(norm(fact))) throw new Error(`"${fact}" is not in the body of ${q.pmcid}: ${q.question}`);
  }
}

/** Imports the demo library and the five articles in `format` into the temporary library; their record ids. */
async function fillLibrary(format: "jats" | "pdf"): Promise<Map<string, string>> {
  const { importFile } = await import("@/lib/library/import");
  for (const file of DEMO_LIBRARY) await importFile(path.join(CORPUS, file));
  const { findSameRecord } = await import("@/lib/db/evidence");
  const { articleRecord } = await import("@/lib/evidence/passages");
  const ids = new Map<string, string>();
  for (const pmcid of ARTICLES) {
    const file =
      format === "jats"
        ? path.join(FULLTEXT_DIR, `europepmc/${pmcid}.fullTextXML.xml`)
        : path.join(FULLTEXT_DIR, `pdf/${pmcid}.pdf`);
    const report = await importFile(file);
    if (report.error || report.imported + report.updated !== 1)
      throw new Error(`${path.basename(file)} was not imported: ${report.error ?? JSON.stringify(report)}`);
    // The PDF's record is found by the DOI it prints (the same as the JATS's).
    const doc = await jatsOf(pmcid);
    const probe = articleRecord(format === "jats" ? doc : { ...doc, pmid: null, pmcid: null }, "local", "", "");
    const row = await findSameRecord(probe);
    if (!row) throw new Error(`no record for ${pmcid} after importing ${path.basename(file)}`);
    ids.set(pmcid, row.id);
  }
  return ids;
}

/**
 * Researches one question over the local library (one iteration) and checks the report for the fact and its passage.
 */
async function ask(q: FullTextQuestion, recordId: string, model: EvalModel): Promise<Asked> {
  const { runResearch } = await import("@/lib/research/mode");
  const { createSources } = await import("@/lib/sources/registry");
  const { createFullTextReader } = await import("@/lib/research/full-text");
  const { loadLibraryEntities } = await import("@/lib/library/entity-dictionary");
  const { compileEntityDictionary } = await import("@/lib/evidence/annotation");
  const { proseTexts } = await import("@/lib/grounding/prose");
  const entities = await loadLibraryEntities();
  const outcome = await runResearch({
    question: q.question,
    sourceIds: ["local"],
    sources: createSources(["local"], { treatmentQuestion: false }),
    backend: model.research(),
    maxIterations: 1,
    timeoutMs: 60_000,
    recorder: model.recorder,
    entityDictionary: entities.length ? compileEntityDictionary(entities) : null,
    prices: model.prices,
    modelTimeoutMs: model.modelTimeoutMs,
    fullText: createFullTextReader({
      owner: null,
      fetch: false,
      records: 12,
      waitMs: 1_000,
      notOpenTtlMs: 0,
      useCache: true,
      emit: model.recorder.emit,
    }),
  });
  if (outcome.status !== "completed")
    throw new Error(`research of “${q.question}” ${outcome.status}: ${outcome.error}`);
  const report = outcome.report;
  const prose = norm(
    report
      ? proseTexts(report)
          .map((p) => p.text)
          .join("\n")
      : "",
  );
  const shown = q.expected.some((fact) => prose.includes(norm(fact)));
  const cited = (report?.passages ?? []).some(
    (c) => c.evidenceId === recordId && q.expected.some((fact) => norm(c.sentence).includes(norm(fact))),
  );
  return { question: q, shown, cited };
}

/** PDF text against the JATS text of the same articles: word-sequence similarity and recall of paragraph text. */
async function pdfAgreement(): Promise<string[]> {
  const { readPdfArticle } = await import("@/lib/library/pdf/article");
  const { wordSimilarity } = await import("@/lib/text/word-similarity");
  const body = (d: ArticleDocument) =>
    d.passages
      .filter((p) => p.kind === "paragraph")
      .map((p) => p.text)
      .join(" ");
  const lines: string[] = [];
  for (const pmcid of ARTICLES) {
    const jats = await jatsOf(pmcid);
    const pdf = await readPdfArticle(new Uint8Array(fs.readFileSync(path.join(FULLTEXT_DIR, `pdf/${pmcid}.pdf`))));
    const s = wordSimilarity(body(jats), body(pdf));
    lines.push(
      `PDF vs JATS ${pmcid}: paragraph text word-sequence similarity ${s.sequence.toFixed(3)}, ` +
        `recall ${s.recall.toFixed(3)}, precision ${s.precision.toFixed(3)}`,
    );
  }
  return lines;
}

/**
 * `npm run eval -- fulltext`: facts that only the bodies of the five shared articles state (doses, durations,
 * laboratory values, counts, rates; bench/fulltext-questions.ts), asked as research questions over the demo
 * library (BC5CDR and the MEDLINE sample, 2,104 records) plus those articles, imported once as JATS and once as PDF
 * (each into its own temporary library). A question counts when the report shows the fact and cites the passage it
 * comes from (ResearchReport.passages names the article's record and a sentence holding the fact). Goals: 75% from
 * JATS, 60% from PDF. The notes give the PDF text's agreement with the JATS text of each article.
 * @param args ["--backend", "extractive"|"llm"] (default extractive).
 */
export async function runFullText(args: string[]): Promise<BenchmarkResult> {
  const model = evalModel(backendArg(args));
  const docs = new Map(await Promise.all(ARTICLES.map(async (id) => [id, await jatsOf(id)] as const)));
  for (const q of FULL_TEXT_QUESTIONS) checkQuestion(q, docs.get(q.pmcid)!);
  const rows: BenchmarkRow[] = [];
  const notes: string[] = [];
  for (const format of ["jats", "pdf"] as const) {
    const asked = await withTempLibrary(`critica-eval-fulltext-${format}-`, async () => {
      const { applyMigrations } = await import("@/lib/db/migrate");
      await applyMigrations();
      const ids = await fillLibrary(format);
      const out: Asked[] = [];
      for (const q of FULL_TEXT_QUESTIONS) out.push(await ask(q, ids.get(q.pmcid)!, model));
      return out;
    });
    const both = asked.filter((a) => a.shown && a.cited).length;
    rows.push({
      name: `${format.toUpperCase()}: fact shown with its passage cited (goal ${GOALS[format]})`,
      source: "measured",
      f1: both / asked.length,
    });
    rows.push({
      name: `${format.toUpperCase()}: fact shown`,
      source: "measured",
      f1: asked.filter((a) => a.shown).length / asked.length,
    });
    for (const a of asked.filter((x) => !(x.shown && x.cited)))
      notes.push(`${format} missed (${a.shown ? "shown, passage not cited" : "not shown"}): ${a.question.question}`);
  }
  notes.push(...(await pdfAgreement()));
  return {
    benchmark: "fulltext",
    split: "all",
    documents: FULL_TEXT_QUESTIONS.length,
    goldRelations: 0,
    model: { backend: model.name, maxIterations: 1, library: "demo (2,104 records) + 5 full texts" },
    rows,
    metric: "share",
    notes,
  };
}
