import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveLibraryRecords } from "@/lib/db/evidence";
import { reportAnswer } from "@/lib/report/appraise/answer";
import { createExtractiveBackend } from "@/lib/research/agents/extractive";
import { runResearch } from "@/lib/research/mode";
import { createSources } from "@/lib/sources/registry";
import { readPubmedQa } from "@/lib/library/pubmedqa";
import { useTempDatabase } from "@/tests/support/temp-database";

const QUESTION = "Do mitochondria play a role in remodelling lace plant leaves during programmed cell death?";

describe("a question that names no drug", () => {
  let cleanup: () => void;
  beforeAll(async () => {
    ({ cleanup } = await useTempDatabase("non-drug-question"));
    // The library holds the 1,000 PubMedQA abstracts without their conclusions, with MeSH headings and years.
    await saveLibraryRecords(readPubmedQa().map((i) => i.record));
  }, 120_000);
  afterAll(() => cleanup());

  it("gets an extractive report that quotes and cites the abstract answering it, and a bottom line", async () => {
    const outcome = await runResearch({
      question: QUESTION,
      sourceIds: ["local"],
      sources: createSources(["local"], { treatmentQuestion: false }),
      backend: createExtractiveBackend(),
      maxIterations: 1,
      timeoutMs: 60_000,
      recorder: { emit: async () => {}, saveEvidence: async () => {} },
    });
    expect(outcome.status).toBe("completed");
    const report = outcome.report!;
    const own = report.references.find((r) => r.pmid === "21645374");
    expect(own).toBeDefined();
    expect(report.executiveSummary).toContain(
      "the question names no drug or exposure, so no mechanism chain was traced, and the records closest to it " +
        "are quoted.",
    );
    expect(report.executiveSummary).toMatch(new RegExp(`\\[${own!.n}\\]`));
    const answered = reportAnswer(QUESTION, outcome.evidence, report)!;
    expect(answered.answer.kind).toBe("yes-no");
    // PubMedQA gold answer: yes. Only the lace plant abstract bears on the question; its findings are hedged.
    expect([answered.answer.verdict, answered.answer.meter]).toEqual([
      "probably yes",
      { yes: 0, possibly: 1, no: 0, related: 0, unreported: 0, irrelevant: 39 },
    ]);
  }, 120_000);
});
