import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HypothesesPartial, ReportDraft } from "@/components/run/partial-answer";
import { createRun, listRunEvents } from "@/lib/db/runs";
import type { RunEvent, RunUIMessage } from "@/lib/domain/events";
import type { RunPartial } from "@/lib/domain/partial";
import { createDbRecorder } from "@/lib/runs/db-recorder";
import { eventsFromMessage, isPartialCurrent, partialToDataPart } from "@/lib/runs/event-parts";
import { latestRunPartial } from "@/lib/runs/partials";
import { HYPOTHESES } from "@/tests/support/llm";
import { useTempDatabase } from "@/tests/support/temp-database";

const CARDS: RunPartial = {
  kind: "hypotheses",
  iteration: 2,
  hypotheses: [
    { drug: "lithium", target: "AQP2", pathway: "vasopressin–cAMP signalling", effect: "polyuria", confidence: 0.7 },
    { drug: "lithium", target: "ENaC", pathway: "", effect: "", confidence: null },
  ],
};
const DRAFT: RunPartial = {
  kind: "report",
  attempt: 2,
  title: "Lithium and nephrogenic diabetes insipidus",
  sections: [
    { label: "Executive summary", text: "Lithium raises AVP gene expression in rats." },
    { label: "Limitations", text: "Mostly rat data.\nNo trial." },
  ],
};

const event = (seq: number, e: Pick<RunEvent, "type" | "data">): RunEvent => ({ seq, createdAt: "", ...e }) as RunEvent;

describe("partial answers of a run: streamed to live viewers, never saved", () => {
  let cleanup: () => void;
  beforeAll(async () => {
    ({ cleanup } = await useTempDatabase("partials"));
  });
  afterAll(() => cleanup());

  it(
    "the database recorder keeps only the latest partial, in memory, and forgets it when the final answer is " +
      "saved",
    async () => {
      await createRun({
        id: "run-partials",
        settings: { mode: "research", question: "Is lithium nephrotoxic?", sources: ["local"], maxIterations: 2 },
        backend: "llm",
        model: "scripted",
        ownerId: null,
      });
      const recorder = createDbRecorder("run-partials");
      await recorder.emit("run-started", {
        question: "Is lithium nephrotoxic?",
        backend: "llm",
        model: "scripted",
        sources: ["local"],
        maxIterations: 2,
      });
      recorder.partial!({
        ...CARDS,
        iteration: 1,
        hypotheses: CARDS.kind === "hypotheses" ? CARDS.hypotheses.slice(0, 1) : [],
      });
      recorder.partial!({ ...CARDS, iteration: 1 });
      expect(latestRunPartial("run-partials")).toEqual({ version: 2, partial: { ...CARDS, iteration: 1 } });

      await recorder.emit("hypotheses", { iteration: 1, assessment: HYPOTHESES });
      expect(latestRunPartial("run-partials")).toBeNull();
      // Two partials published, two events saved: the log holds the final answer only.
      expect((await listRunEvents("run-partials")).map((e) => e.type)).toEqual(["run-started", "hypotheses"]);

      recorder.partial!(DRAFT);
      expect(latestRunPartial("run-partials")?.version).toBe(3);
      await recorder.emit("run-finished", {
        status: "cancelled",
        message: "Run cancelled; everything found so far is kept.",
        durationMs: 12,
      });
      expect(latestRunPartial("run-partials")).toBeNull();
    },
  );

  it("a partial is a transient data part, which the event reader ignores", () => {
    expect(partialToDataPart(DRAFT)).toEqual({ type: "data-partial", id: "partial", data: DRAFT, transient: true });
    const message = {
      id: "m",
      role: "assistant",
      parts: [
        { type: "data-iteration-started", id: "ev-1", data: { iteration: 1, seq: 1 } },
        { type: "data-partial", id: "partial", data: DRAFT },
      ],
    } as unknown as RunUIMessage;
    expect(eventsFromMessage(message)).toEqual([
      { seq: 1, type: "iteration-started", data: { iteration: 1 }, createdAt: "" },
    ]);
  });

  it("a partial is shown until its own final event, or the run's end, is saved", () => {
    const started = event(1, { type: "iteration-started", data: { iteration: 2 } });
    expect(isPartialCurrent(CARDS, [started])).toBe(true);
    expect(
      isPartialCurrent(CARDS, [
        started,
        event(2, { type: "hypotheses", data: { iteration: 1, assessment: HYPOTHESES } }),
      ]),
    ).toBe(true);
    expect(
      isPartialCurrent(CARDS, [
        started,
        event(2, { type: "hypotheses", data: { iteration: 2, assessment: HYPOTHESES } }),
      ]),
    ).toBe(false);
    const verdict = (attempt: number) =>
      event(5, {
        type: "critic",
        data: {
          attempt,
          maxAttempts: 3,
          verdict: "FAIL",
          checks: [],
          entailment: null,
          repairs: [],
          outcome: "revise",
        },
      });
    // the first draft's verdict: revision 1 (attempt 2) is news
    expect(isPartialCurrent(DRAFT, [verdict(1)])).toBe(true);
    expect(isPartialCurrent(DRAFT, [verdict(1), verdict(2)])).toBe(false);
    expect(
      isPartialCurrent(DRAFT, [
        event(9, { type: "run-finished", data: { status: "failed", message: "x", durationMs: 1 } }),
      ]),
    ).toBe(false);
  });

  it("renders the cards as far as written and the draft section by section, as text", () => {
    const cards = renderToStaticMarkup(
      createElement(HypothesesPartial, { partial: CARDS as Extract<RunPartial, { kind: "hypotheses" }> }),
    );
    expect(cards).toContain("Iteration 2: proposing hypotheses…");
    expect([...cards.matchAll(/data-testid="chain-step"[^>]*>([^<]*)</g)].map((m) => m[1])).toEqual([
      "lithium",
      "AQP2",
      "vasopressin–cAMP signalling",
      "polyuria",
      "lithium",
      "ENaC",
      "…",
      "…",
    ]);
    expect(cards.match(/confidence \d+%/g)).toEqual(["confidence 70%"]);

    const draft = renderToStaticMarkup(
      createElement(ReportDraft, {
        partial: { ...(DRAFT as Extract<RunPartial, { kind: "report" }>), title: "Lithium <b>bold</b>" },
      }),
    );
    expect(draft).toContain("Report: revision 1, being written…");
    expect(draft).toContain("Lithium &lt;b&gt;bold&lt;/b&gt;");
    expect([...draft.matchAll(/<h3[^>]*>([^<]*)</g)].map((m) => m[1])).toEqual(["Executive summary", "Limitations"]);
    expect([...draft.matchAll(/<p class="text-sm leading-relaxed">([^<]*)</g)].map((m) => m[1])).toEqual([
      "Lithium raises AVP gene expression in rats.",
      "Mostly rat data.",
      "No trial.",
    ]);
  });
});
