import { describe, expect, it } from "vitest";
import { createTextEmbedder } from "@/lib/ai/embeddings";
import { createExtractiveClaimBackend } from "@/lib/claims/agents/extractive";
import { runClaimCheck } from "@/lib/claims/mode";
import { parseRunEventPayload, parseStoredEvent } from "@/lib/domain/events";
import type { RunEventType } from "@/lib/domain/events";
import { createExtractiveBackend } from "@/lib/research/agents/extractive";
import { runResearch } from "@/lib/research/mode";
import { loadCorpus } from "@/tests/support/corpus";
import { HYPOTHESES } from "@/tests/support/llm";
import { bm25Library, memoryRecorder } from "@/tests/support/memory-run";

const corpusSource = bm25Library(loadCorpus());

describe("per-event payload schemas", () => {
  it("every event of an extractive research run and of a claim check matches its type's schema", async () => {
    const research = memoryRecorder();
    const run = await runResearch({
      question: "Is lithium nephrotoxic, and by what mechanism?",
      sourceIds: ["local"],
      sources: [corpusSource],
      backend: createExtractiveBackend(),
      maxIterations: 2,
      timeoutMs: 10_000,
      recorder: research,
    });
    expect(run.status).toBe("completed");
    const check = memoryRecorder();
    const claim = await runClaimCheck({
      text: "Doxorubicin causes cardiotoxicity.",
      sourceIds: ["local"],
      sources: [corpusSource],
      backend: createExtractiveClaimBackend(),
      embedder: createTextEmbedder(),
      timeoutMs: 10_000,
      recorder: check,
    });
    expect(claim.status).toBe("completed");

    const events = [...research.events, ...check.events];
    // Parsing keeps every field a run saves (a field missing from a schema would be stripped from every read).
    for (const e of events) expect(parseRunEventPayload(e.type, e.data), e.type).toEqual(e.data);
    // The run covered the event types of both modes that carry the largest payloads.
    const types = new Set(events.map((e) => e.type));
    for (const t of [
      "evidence",
      "hypotheses",
      "assessment",
      "critic",
      "report",
      "claim-scored",
      "counter-report",
      "claim-verdict",
    ] as const)
      expect(types.has(t), t).toBe(true);
  });

  it("names the event type and the field of a payload that does not match", () => {
    expect(() =>
      parseRunEventPayload("hypotheses", {
        iteration: 1,
        assessment: { ...HYPOTHESES, primaryHypothesis: { drug: "lithium" } },
      }),
    ).toThrow(/^invalid "hypotheses" event: assessment\.primaryHypothesis\.target: /);
    expect(() => parseRunEventPayload("run-finished", { status: "done", message: null, durationMs: 3 })).toThrow(
      /^invalid "run-finished" event: status: /,
    );
    expect(() => parseRunEventPayload("partial" as RunEventType, {})).toThrow('unknown run event type "partial"');
    expect(parseRunEventPayload("iteration-started", { iteration: 2 })).toEqual({ iteration: 2 });
  });

  it("keeps a search's fromCache flag, which the schema once lacked", () => {
    const search = {
      iteration: 1,
      phase: "question" as const,
      source: "pubmed" as const,
      query: "lithium nephrotoxicity",
      hits: 40,
      durationMs: 3,
      fromCache: true,
    };
    expect(parseRunEventPayload("search", search)).toEqual(search);
    expect(
      parseRunEventPayload("claim-search", { ...search, phase: undefined, claim: 1, strategy: "keyword" }),
    ).toMatchObject({ fromCache: true });
  });

  it("reads a saved event that does not parse as a warning notice that names it, and reports the problem", () => {
    const problems: string[] = [];
    const read = parseStoredEvent(
      { seq: 7, type: "assessment", data: { iteration: 1, forced: "no" }, createdAt: "2026-01-01T00:00:00.000Z" },
      (p) => problems.push(p),
    );
    expect(problems).toEqual([expect.stringMatching(/^invalid "assessment" event: assessment: /)]);
    expect(read).toEqual({
      seq: 7,
      type: "notice",
      data: { level: "warning", message: `Event 7 of this run could not be read (${problems[0]}).` },
      createdAt: "2026-01-01T00:00:00.000Z",
    });
    const valid = parseStoredEvent(
      { seq: 8, type: "iteration-started", data: { iteration: 2 }, createdAt: "2026-01-01T00:00:01.000Z" },
      (p) => problems.push(p),
    );
    expect(valid).toEqual({
      seq: 8,
      type: "iteration-started",
      data: { iteration: 2 },
      createdAt: "2026-01-01T00:00:01.000Z",
    });
    expect(problems).toHaveLength(1);
  });
});
