import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postFollowUp } from "@/lib/chat/post-message";
import { reportVersions } from "@/lib/chat/report-versions";
import { listMessages } from "@/lib/db/messages";
import { getReport, getRun, listRunEvents, type RunSummary } from "@/lib/db/runs";
import { cancelRun } from "@/lib/runs/lifecycle";
import { startResearchRun } from "@/lib/research/start";
import { importCorpus, useTempDatabase } from "../../support/temp-database";
import { readAnswer } from "../../support/chat";

const QUESTION = "Is lithium nephrotoxic, and by what mechanism?";

describe("research follow-ups: a new iteration of the same run, and report v2 (extractive, in process)", () => {
  let cleanup: () => void;
  let run: RunSummary;
  beforeAll(async () => {
    ({ cleanup } = await useTempDatabase("chat-research"));
    await importCorpus();
    const { runId, done } = await startResearchRun({ question: QUESTION, sources: ["local"], maxIterations: 2 });
    expect((await done).status).toBe("completed");
    run = (await getRun(runId))!;
  }, 120_000);
  afterAll(() => cleanup());

  it("“What about children?” searches again, judges, and writes report v2 with what changed", async () => {
    const before = await listRunEvents(run.id);
    expect(before.at(-1)!.seq).toBe(22);
    const a = await readAnswer(await postFollowUp(run, { text: "What about children?" }, { model: null }));
    expect(a.kind).toEqual({ kind: "research", reason: "asks about a topic beyond the evidence (“what about …”)", references: [], focus: "children" });
    const iteration = a.chunks.find((c) => c.type === "data-research-iteration");
    expect(iteration).toMatchObject({ data: { iteration: 3, fromSeq: 22, queries: ["lithium children", "children"] } });
    // The iteration's own run events stream in the answer, as on the run's stream.
    const searches = a.chunks.flatMap((c) => (c.type === "data-search" ? [c.data] : []));
    expect(searches.map((s) => [s.iteration, s.phase, s.query, s.hits])).toEqual([
      [3, "question", "lithium children", 40],
      [3, "question", "children", 40],
    ]);
    expect(a.chunks.find((c) => c.type === "data-run-finished")).toMatchObject({ data: { status: "completed", message: null } });
    expect(a.chunks.find((c) => c.type === "data-report-version")).toEqual({
      type: "data-report-version",
      id: "version",
      data: {
        version: 2,
        changes: { fromVersion: 1, toVersion: 2, referencesAdded: [], referencesRemoved: [], hypotheses: [], confidenceBefore: 0.45, confidenceAfter: 0.45, newRecords: 41 },
      },
    });

    const events = await listRunEvents(run.id);
    expect(reportVersions(events).map((v) => [v.version, v.report.researchQuestion])).toEqual([
      [1, QUESTION],
      [2, `${QUESTION} Follow-up: What about children?`],
    ]);
    expect((await getReport(run.id))!.report.researchQuestion).toBe(`${QUESTION} Follow-up: What about children?`);
    expect(await getRun(run.id)).toMatchObject({ status: "completed", iterations: 3, evidenceCount: 92 });
    const saved = (await listMessages(run.id)).at(-1)!;
    expect(saved.parts.map((p) => p.type)).toEqual(["data-follow-up-kind", "data-research-iteration", "data-report-version"]);

    // Later evidence questions read the new report and the records the iteration found.
    const humans = await readAnswer(await postFollowUp((await getRun(run.id))!, { text: "Which of these studies were in humans?" }, { model: null }));
    expect(humans.text.split("\n")[0]).toMatch(/^By publication types and abstract wording, \d+ of the run's 92 records are studies in humans/);
  });

  it("is cancellable like a run, and no follow-up is accepted while it researches", async () => {
    const current = (await getRun(run.id))!;
    const stream = await postFollowUp(current, { text: "Look deeper into amiloride" }, { model: null });
    const running = (await getRun(run.id))!;
    expect(running.status).toBe("running");
    await expect(postFollowUp(running, { text: "What doses were used?" }, { model: null })).rejects.toMatchObject({ status: 409 });
    expect(cancelRun(run.id)).toBe(true);
    const a = await readAnswer(stream);
    expect(a.chunks.find((c) => c.type === "data-run-finished")).toMatchObject({ data: { status: "cancelled", message: "Run cancelled; everything found so far is kept." } });
    expect(a.chunks.some((c) => c.type === "data-report-version")).toBe(false);
    expect((await getRun(run.id))!.status).toBe("cancelled");
    expect(reportVersions(await listRunEvents(run.id))).toHaveLength(2);
  });
});
