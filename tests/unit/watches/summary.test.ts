import { describe, expect, it } from "vitest";
import type { Evidence } from "@/lib/domain/evidence";
import type { Probe } from "@/lib/domain/watch";
import type { ResearchReport } from "@/lib/domain/report";
import { parseCtgovStudies } from "@/lib/sources/parse/ctgov";
import { parsePubmedXml } from "@/lib/sources/parse/pubmed-xml";
import { sortFound, standingChanges } from "@/lib/watches/changes";
import { changeSummary, claimChangeSummary, summaryLines, versionBottomLine } from "@/lib/watches/summary";
import { readFixture, readJsonFixture } from "@/tests/support/fixtures";
import { NEW_TRIAL, newTrialArticle, retractedTrialArticle, WATCH_QUESTION } from "@/tests/support/watch-scenario";

const article = (xml: string): Evidence =>
  parsePubmedXml(`<?xml version="1.0"?><PubmedArticleSet>${xml}</PubmedArticleSet>`, "pubmed")[0];
const recorded = parsePubmedXml(readFixture("pubmed/efetch_pharmacology_25records_ASSEMBLED.xml"), "pubmed");
const studies = parseCtgovStudies(readJsonFixture("ctgov/studies_v2_full_drug_trials_4_ASSEMBLED.json"), "ctgov");
const get73 = studies.find((s) => s.citation.nctId === "NCT03418623")!;
const activeGet73: Evidence = {
  ...get73,
  trial: { ...get73.trial!, overallStatus: "ACTIVE_NOT_RECRUITING", hasResults: false },
};

/** A report citing the given records (only what the summary reads: references and drug candidates). */
function report(cited: Evidence[]): ResearchReport {
  return {
    references: cited.map((e, i) => ({ n: i + 1, evidenceId: e.id, title: e.citation.title })),
    drugCandidates: [],
  } as unknown as ResearchReport;
}

function probe(runEvidence: Evidence[], found: Evidence[], cited: Evidence[]): Probe {
  return {
    answers: [],
    sources: [{ source: "pubmed", ok: true, error: null, hits: found.length }],
    ...sortFound(runEvidence, found),
    before: {
      version: 1,
      evidence: runEvidence.length,
      bottomLine: versionBottomLine(WATCH_QUESTION, runEvidence, report(cited)),
      references: cited.map((e) => ({ evidenceId: e.id, title: e.citation.title })),
    },
  };
}

describe("what changed in a watched run's evidence", () => {
  it("reads a record's standing change: retraction, trial status and results; other edits are no change", () => {
    const trial = article(newTrialArticle());
    expect(standingChanges(trial, article(retractedTrialArticle()))).toEqual(["retracted"]);
    expect(standingChanges(trial, { ...trial, citation: { ...trial.citation, abstract: "corrected" } })).toEqual([]);
    expect(standingChanges(activeGet73, get73)).toEqual(["trial-status"]);
    expect(
      standingChanges(
        { ...get73, trial: { ...get73.trial!, hasResults: false } },
        { ...get73, trial: { ...get73.trial!, hasResults: true } },
      ),
    ).toEqual(["trial-results"]);
  });

  it("sorts what a check found into new records and changed records, deduplicated against the run", () => {
    const trial = article(newTrialArticle());
    const sorted = sortFound([...recorded, activeGet73], [recorded[0], trial, trial, get73]);
    expect(sorted.newRecords.map((e) => e.id)).toEqual(["pmid:11027905"]);
    expect(
      sorted.updated.map((u) => [u.before.trial?.overallStatus, u.after.trial?.overallStatus, u.after.id]),
    ).toEqual([["ACTIVE_NOT_RECRUITING", "COMPLETED", "nct:NCT03418623"]]);
  });

  it("a new randomized trial that points yes moves the bottom line: headline, stance, citation", () => {
    const trial = article(newTrialArticle());
    const before = probe(recorded, [trial], [recorded[0]]);
    const summary = changeSummary({
      question: WATCH_QUESTION,
      toVersion: 2,
      probe: before,
      evidence: [...recorded, trial],
      report: report([recorded[0], trial]),
    });
    // The verdict and its GRADE certainty both moved: the headline names both.
    expect(summary.headline).toBe("Unclear (very low certainty) → Yes (moderate certainty): 1 new randomized trial");
    expect(summary.newRecords).toEqual([
      {
        evidenceId: "pmid:11027905",
        title:
          "Analgesic effect of intravenous ketamine in cancer patients on morphine therapy: a randomized, " +
          "controlled, double-blind, crossover, double-dose study.",
        pmid: "11027905",
        nctId: null,
        source: "pubmed",
        studyType: "Randomized trial",
        stance: "yes",
        cited: true,
      },
    ]);
    expect(summary.bottomLine.before?.sentence).toBe(
      "Unclear: no record bears on the question (25 records read). The records retrieved cannot answer this question.",
    );
    expect(summary.bottomLine.after?.verdict).toBe("yes");
    expect(summary.references).toEqual({
      added: [{ evidenceId: "pmid:11027905", title: trial.citation.title }],
      removed: [],
    });
  });

  it("a retracted cited record is named, removed from the report, and moves the bottom line back", () => {
    const trial = article(newTrialArticle());
    const retracted = article(retractedTrialArticle());
    const runEvidence = [...recorded, trial];
    const summary = changeSummary({
      question: WATCH_QUESTION,
      toVersion: 3,
      probe: probe(runEvidence, [retracted], [trial]),
      evidence: [...recorded, retracted],
      report: report([recorded[0]]),
    });
    expect(summary.headline).toBe("Yes (moderate certainty) → Unclear (very low certainty): PMID 11027905 retracted");
    expect(summary.updatedRecords.map((r) => [r.pmid, r.change, r.detail, r.removedFromReport])).toEqual([
      ["11027905", "retracted", "retracted (retraction notice PMID 39990011)", true],
    ]);
    expect(summary.references.removed).toEqual([{ evidenceId: "pmid:11027905", title: trial.citation.title }]);
    expect(summaryLines(summary)).toEqual([
      "Yes (moderate certainty) → Unclear (very low certainty): PMID 11027905 retracted",
      `PMID 11027905 “${trial.citation.title}”: ` +
        `retracted (retraction notice PMID 39990011); removed from the report.`,
      "Bottom line: Yes: of 1 record that bears on the question, 1 point yes. → Unclear: no record bears on the " +
        "question (26 records read). The records retrieved cannot answer this question.",
      "References: 1 added, 1 removed (report v1 → v3).",
    ]);
  });

  it("a trial's status change and posted results are named with their before and after", () => {
    const summary = changeSummary({
      question: WATCH_QUESTION,
      toVersion: 2,
      probe: probe([...recorded, activeGet73], [get73], []),
      evidence: [...recorded, get73],
      report: report([]),
    });
    expect(summary.trials.map((t) => [t.nctId, t.detail])).toEqual([
      ["NCT03418623", "status Active, not recruiting → Completed"],
    ]);
    expect(summary.headline).toBe("Unclear, unchanged: NCT03418623 status Active, not recruiting → Completed");
  });

  it(
    "a watched claim check's new version: each claim's verdict before → after, the new run's new records with " +
      "their stance",
    () => {
      const trial = article(newTrialArticle());
      const claim = "Ketamine reduces pain in cancer patients on morphine.";
      const before: Probe = {
        ...probe(recorded, [trial], [recorded[0]]),
        before: {
          version: 1,
          evidence: recorded.length,
          bottomLine: null,
          references: [{ evidenceId: recorded[0].id, title: recorded[0].citation.title }],
          claims: [{ claim, verdict: "undecided" }],
          runId: "run-1",
        },
      };
      const summary = claimChangeSummary({
        runId: "run-2",
        toVersion: 2,
        probe: before,
        previousEvidence: recorded,
        evidence: [trial, ...recorded],
        claims: [{ claim, verdict: "supports" }],
        cited: [{ evidenceId: trial.id, title: trial.citation.title }],
      });
      expect(summary.headline).toBe("Claim 1 undecided → supports: 1 new randomized trial");
      expect(summary.claims).toEqual([{ claim, before: "undecided", after: "supports" }]);
      expect(summary.newRecords.map((r) => [r.pmid, r.stance, r.cited])).toEqual([[NEW_TRIAL.pmid, "yes", true]]);
      expect([summary.runId, summary.bottomLine, summary.references.removed.map((r) => r.evidenceId)]).toEqual([
        "run-2",
        { before: null, after: null, moved: true },
        [recorded[0].id],
      ]);
      expect(summaryLines(summary).slice(2)).toEqual([
        `Claim 1 “${claim}”: undecided → supports.`,
        "References: 1 added, 1 removed (report v1 → v2).",
      ]);
    },
  );
});
