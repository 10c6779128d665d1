import type { Evidence } from "@/lib/domain/evidence";
import type { ResearchReport } from "@/lib/domain/report";
import { classifyStudy, designSummary } from "@/lib/domain/study-design";
import type { ChangeSummary, Probe, VersionBottomLine } from "@/lib/domain/watch";
import { provenanceOf } from "@/lib/evidence/provenance";
import { reportAnswer } from "@/lib/report/answer";
import { readRecordStances } from "@/lib/report/record-stance";
import { studyTypeOf } from "@/lib/report/study-type";
import { standingChanges } from "./changes";

/** The bottom line of a report version as a change summary keeps it (null without a report). */
export function versionBottomLine(question: string, evidence: Evidence[], report: ResearchReport | null): VersionBottomLine | null {
  const answered = reportAnswer(question, evidence, report);
  return answered ? { verdict: answered.answer.verdict, sentence: answered.answer.sentence, certainty: answered.certainty.level } : null;
}

/** "Probably yes", "Top candidates", … : the bottom line's sentence up to its colon. */
function verdictLabel(b: VersionBottomLine | null): string {
  if (!b) return "No report";
  const colon = b.sentence.indexOf(":");
  return colon > 0 ? b.sentence.slice(0, colon) : b.sentence;
}

function named(e: Evidence) {
  return { evidenceId: e.id, title: e.citation.title, pmid: e.citation.pmid, nctId: e.citation.nctId, source: e.citation.source, studyType: studyTypeOf(e).label };
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
function standingDetail(change: "retracted" | "expression-of-concern" | "erratum" | "superseded", after: Evidence): string {
  const p = provenanceOf(after);
  switch (change) {
    case "retracted":
      return `retracted${p.retractionIn.length ? ` (retraction notice ${pmidList(p.retractionIn)})` : ""}`;
    case "expression-of-concern":
      return `expression of concern published${p.expressionOfConcernIn.length ? ` (${pmidList(p.expressionOfConcernIn)})` : ""}`;
    case "erratum":
      return `erratum published${p.erratumIn.length ? ` (${pmidList(p.erratumIn)})` : ""}`;
    case "superseded":
      return `superseded by ${p.updateIn.length ? pmidList(p.updateIn) : `its published version PMID ${p.publishedVersion?.pmid}`}`;
  }
}

/**
 * The change summary of a watched run's new report version (see ChangeSummary): the records the check added (the
 * run's records after the first `probe.before.evidence`), each with its stance on the question (readRecordStances)
 * and whether the new report cites it; the records whose standing changed (`probe.updated`), and whether the new report
 * dropped them from its references; trials whose status or results changed; the bottom line and GRADE certainty
 * before (`probe.before`) and after (lib/report/answer.ts on the run's records now); the references added and removed;
 * and a headline such as "Probably yes → Yes: 2 new randomized trials" (the verdict before → after, with each side's
 * certainty when that moved too; "Yes, certainty low → moderate" when only the certainty moved; "Yes, unchanged"
 * when neither did; then what changed, by kind).
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
  const cited = new Set((report?.references ?? []).map((r) => r.evidenceId));
  const citedBefore = new Set(probe.before.references.map((r) => r.evidenceId));
  const added = evidence.slice(probe.before.evidence);
  const stances = readRecordStances(question, added);
  const newRecords = added.map((e, i) => ({ ...named(e), stance: stances[i].stance, cited: cited.has(e.id) }));

  const updatedRecords: ChangeSummary["updatedRecords"] = [];
  const trials: ChangeSummary["trials"] = [];
  for (const { before, after } of probe.updated) {
    const changes = standingChanges(before, after);
    for (const change of changes) {
      if (change === "trial-status" || change === "trial-results") continue;
      updatedRecords.push({ ...named(after), change, detail: standingDetail(change, after), removedFromReport: citedBefore.has(after.id) && !cited.has(after.id) });
    }
    if (before.trial && after.trial && (changes.includes("trial-status") || changes.includes("trial-results"))) {
      const parts = [
        changes.includes("trial-status") ? `status ${trialStatusLabel(before.trial.overallStatus)} → ${trialStatusLabel(after.trial.overallStatus)}` : "",
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

  const bottomBefore = probe.before.bottomLine;
  const bottomAfter = versionBottomLine(question, evidence, report);
  const certaintyMoved = bottomBefore?.certainty !== bottomAfter?.certainty;
  const verdictMoved = verdictLabel(bottomBefore) !== verdictLabel(bottomAfter);
  const moved = verdictMoved || certaintyMoved;
  const withCertainty = (b: VersionBottomLine | null) => `${verdictLabel(b)}${certaintyMoved && b ? ` (${b.certainty} certainty)` : ""}`;

  const what: string[] = [];
  if (added.length) what.push(...designSummary(added.map(classifyStudy)).split(", ").map((p) => p.replace(/^(\d+) /, "$1 new ")));
  const count = (change: string) => updatedRecords.filter((r) => r.change === change);
  const retracted = count("retracted");
  if (retracted.length) what.push(`${retracted.map((r) => (r.pmid ? `PMID ${r.pmid}` : r.evidenceId)).join(", ")} retracted`);
  for (const [change, one, many] of [
    ["expression-of-concern", "expression of concern", "expressions of concern"],
    ["erratum", "erratum", "errata"],
    ["superseded", "record superseded", "records superseded"],
  ] as const) {
    const n = count(change).length;
    if (n) what.push(`${n} ${n === 1 ? one : many}`);
  }
  for (const t of trials) what.push(`${t.nctId ?? t.evidenceId} ${t.detail}`);
  const prefix = verdictMoved
    ? `${withCertainty(bottomBefore)} → ${withCertainty(bottomAfter)}`
    : certaintyMoved
      ? `${verdictLabel(bottomAfter)}, certainty ${bottomBefore?.certainty ?? "none"} → ${bottomAfter?.certainty ?? "none"}`
      : `${verdictLabel(bottomAfter)}, unchanged`;

  return {
    fromVersion: probe.before.version,
    toVersion: input.toVersion,
    headline: `${prefix}: ${what.length ? what.join("; ") : "no new or changed records"}`,
    newRecords,
    updatedRecords,
    trials,
    bottomLine: { before: bottomBefore, after: bottomAfter, moved },
    references: {
      added: (report?.references ?? []).filter((r) => !citedBefore.has(r.evidenceId)).map((r) => ({ evidenceId: r.evidenceId, title: r.title })),
      removed: probe.before.references.filter((r) => !cited.has(r.evidenceId)),
    },
  };
}

/** How a stance reads in a summary line. */
const STANCE_WORDS: Record<ChangeSummary["newRecords"][number]["stance"], string> = {
  yes: "points yes",
  possibly: "points possibly yes",
  no: "points no",
  irrelevant: "does not bear on the question",
};

/** A record's identifier as a summary names it: "PMID 123", else its NCT ID, else its key. */
function idOf(r: { pmid: string | null; nctId: string | null; evidenceId: string }): string {
  return r.pmid ? `PMID ${r.pmid}` : (r.nctId ?? r.evidenceId);
}

/**
 * A change summary as plain-text lines (the Atom feed's entries and the webhook receiver's log read the same): the
 * headline, one line per new record with its stance, per record whose standing changed, per trial, then the bottom
 * line before → after and the references added and removed.
 */
export function summaryLines(s: ChangeSummary): string[] {
  const lines = [s.headline];
  for (const r of s.newRecords) lines.push(`New: ${idOf(r)} “${r.title}” (${r.studyType.toLowerCase()}): ${STANCE_WORDS[r.stance]}${r.cited ? "; cited in the report" : ""}.`);
  for (const r of s.updatedRecords) lines.push(`${idOf(r)} “${r.title}”: ${r.detail}${r.removedFromReport ? "; removed from the report" : ""}.`);
  for (const t of s.trials) lines.push(`${idOf(t)} “${t.title}”: ${t.detail}.`);
  if (s.bottomLine.moved) lines.push(`Bottom line: ${s.bottomLine.before?.sentence ?? "none"} → ${s.bottomLine.after?.sentence ?? "none"}`);
  else if (s.bottomLine.after) lines.push(`Bottom line unchanged: ${s.bottomLine.after.sentence}`);
  lines.push(`References: ${s.references.added.length} added, ${s.references.removed.length} removed (report v${s.fromVersion} → v${s.toVersion}).`);
  return lines;
}
