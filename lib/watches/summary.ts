import type { Evidence } from "@/lib/domain/evidence";
import type { ResearchReport } from "@/lib/domain/report";
import { designSummary } from "@/lib/domain/study-design";
import { classifyStudy } from "@/lib/evidence/study-design/classify";
import type { ClaimVerdict } from "@/lib/domain/claim-check";
import type { ChangeSummary, Probe, VersionBottomLine } from "@/lib/domain/watch";
import { mergeEvidence } from "@/lib/evidence/merge";
import { provenanceOf } from "@/lib/evidence/provenance";
import { reportAnswer } from "@/lib/report/appraise/answer";
import { readQuestionEvidence } from "@/lib/reading/read";
import { studyTypeOf } from "@/lib/report/appraise/study-type";
import { standingChanges } from "./changes";

/** The bottom line of a report version as a change summary keeps it (null without a report). */
export function versionBottomLine(
  question: string,
  evidence: Evidence[],
  report: ResearchReport | null,
): VersionBottomLine | null {
  const answered = reportAnswer(question, evidence, report);
  return answered
    ? { verdict: answered.answer.verdict, sentence: answered.answer.sentence, certainty: answered.certainty.level }
    : null;
}

/** "Probably yes", "Top candidates", … : the bottom line's sentence up to its colon. */
function verdictLabel(b: VersionBottomLine | null): string {
  if (!b) return "No report";
  const colon = b.sentence.indexOf(":");
  return colon > 0 ? b.sentence.slice(0, colon) : b.sentence;
}

function named(e: Evidence) {
  return {
    evidenceId: e.id,
    title: e.citation.title,
    pmid: e.citation.pmid,
    nctId: e.citation.nctId,
    source: e.citation.source,
    studyType: studyTypeOf(e).label,
  };
}

function pmidList(pmids: string[]): string {
  return pmids.map((p) => `PMID ${p}`).join(", ");
}

/** "Active, not recruiting" from the registry's "ACTIVE_NOT_RECRUITING"; "unknown" for none. */
export function trialStatusLabel(status: string | null): string {
  if (!status) return "unknown";
  const words = status.toLowerCase().replaceAll("_", " ");
  return (words.charAt(0).toUpperCase() + words.slice(1)).replace(/^Active not recruiting$/, "Active, not recruiting");
}

/** What one changed standing says, e.g. "retracted (retraction notice PMID 39990001)". */
function standingDetail(
  change: "retracted" | "expression-of-concern" | "erratum" | "superseded",
  after: Evidence,
): string {
  const p = provenanceOf(after);
  switch (change) {
    case "retracted":
      return `retracted${p.retractionIn.length ? ` (retraction notice ${pmidList(p.retractionIn)})` : ""}`;
    case "expression-of-concern":
      return (
        `expression of concern ` +
        `published${p.expressionOfConcernIn.length ? ` (${pmidList(p.expressionOfConcernIn)})` : ""}`
      );
    case "erratum":
      return `erratum published${p.erratumIn.length ? ` (${pmidList(p.erratumIn)})` : ""}`;
    case "superseded":
      return (
        `superseded by ` +
        `${p.updateIn.length ? pmidList(p.updateIn) : `its published version PMID ${p.publishedVersion?.pmid}`}`
      );
  }
}

/** The records whose standing changed (probe.updated), and trials whose status or results changed. */
function standingOf(
  probe: Probe,
  citedBefore: ReadonlySet<string>,
  cited: ReadonlySet<string>,
): Pick<ChangeSummary, "updatedRecords" | "trials"> {
  const updatedRecords: ChangeSummary["updatedRecords"] = [];
  const trials: ChangeSummary["trials"] = [];
  for (const { before, after } of probe.updated) {
    const changes = standingChanges(before, after);
    for (const change of changes) {
      if (change === "trial-status" || change === "trial-results") continue;
      updatedRecords.push({
        ...named(after),
        change,
        detail: standingDetail(change, after),
        removedFromReport: citedBefore.has(after.id) && !cited.has(after.id),
      });
    }
    if (before.trial && after.trial && (changes.includes("trial-status") || changes.includes("trial-results"))) {
      const parts = [
        changes.includes("trial-status")
          ? `status ${trialStatusLabel(before.trial.overallStatus)} → ${trialStatusLabel(after.trial.overallStatus)}`
          : "",
        changes.includes("trial-results") ? "results posted" : "",
      ].filter(Boolean);
      trials.push({
        ...named(after),
        before: { status: before.trial.overallStatus, hasResults: before.trial.hasResults },
        after: { status: after.trial.overallStatus, hasResults: after.trial.hasResults },
        detail: parts.join("; "),
      });
    }
  }
  return { updatedRecords, trials };
}

/**
 * The headline's list of what changed: "2 new randomized trials; PMID 123 retracted; NCT… status A → B"; by kind.
 */
function whatChanged(
  added: Evidence[],
  { updatedRecords, trials }: Pick<ChangeSummary, "updatedRecords" | "trials">,
): string {
  const what: string[] = [];
  if (added.length)
    what.push(
      ...designSummary(added.map(classifyStudy))
        .split(", ")
        .map((p) => p.replace(/^(\d+) /, "$1 new ")),
    );
  const count = (change: string) => updatedRecords.filter((r) => r.change === change);
  const retracted = count("retracted");
  if (retracted.length)
    what.push(`${retracted.map((r) => (r.pmid ? `PMID ${r.pmid}` : r.evidenceId)).join(", ")} retracted`);
  for (const [change, one, many] of [
    ["expression-of-concern", "expression of concern", "expressions of concern"],
    ["erratum", "erratum", "errata"],
    ["superseded", "record superseded", "records superseded"],
  ] as const) {
    const n = count(change).length;
    if (n) what.push(`${n} ${n === 1 ? one : many}`);
  }
  for (const t of trials) what.push(`${t.nctId ?? t.evidenceId} ${t.detail}`);
  return what.length ? what.join("; ") : "no new or changed records";
}

/** The records a check added, each with its stance on `question` and whether the new version cites it. */
function newRecordsOf(question: string, added: Evidence[], cited: ReadonlySet<string>): ChangeSummary["newRecords"] {
  const stances = readQuestionEvidence(question, added).readings;
  return added.map((e, i) => ({ ...named(e), stance: stances[i].stance, cited: cited.has(e.id) }));
}

/** References added and removed between the cited records before (the probe's) and the new version's. */
function referencesOf(
  before: Probe["before"]["references"],
  after: Array<{ evidenceId: string; title: string }>,
): ChangeSummary["references"] {
  const citedBefore = new Set(before.map((r) => r.evidenceId));
  const cited = new Set(after.map((r) => r.evidenceId));
  return {
    added: after
      .filter((r) => !citedBefore.has(r.evidenceId))
      .map((r) => ({ evidenceId: r.evidenceId, title: r.title })),
    removed: before.filter((r) => !cited.has(r.evidenceId)),
  };
}

/**
 * The change summary of a watched run's new report version (see ChangeSummary): the records the check added (the
 * run's records after the first `probe.before.evidence`), each with its stance on the question (lib/reading)
 * and whether the new report cites it; the records whose standing changed (`probe.updated`), and whether the new report
 * dropped them from its references; trials whose status or results changed; the bottom line and GRADE certainty
 * before (`probe.before`) and after (lib/report/appraise/answer.ts on the run's records now); the references added and
 * removed;
 * and a headline such as "Probably yes → Yes: 2 new randomized trials" (the verdict before → after, with each
 * side's certainty when that moved too; "Yes, certainty low → moderate" when only the certainty moved; "Yes,
 * unchanged" when neither did; then what changed, by kind).
 * Pure: the same inputs give the same summary.
 */
export function changeSummary(input: {
  question: string;
  toVersion: number;
  probe: Probe;
  evidence: Evidence[];
  report: ResearchReport | null;
}): ChangeSummary {
  const { question, probe, evidence, report } = input;
  const references = (report?.references ?? []).map((r) => ({ evidenceId: r.evidenceId, title: r.title }));
  const cited = new Set(references.map((r) => r.evidenceId));
  const added = evidence.slice(probe.before.evidence);
  const standing = standingOf(probe, new Set(probe.before.references.map((r) => r.evidenceId)), cited);

  const bottomBefore = probe.before.bottomLine;
  const bottomAfter = versionBottomLine(question, evidence, report);
  const certaintyMoved = bottomBefore?.certainty !== bottomAfter?.certainty;
  const verdictMoved = verdictLabel(bottomBefore) !== verdictLabel(bottomAfter);
  const withCertainty = (b: VersionBottomLine | null) =>
    `${verdictLabel(b)}${certaintyMoved && b ? ` (${b.certainty} certainty)` : ""}`;
  const prefix = verdictMoved
    ? `${withCertainty(bottomBefore)} → ${withCertainty(bottomAfter)}`
    : certaintyMoved
      ? `${verdictLabel(bottomAfter)}, certainty ${bottomBefore?.certainty ?? "none"} → ` +
        `${bottomAfter?.certainty ?? "none"}`
      : `${verdictLabel(bottomAfter)}, unchanged`;

  return {
    fromVersion: probe.before.version,
    toVersion: input.toVersion,
    headline: `${prefix}: ${whatChanged(added, standing)}`,
    newRecords: newRecordsOf(question, added, cited),
    ...standing,
    bottomLine: { before: bottomBefore, after: bottomAfter, moved: verdictMoved || certaintyMoved },
    references: referencesOf(probe.before.references, references),
  };
}

/**
 * The change summary of a watched claim check's new version, a new claim check run (`runId`) on the same text: each
 * claim's verdict before (`probe.before.claims`) and after; the records the new run found that the previous version
 * had not (by PMID, DOI, PMCID, NCT ID), each with its stance on the claim; standing changes and trials as for a
 * research run (a record "removed" when the previous verdicts cited it and the new ones do not); the headline names
 * the verdicts that moved ("Claim 1 supports → undecided") or "Verdicts unchanged", then what changed. No bottom line
 * (a claim check has verdicts instead). Pure.
 */
export function claimChangeSummary(input: {
  runId: string;
  toVersion: number;
  probe: Probe;
  previousEvidence: Evidence[];
  evidence: Evidence[];
  claims: Array<{ claim: string; verdict: ClaimVerdict }>;
  cited: Array<{ evidenceId: string; title: string }>;
}): ChangeSummary {
  const { probe } = input;
  const added = mergeEvidence(input.previousEvidence, input.evidence).added;
  const cited = new Set(input.cited.map((r) => r.evidenceId));
  const standing = standingOf(probe, new Set(probe.before.references.map((r) => r.evidenceId)), cited);
  const before = probe.before.claims ?? [];
  const claims = [...new Set([...before.map((c) => c.claim), ...input.claims.map((c) => c.claim)])].map((claim) => ({
    claim,
    before: before.find((c) => c.claim === claim)?.verdict ?? null,
    after: input.claims.find((c) => c.claim === claim)?.verdict ?? null,
  }));
  const moved = claims.filter((c) => c.before !== c.after);
  const prefix = moved.length
    ? moved.map((c) => `Claim ${claims.indexOf(c) + 1} ${c.before ?? "none"} → ${c.after ?? "none"}`).join("; ")
    : "Verdicts unchanged";
  return {
    fromVersion: probe.before.version,
    toVersion: input.toVersion,
    headline: `${prefix}: ${whatChanged(added, standing)}`,
    newRecords: newRecordsOf(input.claims[0]?.claim ?? before[0]?.claim ?? "", added, cited),
    ...standing,
    bottomLine: { before: null, after: null, moved: moved.length > 0 },
    references: referencesOf(probe.before.references, input.cited),
    claims,
    runId: input.runId,
  };
}

/** How a stance reads in a summary line. */
const STANCE_WORDS: Record<ChangeSummary["newRecords"][number]["stance"], string> = {
  yes: "points yes",
  possibly: "points possibly yes",
  no: "points no",
  related: "reports a related concept",
  unreported: "names both but does not report it",
  irrelevant: "does not bear on the question",
};

/** A record's identifier as a summary names it: "PMID 123", else its NCT ID, else its key. */
function idOf(r: { pmid: string | null; nctId: string | null; evidenceId: string }): string {
  return r.pmid ? `PMID ${r.pmid}` : (r.nctId ?? r.evidenceId);
}

/**
 * A change summary as plain-text lines (the Atom feed's entries and the webhook receiver's log read the same): the
 * headline, one line per new record with its stance, per record whose standing changed, per trial, per claim (a claim
 * check's verdicts), then the bottom line before → after and the references added and removed.
 */
export function summaryLines(s: ChangeSummary): string[] {
  const lines = [s.headline];
  for (const r of s.newRecords)
    lines.push(
      `New: ${idOf(r)} “${r.title}” (${r.studyType.toLowerCase()}): ` +
        `${STANCE_WORDS[r.stance]}${r.cited ? "; cited in the report" : ""}.`,
    );
  for (const r of s.updatedRecords)
    lines.push(`${idOf(r)} “${r.title}”: ${r.detail}${r.removedFromReport ? "; removed from the report" : ""}.`);
  for (const t of s.trials) lines.push(`${idOf(t)} “${t.title}”: ${t.detail}.`);
  (s.claims ?? []).forEach((c, i) =>
    lines.push(
      `Claim ${i + 1} “${c.claim}”: ` +
        (c.before === c.after ? `${c.after ?? "none"}, unchanged` : `${c.before ?? "none"} → ${c.after ?? "none"}`) +
        `.`,
    ),
  );
  const { before, after, moved } = s.bottomLine;
  if (moved && (before || after))
    lines.push(`Bottom line: ${before?.sentence ?? "none"} → ${after?.sentence ?? "none"}`);
  else if (after) lines.push(`Bottom line unchanged: ${after.sentence}`);
  lines.push(
    `References: ${s.references.added.length} added, ${s.references.removed.length} removed (report ` +
      `v${s.fromVersion} → v${s.toVersion}).`,
  );
  return lines;
}
