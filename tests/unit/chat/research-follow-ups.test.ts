import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { postFollowUp } from "@/lib/chat/post-message";
import { reportVersions } from "@/lib/chat/report-versions";
import { versionPage } from "@/lib/chat/version-page";
import { answerFromRecords } from "@/lib/report/appraise/answer-records";
import { openingParagraph } from "@/lib/report/render/opening";
import { listMessages } from "@/lib/db/messages";
import { getReport, getRun, listRunEvents, type RunSummary } from "@/lib/db/runs";
import { cancelRun } from "@/lib/runs/lifecycle";
import { exportRun } from "@/lib/export/report";
import { createShareLink, getSharedSnapshot } from "@/lib/db/share-links";
import { getRunEvidence } from "@/lib/db/runs";
import { getRunDetail, snapshotToDetail } from "@/lib/runs/projections";
import { toRunSnapshot } from "@/lib/runs/snapshot";
import { research, registry } from "@/lib/modes";
import { startRun } from "@/lib/runs/start";
import { importCorpus, useTempDatabase } from "@/tests/support/temp-database";
import { readAnswer } from "@/tests/support/chat";

const QUESTION = "Is lithium nephrotoxic, and by what mechanism?";

describe("research follow-ups: a new iteration of the same run, and report v2 (extractive, in process)", () => {
  let cleanup: () => void;
  let run: RunSummary;
  beforeAll(async () => {
    // The corpus's records carry PMCIDs: without this the runs would fetch their full texts from Europe PMC's real
    // address (a unit test asks no network; the full-text fetch has its own tests on the fixture server).
    vi.stubEnv("CRITICA_FULL_TEXT", "off");
    ({ cleanup } = await useTempDatabase("chat-research"));
    await importCorpus();
    const { runId, done } = await startRun(research, { question: QUESTION, sources: ["local"], maxIterations: 2 });
    expect((await done).status).toBe("completed");
    run = (await getRun(runId))!;
  }, 120_000);
  afterAll(() => {
    vi.unstubAllEnvs();
    cleanup();
  });

  it("“What about children?” searches again, judges, and writes report v2 with what changed", async () => {
    const before = await listRunEvents(run.id);
    // 20 events: with 5 human records on lithium and kidney diseases (diabetes insipidus is one) the clinical score is
    // 5, so the judge asks for no patients' search and the second iteration searches nothing (it did: 22 events).
    expect(before.at(-1)!.seq).toBe(20);
    const a = await readAnswer(
      await postFollowUp(run, { text: "What about children?" }, { mode: research, model: null }),
    );
    expect(a.kind).toEqual({
      kind: "research",
      reason: "asks about a topic beyond the evidence (“what about …”)",
      references: [],
      focus: "children",
      decidedBy: "rules",
    });
    const iteration = a.chunks.find((c) => c.type === "data-research-iteration");
    expect(iteration).toMatchObject({ data: { iteration: 3, fromSeq: 20, queries: ["lithium children"] } });
    // The iteration's own run events stream in the answer, as on the run's stream.
    const searches = a.chunks.flatMap((c) => (c.type === "data-search" ? [c.data] : []));
    // One search, with the run's drug: a question about lithium gains no records found on "children" alone.
    expect(searches.map((s) => [s.iteration, s.phase, s.query, s.hits])).toEqual([
      [3, "question", "lithium children", 40],
    ]);
    expect(a.chunks.find((c) => c.type === "data-run-finished")).toMatchObject({
      data: { status: "completed", message: null },
    });
    expect(a.chunks.find((c) => c.type === "data-report-version")).toEqual({
      type: "data-report-version",
      id: "version",
      data: {
        version: 2,
        changes: {
          fromVersion: 1,
          toVersion: 2,
          // v2 answers the follow-up (lib/chat/follow-up-findings): before, it kept v1's five references exactly. A
          // question about lithium gains no references about other drugs (before: indinavir, ribavirin, contrast
          // media).
          referencesAdded: [
            {
              evidenceId: "pmid:6794356",
              title: "Tricuspid valve regurgitation and lithium carbonate toxicity in a newborn infant.",
            },
          ],
          referencesRemoved: [],
          hypotheses: [],
          // (6 + 5) / 20: the judge's mechanism and clinical scores with kidney diseases read as MeSH's subtree.
          confidenceBefore: 0.55,
          confidenceAfter: 0.55,
          newRecords: 12,
        },
      },
    });

    const events = await listRunEvents(run.id);
    // The added reference (lithium in a newborn) was in v1's evidence but uncited, and names lithium with a child.
    const found = new Set(
      events.flatMap((e) => (e.type === "evidence" && e.seq > 20 ? e.data.added.map((r) => r.id) : [])),
    );
    expect(found.has("pmid:6794356")).toBe(false);
    const [v1, v2] = reportVersions(events).map((v) => v.report);
    // v1 cites eight records (six before the lithium-induced diabetes insipidus records bore on the kidney): its
    // conclusion cites the records behind its drug candidate (PMID 7453952 and 1378968 among them).
    expect(v2.references.slice(0, 8).map((r) => r.evidenceId)).toEqual(v1.references.map((r) => r.evidenceId));
    expect(v2.references.slice(8).map((r) => [r.n, r.pmid])).toEqual([[9, "6794356"]]);
    // In plain words, with no template debris; the quoted sentence stands alone, so the page sets it as a quotation.
    expect(v2.executiveSummary.slice(v2.executiveSummary.indexOf("The follow-up search"))).toBe(
      "The follow-up search on children found 12 new records; none names lithium with children. " +
        "On lithium and children, the run's records say this. Tricuspid valve regurgitation and lithium " +
        "carbonate toxicity in a newborn infant [9].",
    );
    expect(v2.verification).toEqual({ status: "verified", failedChecks: [], attempts: 1 });
    expect(reportVersions(events).map((v) => [v.version, v.report.researchQuestion])).toEqual([
      [1, QUESTION],
      [2, `${QUESTION} Follow-up: What about children?`],
    ]);
    expect((await getReport(run.id))!.report.researchQuestion).toBe(`${QUESTION} Follow-up: What about children?`);
    expect(await getRun(run.id)).toMatchObject({ status: "completed", iterations: 3, evidenceCount: 63 });

    // One version per page: v1 is drawn from the 51 records it was written from, v2 from all 63, and v2's diff names
    // the bottom line, certainty and the added reference with its reason (both read against the run's question).
    const evidence = await getRunEvidence(run.id);
    const [page1, page2] = [1, 2].map((n) => versionPage(events, evidence, QUESTION, n)!);
    expect([page1.records.length, page2.records.length]).toEqual([51, 63]);
    expect(page1.view.events.at(-1)).toMatchObject({ seq: 20, type: "run-finished" });
    expect(page2.view.events.filter((e) => e.type === "iteration-started").map((e) => e.data.iteration)).toEqual([
      1, 2, 3,
    ]);
    expect(page1.diff).toBeNull();
    expect(page2.diff).toMatchObject({
      fromVersion: 1,
      toVersion: 2,
      // Low (was very low) and 0.55 (was 0.45): the lithium-induced diabetes insipidus records bear on the kidney.
      certainty: { before: "low", after: "low" },
      confidence: { before: 0.55, after: 0.55 },
      newRecords: 12,
      added: [
        { evidenceId: "pmid:6794356", n: 9, reason: "already among v1's records; cited in the executive summary" },
      ],
      removed: [],
    });
    expect(page2.diff!.bottomLine.before).toBe(page2.diff!.bottomLine.after);
    expect(versionPage(events, evidence, QUESTION)!.view.version.version).toBe(2);
    // The opening paragraph counts the version's own records.
    const answered = answerFromRecords(QUESTION, page2.records, page2.view.version.report.drugCandidates);
    expect(openingParagraph(answered, page2.records, page2.view.version.report)).toBe(
      // 9 (was 6): the records of lithium-induced diabetes insipidus, a kidney disease in MeSH, bear on it.
      "Of the 63 records found, 9 bear on the question: 9 point yes (4 case reports or series, 1 other human " +
        "study and 4 animal studies [1–3, 5–8]). " +
        "The best-supported mechanism is lithium → AQP2 → renal water homeostasis → nephrogenic diabetes " +
        "insipidus (2 supporting records, none contradicting). " +
        "Certainty of the evidence (GRADE): low.",
    );
    const saved = (await listMessages(run.id)).at(-1)!;
    expect(saved.parts.map((p) => p.type)).toEqual([
      "data-follow-up-kind",
      "data-research-iteration",
      "data-report-version",
    ]);

    // Later evidence questions read the new report and the records the iteration found.
    const humans = await readAnswer(
      await postFollowUp(
        (await getRun(run.id))!,
        { text: "Which of these studies were in humans?" },
        { mode: research, model: null },
      ),
    );
    expect(humans.text.split("\n")[0]).toMatch(
      /^By publication types and abstract wording, \d+ of the run's 63 records are studies in humans/,
    );
  });

  it("is cancellable like a run, and no follow-up is accepted while it researches", async () => {
    const current = (await getRun(run.id))!;
    const stream = await postFollowUp(current, { text: "Look deeper into amiloride" }, { mode: research, model: null });
    const running = (await getRun(run.id))!;
    expect(running.status).toBe("running");
    await expect(
      postFollowUp(running, { text: "What doses were used?" }, { mode: research, model: null }),
    ).rejects.toMatchObject({
      status: 409,
    });
    expect(cancelRun(run.id)).toBe(true);
    const a = await readAnswer(stream);
    expect(a.chunks.find((c) => c.type === "data-run-finished")).toMatchObject({
      data: { status: "cancelled", message: "Run cancelled; everything found so far is kept." },
    });
    expect(a.chunks.some((c) => c.type === "data-report-version")).toBe(false);
    expect((await getRun(run.id))!.status).toBe("cancelled");
    expect(reportVersions(await listRunEvents(run.id))).toHaveLength(2);
  });

  it("freezes the whole conversation in a share link, and exports the follow-ups as an appendix", async () => {
    const current = (await getRun(run.id))!;
    const messages = await listMessages(run.id);
    expect(messages).toHaveLength(6);
    const token = await createShareLink(
      run.id,
      toRunSnapshot(current, await listRunEvents(run.id), await getRunEvidence(run.id), messages),
    );
    const shared = (await getSharedSnapshot(token))!;
    expect(shared.messages!.map((m) => [m.role, m.parts.map((p) => p.type).join(" ")])).toEqual([
      ["user", "text"],
      ["assistant", "data-follow-up-kind data-research-iteration data-report-version"],
      ["user", "text"],
      ["assistant", "data-follow-up-kind text data-chat-answer"],
      ["user", "text"],
      ["assistant", "data-follow-up-kind data-research-iteration"],
    ]);
    // A later follow-up does not reach the frozen copy.
    await readAnswer(
      await postFollowUp((await getRun(run.id))!, { text: "Summarise reference 2" }, { mode: research, model: null }),
    );
    expect((await getSharedSnapshot(token))!.messages).toHaveLength(6);

    const json = JSON.parse(
      exportRun("json", snapshotToDetail(shared), registry, { runId: null, messages: shared.messages })!.body,
    );
    expect(
      json.followUps.map((f: { question: string; kind: string; status: string }) => [f.question, f.kind, f.status]),
    ).toEqual([
      ["What about children?", "research", "complete"],
      ["Which of these studies were in humans?", "evidence", "complete"],
      ["Look deeper into amiloride", "research", "complete"],
    ]);
    expect(json.followUps[0].research).toMatchObject({
      iteration: 3,
      queries: ["lithium children"],
      status: "completed",
      reportVersion: 2,
    });
    expect(json.followUps[2].research).toMatchObject({ iteration: 4, status: "cancelled", reportVersion: null });
    const live = await getRunDetail(run.id);
    const md = exportRun("markdown", live!, registry, { messages: await listMessages(run.id) })!.body;
    const appendix = md.slice(md.indexOf("## Appendix: follow-up questions"));
    expect(appendix.split("\n").filter((l) => l.startsWith("### "))).toEqual([
      "### 1. What about children?",
      "### 2. Which of these studies were in humans?",
      "### 3. Look deeper into amiloride",
      "### 4. Summarise reference 2",
    ]);
    expect(appendix).toContain("Iteration 3 searched “lithium children” and ended completed.");
    expect(appendix).toContain(
      "It wrote report v2: 12 new records, 1 reference added, 0 removed, 0 hypotheses changed support, " +
        "confidence 55% → 55%.",
    );
    expect(appendix).toContain("References of this answer:");
  });
});
