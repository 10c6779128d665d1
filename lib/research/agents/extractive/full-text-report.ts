import type { Evidence } from "@/lib/domain/evidence";
import type { FullText, PassageCitation } from "@/lib/domain/fulltext";
import type { HypothesisSet } from "@/lib/domain/hypothesis";
import { askedQuantities } from "@/lib/text/quantities";
import { formatMarker } from "@/lib/grounding/markers";
import { recordRelations } from "./relations";
import {
  bodyRelations,
  findingPlace,
  findingText,
  fullTextFindings,
  passageCitation,
  type FullTextFinding,
} from "./full-text";

/**
 * What the full texts add to an extractive report: lines for the clinical findings, the summary's answer, citations.
 */
export interface FullTextReport {
  /** "Read in full: …" and one bullet per quoted sentence ("- <sentence> [n] (full text, 3. Results)"). */
  lines: string[];
  /** The best sentence, for the executive summary, when the question asks for a number (null otherwise). */
  answer: string | null;
  citations: PassageCitation[];
}

/** "- sentence [n] (full text, 1. Case)": a quoted full-text sentence with its marker and place. */
function bullet(text: string, n: number, place: string): string {
  const m = /^([\s\S]*?)([.!?…]+)$/.exec(text);
  return m ? `${m[1]} [${n}] (${place})${m[2]}` : `${text} [${n}] (${place}).`;
}

/**
 * The full-text part of an extractive report: the records read in full, the body sentences that answer the question
 * (fullTextFindings: BM25 against the question and hypotheses, results and tables first, the numbers the question
 * asks for) and the chemical–disease relations the relation model reads in the body but not in the abstract
 * (bodyRelations), each quoted with its record's [n] marker (`cite`) and where it stands; every quoted sentence's
 * passage is cited in the report's data. Empty when no record was read in full.
 */
export function fullTextReport(
  question: string,
  evidence: Evidence[],
  fullTexts: ReadonlyMap<string, FullText> | undefined,
  hypotheses: HypothesisSet,
  cite: (record: number) => number,
): FullTextReport {
  const read = evidence.flatMap((e, r) => (fullTexts?.has(e.id) ? [r] : []));
  if (!fullTexts || read.length === 0) return { lines: [], answer: null, citations: [] };
  const findings = fullTextFindings(question, evidence, fullTexts, hypotheses);
  const abstractPairs = (r: number) =>
    new Set(
      recordRelations(evidence[r])
        .filter((p) => p.relation !== "none" && !p.negated)
        .map((p) => `${p.chemicalId}|${p.diseaseId}`),
    );
  const quoted = new Set(findings.map((f) => f.sentence.passage.id + f.sentence.n));
  const relations = bodyRelations(evidence, fullTexts, abstractPairs).filter(
    (b) => !quoted.has(b.sentence.passage.id + b.sentence.n),
  );
  const citations: PassageCitation[] = [];
  const line = (record: number, f: Pick<FullTextFinding, "sentence">) => {
    citations.push(passageCitation(evidence[record], f.sentence));
    return bullet(findingText(f.sentence), cite(record), findingPlace(f.sentence));
  };
  const lines = [
    `Read in full: ${read.length} of ${evidence.length} records ${formatMarker(read.slice(0, 5).map(cite))}; their ` +
      "bodies, tables and figure captions were searched besides the abstracts.",
    ...findings.map((f) => `- ${line(f.record, f)}`),
    ...relations
      .slice(0, 3)
      .map(
        (b) =>
          `- The relation model reads ${b.chemical} as ${b.relation === "causes" ? "causing" : "treating"} ` +
          `${b.disease} in the body of this full text, not its abstract: ${line(b.record, b)}`,
      ),
  ];
  const answer =
    askedQuantities(question).size > 0 && findings[0]?.quantities.length
      ? bullet(findingText(findings[0].sentence), cite(findings[0].record), findingPlace(findings[0].sentence))
      : null;
  return { lines: findings.length + relations.length > 0 ? lines : [lines[0]], answer, citations };
}
