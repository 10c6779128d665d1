import { describe, expect, it } from "vitest";
import { NO_MATCH_CEILING, scoreNewRecords } from "@/lib/evidence/prompt-context/relevance";
import { createExtractiveBackend } from "@/lib/research/agents/extractive";
import { runResearch } from "@/lib/research/mode";
import { toReportRecords } from "@/lib/report/appraise/records";
import type { LiteratureSource } from "@/lib/sources/types";
import { loadCorpus, searchCorpus } from "@/tests/support/corpus";
import { memoryRecorder } from "@/tests/support/memory-run";

const QUESTION = "How does lithium cause nephrogenic diabetes insipidus?";

/** Real BC5CDR records: the first six that mention lithium, and two that share no word with the question. */
function records() {
  const lithium = searchCorpus("lithium").slice(0, 6);
  const offTopic = loadCorpus()
    .filter((e) => !/lithium|diabetes|insipidus|nephrogenic|cause/i.test(`${e.citation.title} ${e.citation.abstract}`))
    .slice(0, 2);
  // The question's search found four lithium records (source ranks 1, 0.75, 0.5, 0.25); a follow-up search found an
  // off-topic record first (rank 1), then "Persistent nephrogenic diabetes insipidus following lithium therapy" (0.5).
  const known = lithium.slice(0, 4).map((e, i) => ({ ...e, relevance: (4 - i) / 4 }));
  const followUp = [
    { ...offTopic[0], relevance: 1 },
    { ...lithium[4], relevance: 0.5 },
    { ...offTopic[1], relevance: 0.5 },
    { ...lithium[5], relevance: 0.25 },
  ];
  return { known, followUp };
}

describe("relevance to the question of newly found records", () => {
  it("ranks a follow-up search's records by the question, not by their rank in that search", () => {
    const { known, followUp } = records();
    const scored = scoreNewRecords(QUESTION, known, followUp);
    expect(scored.map((e) => [e.id, e.relevance])).toEqual([
      // The best BM25 match of all eight records: 0.1 + 0.85 × 1 + 0.05 × 0.5.
      ["pmid:9226773", 0.975],
      ["pmid:3001299", 0.6837815744972201],
      // No question term: at most NO_MATCH_CEILING, i.e. 0.1 × source rank.
      ["pmid:6436733", NO_MATCH_CEILING],
      ["pmid:6293644", 0.05],
    ]);
    expect(followUp[0].relevance).toBe(1); // the input is not changed
  });
});

describe("a research run saves each record with its relevance to the question", () => {
  it(
    "orders and scores the records of the question's search and of the follow-up searches, as the evidence table " +
      "shows them",
    async () => {
      const { known, followUp } = records();
      const queries: string[] = [];
      const source: LiteratureSource = {
        id: "local",
        search: async (query) => {
          queries.push(query);
          return query === QUESTION ? known : followUp;
        },
      };
      const recorder = memoryRecorder();
      const outcome = await runResearch({
        question: QUESTION,
        sourceIds: ["local"],
        sources: [source],
        backend: createExtractiveBackend(),
        maxIterations: 3,
        timeoutMs: 5_000,
        recorder,
      });
      expect(outcome.status).toBe("completed");
      // The question's search, then the hypotheses' targeted searches and the judge's (extractive backend, 3
      // iterations).
      expect(queries).toEqual([
        QUESTION,
        // The effect is the concept the question names (Diabetes Insipidus, Nephrogenic), not the broader
        // "diabetes insipidus" the records also annotate; its patients' search, asked again later, runs once.
        "lithium nephrogenic diabetes insipidus mechanism",
        "lithium nephrogenic diabetes insipidus patients cohort",
        // A chain through a process the records name (vasopressin secretion, target unknown) now gives its own
        // searches.
        "lithium vasopressin secretion",
        "vasopressin secretion nephrogenic diabetes insipidus",
        "lithium nephrogenic diabetes insipidus target",
      ]);
      const table = toReportRecords(recorder.saved, outcome.report?.references ?? [], QUESTION);
      expect(table.map((r) => [r.id, r.relevance])).toEqual([
        // The question's search, by question relevance: its source-rank-1 record (pmid:6794356, a newborn's valve
        // regurgitation) comes second; the case of lithium-induced diabetes insipidus is first (0.1 + 0.85 + 0.05 ×
        // 0.75).
        ["pmid:1141447", 0.9874999999999999],
        ["pmid:6794356", 0.18717208967046406],
        ["pmid:17042884", 0.1585703268870358],
        ["pmid:18441470", 0.15274638036722313],
        // The first follow-up search, scored on the run's records so far: its off-topic top hit gets 0.1, not 1.
        ["pmid:9226773", 0.975],
        ["pmid:3001299", 0.6837815744972201],
        ["pmid:6436733", 0.1],
        ["pmid:6293644", 0.05],
      ]);
    },
  );
});
