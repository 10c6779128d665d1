import { DESIGN_LABELS, type StudyDesign } from "@/lib/domain/study-design";
import { answers, type RecordStance } from "@/lib/reading/stance";

/**
 * GRADE's four levels of certainty of a body of evidence (Schünemann H, Brożek J, Guyatt G, Oxman A, eds. GRADE
 * Handbook for grading quality of evidence and strength of recommendations. The GRADE Working Group, 2013; §5).
 */
export type GradeLevel = "high" | "moderate" | "low" | "very low";
export const GRADE_LEVELS: readonly GradeLevel[] = ["high", "moderate", "low", "very low"];

/** The five GRADE domains for rating down (GRADE Handbook 2013 §5.2). */
export type GradeDomain = "risk of bias" | "inconsistency" | "indirectness" | "imprecision" | "publication bias";

/**
 * One record GRADE rates: its evidence id, its study design (lib/domain/study-design) and its stance on the question.
 */
export interface GradedRecord {
  id: string;
  design: StudyDesign;
  stance: RecordStance;
}

/** A domain's judgement: rated down one level (`down`) or not, why, and the records behind it. */
export interface GradeJudgement {
  domain: GradeDomain;
  down: boolean;
  reason: string;
  evidenceIds: string[];
}

/**
 * The GRADE certainty of a report's bottom line: `start` (high for randomised trials or their meta-analyses, low for
 * observational evidence, Handbook §5.1), `level` after rating down one level per serious concern (never below very
 * low), `startReason`, and the five domains' judgements in the Handbook's order. `records`: how many records bear on
 * the question (the body of evidence rated).
 */
export interface GradeCertainty {
  level: GradeLevel;
  start: "high" | "low";
  startReason: string;
  judgements: GradeJudgement[];
  records: number;
}

/** Designs that start high: randomised trials and their meta-analyses/systematic reviews (Handbook §5.1). */
const RANDOMISED: ReadonlySet<StudyDesign> = new Set(["randomized-trial", "meta-analysis", "systematic-review"]);
/** Designs in people (any design not animal, in vitro, narrative review or unclassified). */
const NOT_HUMAN: ReadonlySet<StudyDesign> = new Set(["animal", "in-vitro"]);

/**
 * Imprecision: fewer than this many records bearing on the question. The Handbook (§5.2.4) judges imprecision by
 * the optimal information size (participants and events), which abstracts do not give reliably; our proxy is the
 * record count, threshold our choice.
 */
export const IMPRECISION_MIN_RECORDS = 5;

/**
 * Inconsistency: the records pointing the less common way (yes vs no) are at least this share of those pointing
 * either way. The Handbook (§5.2.2) asks whether point estimates vary widely; our proxy is the split of directions,
 * threshold our choice.
 */
export const INCONSISTENCY_MIN_SHARE = 0.25;

function plural(n: number, design: StudyDesign): string {
  return `${n} ${DESIGN_LABELS[design][n === 1 ? 0 : 1]}`;
}

function designList(records: GradedRecord[]): string {
  const counts = new Map<StudyDesign, number>();
  for (const r of records) counts.set(r.design, (counts.get(r.design) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([d, n]) => plural(n, d))
    .join(", ");
}

/**
 * Rates the certainty of the evidence behind a bottom line with GRADE (Schünemann et al., GRADE Handbook, 2013),
 * over the records that answer the question (stance yes, possibly or no; related evidence, records that do not report
 * the effect and irrelevant ones are not rated, so a record naming both without reporting it is never "inconsistency"):
 * - start high when a randomised trial or meta-analysis is among them, else low (observational evidence);
 * - risk of bias: down when case reports or series are at least half of the records (§5.2.1; uncontrolled designs);
 * - inconsistency: down when records point both ways, the minority at least {@link INCONSISTENCY_MIN_SHARE} (§5.2.2);
 * - indirectness: down when every record is animal or in vitro work (§5.2.3; a different population than people);
 * - imprecision: down when fewer than {@link IMPRECISION_MIN_RECORDS} records bear on the question (§5.2.4);
 * - publication bias: never down, stated as not assessed (§5.2.5 needs unpublished or registered results, or a
 *   funnel plot of ≥ 10 studies' effect sizes, which abstracts do not give).
 * Each judgement lists the records behind it. No record bearing on the question gives "very low".
 */
export function gradeCertainty(all: GradedRecord[]): GradeCertainty {
  const rated = all.filter((r) => answers(r.stance));
  const randomised = rated.filter((r) => RANDOMISED.has(r.design));
  const start = randomised.length > 0 ? "high" : "low";
  const related = all.filter((r) => r.stance === "related").length;
  const startReason =
    rated.length === 0
      ? related > 0
        ? `No record reports the effect asked about itself; ${related} report a related one ` +
          `(indirect evidence, not rated).`
        : "No record bears on the question."
      : randomised.length > 0
        ? `Starts high: the evidence includes ${designList(randomised)} (of ${rated.length} records).`
        : `Starts low: no randomised trial or meta-analysis; the evidence is ${designList(rated)}.`;
  const ids = (rs: GradedRecord[]) => rs.map((r) => r.id);

  const caseReports = rated.filter((r) => r.design === "case-report");
  const bias = rated.length > 0 && caseReports.length * 2 >= rated.length;
  const yes = rated.filter((r) => r.stance === "yes");
  const no = rated.filter((r) => r.stance === "no");
  const minority = yes.length <= no.length ? yes : no;
  const inconsistent = minority.length > 0 && minority.length / (yes.length + no.length) >= INCONSISTENCY_MIN_SHARE;
  const nonHuman = rated.filter((r) => NOT_HUMAN.has(r.design));
  const indirect = rated.length > 0 && nonHuman.length === rated.length;
  const imprecise = rated.length < IMPRECISION_MIN_RECORDS;

  const judgements: GradeJudgement[] = [
    {
      domain: "risk of bias",
      down: bias,
      reason: bias
        ? `Case reports or series are ${caseReports.length} of ${rated.length} records: uncontrolled observations.`
        : "Not rated down: case reports or series are not the main evidence.",
      evidenceIds: bias ? ids(caseReports) : [],
    },
    {
      domain: "inconsistency",
      down: inconsistent,
      reason: inconsistent
        ? `Records point both ways: ${yes.length} yes, ${no.length} no.`
        : "Not rated down: the records do not point both ways.",
      evidenceIds: inconsistent ? ids(minority) : [],
    },
    {
      domain: "indirectness",
      down: indirect,
      reason: indirect
        ? `Only animal or in vitro evidence (${designList(nonHuman)}): no study in people.`
        : "Not rated down: the evidence includes studies in people.",
      evidenceIds: indirect ? ids(nonHuman) : [],
    },
    {
      domain: "imprecision",
      down: imprecise,
      reason: imprecise
        ? `Few records: ${rated.length} ${rated.length === 1 ? "bears" : "bear"} on the question (fewer than ` +
          `${IMPRECISION_MIN_RECORDS}).`
        : `Not rated down: ${rated.length} records bear on the question.`,
      evidenceIds: imprecise ? ids(rated) : [],
    },
    {
      domain: "publication bias",
      down: false,
      reason: "Not assessed: abstracts give no effect sizes for a funnel plot and no unpublished results.",
      evidenceIds: [],
    },
  ];
  const startIndex = start === "high" ? 0 : 2;
  const downs = judgements.filter((j) => j.down).length;
  const level = rated.length === 0 ? "very low" : GRADE_LEVELS[Math.min(GRADE_LEVELS.length - 1, startIndex + downs)];
  return { level, start, startReason, judgements, records: rated.length };
}
