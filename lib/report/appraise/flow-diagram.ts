import { SEARCH_STRATEGIES, type SearchStrategy } from "@/lib/domain/claim-check";
import type { Evidence, SourceId } from "@/lib/domain/evidence";
import { isRetracted } from "@/lib/evidence/provenance";
import type { RunEvent } from "@/lib/domain/events";
import type { ResearchReport } from "@/lib/domain/report";
import type { RecordStance, StanceReading } from "@/lib/reading/stance";

/** One reason records were set aside, with how many. */
export interface FlowCount {
  reason: string;
  n: number;
}

/**
 * The flow of records through a research run, in the boxes of the PRISMA 2020 flow diagram (Page et al., BMJ
 * 2021;372:n71), counted from the run's saved events:
 * - `identified`: records each source returned, over all searches (and `identifiedByIteration`, per iteration);
 * - `duplicatesRemoved`: records already collected under the same PMID, DOI, PMCID or NCT ID;
 * - `removedBeforeScreening`: other records set aside before the agents read them (the run's evidence cap);
 * - `screened`: records the agents read (the run's evidence);
 * - `readInFull`: screened records whose full text the report's agents read (PRISMA's "full-text articles assessed";
 *   the others were read from their titles and abstracts only);
 * - `excluded`: screened records the answer does not rest on, by eligibility reason: retracted, no abstract to read,
 *   or, by the run's reading of the question (lib/reading), not bearing on it;
 * - `included`: records the answer rests on: those the report cites (`cited`) and those it does not cite whose reading
 *   bears on the question, which the bottom line's evidence meter and GRADE count.
 * The counts add up: Σ identified = duplicatesRemoved + Σ removedBeforeScreening + screened, and
 * screened = Σ excluded + included.
 */
export interface ResearchFlow {
  identified: Partial<Record<SourceId, number>>;
  identifiedByIteration: Array<{ iteration: number; identified: Partial<Record<SourceId, number>> }>;
  duplicatesRemoved: number;
  removedBeforeScreening: FlowCount[];
  screened: number;
  readInFull: number;
  excluded: FlowCount[];
  included: number;
  cited: number;
}

/** Reason of records over the run's evidence cap (lib/research/search-step.ts MAX_RUN_EVIDENCE). */
export const OVER_CAP_REASON = "over the run's evidence cap";
export const RETRACTED_REASON = "retracted publication";
export const NO_ABSTRACT_REASON = "no abstract";
export const OFF_QUESTION_REASON = "does not bear on the question";
/** A run that ended before its report includes nothing. */
export const NO_REPORT_REASON = "the run ended before its report";

function add<K extends string>(counts: Partial<Record<K, number>>, key: K, n: number): void {
  counts[key] = (counts[key] ?? 0) + n;
}

/** Reasons with n > 0 only, in the given order. */
function nonZero(counts: FlowCount[]): FlowCount[] {
  return counts.filter((c) => c.n > 0);
}

/**
 * What the flow needs of a screened record: its evidence id, whether it has an abstract, whether it is retracted,
 * and whether the run's reading of the question finds it bears on it (its stance is not "irrelevant").
 */
export interface ScreenedRecord {
  id: string;
  hasAbstract: boolean;
  /** A retracted publication: set aside, never support (lib/evidence/provenance). */
  retracted: boolean;
  bears: boolean;
}

/**
 * The screened records as the flow needs them: a run's evidence, each with its id, abstract presence, retraction and
 * whether it bears on the question by `readings` (lib/reading readQuestionEvidence over the same evidence, in the same
 * order: the reading the report's evidence meter shows; passed in so the caller reads the evidence once).
 */
export function screenedRecords(
  evidence: Evidence[],
  readings: ReadonlyArray<Pick<StanceReading, "stance">>,
): ScreenedRecord[] {
  return evidence.map((e, i) => ({
    id: e.id,
    hasAbstract: e.citation.abstract.trim() !== "",
    retracted: isRetracted(e),
    bears: readings[i].stance !== "irrelevant",
  }));
}

/**
 * The same from the report page's compact records (lib/report/appraise/records.ts), which carry `hasAbstract`,
 * `provenance` and the reading's `stance`.
 */
export function screenedFromReportRecords(
  records: Array<{ id: string; hasAbstract: boolean; stance: RecordStance } & Pick<Evidence, "provenance">>,
): ScreenedRecord[] {
  return records.map((r) => ({
    id: r.id,
    hasAbstract: r.hasAbstract,
    retracted: isRetracted(r),
    bears: r.stance !== "irrelevant",
  }));
}

/**
 * The PRISMA flow of a research run from its events (`search`: hits per source; `evidence`: records added and
 * duplicates), its evidence records (the screened records) and its report (the cited records). A run that ended before
 * its report includes nothing. Records the report does not cite are excluded as "retracted publication" (set aside
 * before the agents, so no finding rests on them), "no abstract" when they have none, "does not bear on the question"
 * when the reading finds so; the others are included (the bottom line counts them).
 */
export function researchFlow(input: {
  events: RunEvent[];
  records: ScreenedRecord[];
  report: ResearchReport | null;
}): ResearchFlow {
  const identified: Partial<Record<SourceId, number>> = {};
  const byIteration = new Map<number, Partial<Record<SourceId, number>>>();
  let duplicatesRemoved = 0;
  let added = 0;
  for (const e of input.events) {
    if (e.type === "search") {
      add(identified, e.data.source, e.data.hits);
      const perIteration = byIteration.get(e.data.iteration) ?? {};
      add(perIteration, e.data.source, e.data.hits);
      byIteration.set(e.data.iteration, perIteration);
    } else if (e.type === "evidence") {
      duplicatesRemoved += e.data.duplicates;
      added += e.data.added.length;
    }
  }
  const total = Object.values(identified).reduce((s, n) => s + (n ?? 0), 0);
  const cited = new Set(input.report?.references.map((r) => r.evidenceId) ?? []);
  const screened = input.records.length;
  const full = new Set(input.report?.readInFull ?? []);
  const uncited = input.records.filter((e) => !cited.has(e.id));
  const retracted = uncited.filter((e) => e.retracted).length;
  const noAbstract = uncited.filter((e) => !e.retracted && !e.hasAbstract).length;
  const offQuestion = uncited.filter((e) => !e.retracted && e.hasAbstract && !e.bears).length;
  const excluded = input.report ? retracted + noAbstract + offQuestion : screened;
  return {
    identified,
    identifiedByIteration: [...byIteration.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([iteration, counts]) => ({ iteration, identified: counts })),
    duplicatesRemoved,
    removedBeforeScreening: nonZero([{ reason: OVER_CAP_REASON, n: Math.max(0, total - duplicatesRemoved - added) }]),
    screened,
    readInFull: input.records.filter((r) => full.has(r.id)).length,
    excluded: input.report
      ? nonZero([
          { reason: RETRACTED_REASON, n: retracted },
          { reason: NO_ABSTRACT_REASON, n: noAbstract },
          { reason: OFF_QUESTION_REASON, n: offQuestion },
        ])
      : nonZero([{ reason: NO_REPORT_REASON, n: screened }]),
    included: screened - excluded,
    cited: screened - uncited.length,
  };
}

/**
 * The flow of one claim of a claim check (found per search strategy → scored → above the threshold → cited), in
 * the same boxes: `identified` per strategy (hits over all sources), `removedBeforeScreening` (duplicates across
 * strategies and sources, the claim's own source and documents over the cap), `screened` (documents scored),
 * `excluded` (scored below the threshold; at or above it but without a passage verified in the abstract),
 * `included` (distinct records cited with a verified passage).
 */
export interface ClaimFlow {
  claim: number;
  identified: Record<SearchStrategy, number>;
  removedBeforeScreening: number;
  screened: number;
  excluded: FlowCount[];
  included: number;
}

/**
 * The PRISMA flow of every claim of a claim check, from its `claim-search`, `claim-scored` and `claim-verdict` events.
 */
export function claimCheckFlows(events: RunEvent[]): ClaimFlow[] {
  const flows = new Map<number, ClaimFlow>();
  const flow = (claim: number) => {
    let f = flows.get(claim);
    if (!f) {
      f = {
        claim,
        identified: { keyword: 0, semantic: 0, hyde: 0 },
        removedBeforeScreening: 0,
        screened: 0,
        excluded: [],
        included: 0,
      };
      flows.set(claim, f);
    }
    return f;
  };
  const found = new Map<number, number>();
  for (const e of events) {
    if (e.type === "claim-search") flow(e.data.claim).identified[e.data.strategy] += e.data.hits;
    else if (e.type === "claim-scored") {
      const f = flow(e.data.claim);
      found.set(e.data.claim, e.data.found);
      f.screened = e.data.scored;
      f.excluded = nonZero([
        { reason: `scored below ${e.data.threshold} of 5`, n: e.data.scored - e.data.aboveThreshold },
        { reason: "no passage verified in the abstract", n: e.data.aboveThreshold },
      ]);
    } else if (e.type === "claim-verdict") {
      const f = flow(e.data.claim);
      f.included = new Set(e.data.result.citations.map((c) => c.evidenceId)).size;
      f.excluded = nonZero(
        f.excluded.map((x) => (x.reason.startsWith("no passage") ? { ...x, n: x.n - f.included } : x)),
      );
    }
  }
  for (const f of flows.values()) {
    const hits = SEARCH_STRATEGIES.reduce((s, k) => s + f.identified[k], 0);
    f.removedBeforeScreening = Math.max(0, hits - (found.get(f.claim) ?? 0));
  }
  return [...flows.values()].sort((a, b) => a.claim - b.claim);
}
