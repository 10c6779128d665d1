import type { ResearchReport } from "@/lib/domain/report";
import { designSummary } from "@/lib/domain/study-design";
import type { ReportAnswer } from "@/lib/report/appraise/answer-records";
import { answers, type RecordStance } from "@/lib/reading/stance";
import type { ReportRecord } from "@/lib/report/appraise/records";
import { formatMarker } from "@/lib/grounding/markers";

/** The stances a record can bear on the question with, and how the opening paragraph names their groups. */
const GROUPS: Array<{ stance: RecordStance; one: string; many: string }> = [
  { stance: "yes", one: "points yes", many: "point yes" },
  { stance: "possibly", one: "points possibly yes", many: "point possibly yes" },
  { stance: "no", one: "points no", many: "point no" },
];

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The records of one stance as "2 case reports or series and 1 animal study [1, 3]" (markers for the cited ones). */
function group(records: ReportRecord[]): string {
  const designs = designSummary(
    records.map((r) => ({ design: r.studyType, level: null, human: false, mechanistic: false })),
  );
  const cited = records.flatMap((r) => (r.referenceNumber === null ? [] : [r.referenceNumber]));
  const list = designs.replace(/, ([^,]*)$/, " and $1");
  return cited.length > 0 ? `${list} ${formatMarker(cited)}` : list;
}

/**
 * The report's opening paragraph in Critica's own words (Markdown with [n] markers), after the bottom line's sentence:
 * what the answer rests on — how many records bear on the question, which way each group points and what kinds of
 * study they are, with the cited ones' markers — then the best-supported mechanism the report tested, and the GRADE
 * certainty. Example: "Of the 51 records found, 5 bear on the question: 4 point possibly yes (3 case reports or
 * series and 1 animal study [1, 3, 5]) and 1 points no (1 animal study [2]). The best-supported mechanism is lithium
 * → AQP2 → … (2 supporting records, none contradicting). Certainty of the evidence: low." Pure.
 */
export function openingParagraph(answer: ReportAnswer, records: ReportRecord[], report: ResearchReport): string {
  const bearing = records.filter((r) => answers(r.stance));
  const found = `Of the ${count(records.length, "record", "records")} found`;
  const groups = GROUPS.flatMap(({ stance, one, many }) => {
    const of = bearing.filter((r) => r.stance === stance);
    return of.length === 0 ? [] : [`${of.length} ${of.length === 1 ? one : many} (${group(of)})`];
  });
  const sentences = [
    bearing.length === 0
      ? `${found}, none bears directly on the question; the report quotes the closest.`
      : `${found}, ${bearing.length} ${bearing.length === 1 ? "bears" : "bear"} on the question: ` +
        `${groups.length === 1 ? groups[0] : `${groups.slice(0, -1).join(", ")} and ${groups.at(-1)}`}.`,
  ];
  const best = [...report.hypothesesTested].sort(
    (a, b) => b.supported - a.supported || a.contradicted - b.contradicted,
  )[0];
  if (best && best.supported > 0) {
    sentences.push(
      `The best-supported mechanism is ${best.mechanism} ` +
        `(${count(best.supported, "supporting record", "supporting records")}, ` +
        `${best.contradicted === 0 ? "none" : best.contradicted} contradicting).`,
    );
  }
  if (bearing.length > 0) sentences.push(`Certainty of the evidence (GRADE): ${answer.certainty.level}.`);
  return sentences.join(" ");
}
