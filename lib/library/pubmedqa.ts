import fs from "node:fs";
import path from "node:path";
import type { Evidence } from "@/lib/domain/evidence";

/** One PubMedQA PQA-L entry (Jin et al. 2019, EMNLP; github.com/pubmedqa/pubmedqa data/ori_pqal.json), as stored. */
interface PqalEntry {
  QUESTION: string;
  CONTEXTS: string[];
  LABELS: string[];
  MESHES: string[];
  YEAR: string | null;
  final_decision: "yes" | "no" | "maybe";
}

/** A PubMedQA question with its gold answer and its record as the library holds it. */
export interface PubmedQaItem {
  pmid: string;
  question: string;
  gold: "yes" | "no" | "maybe";
  record: Evidence;
}

/** The PQA-L file beside the project (../shared/fixtures/corpus). */
export const PUBMEDQA_FILE = path.resolve(process.cwd(), "../shared/fixtures/corpus/pubmedqa_pqal_1000.json");

/**
 * The 1,000 PQA-L questions, in PMID order, each with a library record in the reasoning-required setting (Jin et al.
 * 2019 §5): the abstract without its conclusion (CONTEXTS joined, LONG_ANSWER left out), MeSH headings and year. The
 * record's title is the QUESTION, which PubMedQA derives from the article's title (the file has no other title). Split:
 * even PMIDs are the development split, odd PMIDs the test split (tuning reads the development split only, so the test
 * figures stay unbiased).
 */
export function readPubmedQa(file = PUBMEDQA_FILE): PubmedQaItem[] {
  const data = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, PqalEntry>;
  return Object.entries(data)
    .sort((a, b) => Number(a[0]) - Number(b[0]))
    .map(([pmid, d]) => ({
      pmid,
      question: d.QUESTION,
      gold: d.final_decision,
      record: {
        id: `pmid:${pmid}`,
        citation: {
          source: "local",
          pmid,
          doi: null,
          pmcid: null,
          nctId: null,
          title: d.QUESTION,
          authors: [],
          journal: null,
          year: d.YEAR && /^\d{4}$/.test(d.YEAR) ? Number(d.YEAR) : null,
          url: `https://pubmed.ncbi.nlm.nih.gov/${pmid}/`,
          publicationTypes: [],
          meshTerms: d.MESHES.map((term) => ({ term, majorTopic: false })),
          abstract: d.CONTEXTS.join(" "),
        },
        relevance: 1,
        entities: [],
        preprint: false,
        trial: null,
      },
    }));
}

/** Whether a PMID belongs to the development split (even) rather than the test split (odd). */
export function isDevPmid(pmid: string): boolean {
  return Number(pmid) % 2 === 0;
}
