import { describe, expect, it } from "vitest";
import { createTextEmbedder } from "@/lib/ai/embeddings";
import { createExtractiveClaimBackend } from "@/lib/claims/agents/extractive";
import { runClaimCheck } from "@/lib/claims/run";
import { parseRunEventPayload } from "@/lib/domain/event-schemas";
import type { RunEventPayloads, RunEventType } from "@/lib/domain/events";
import { createExtractiveBackend } from "@/lib/research/agents/extractive";
import { runResearch } from "@/lib/research/run";
import type { RunRecorder } from "@/lib/runs/recorder";
import type { LiteratureSource } from "@/lib/sources/types";
import { rankBm25 } from "@/lib/text/bm25";
import { loadCorpus } from "../../support/corpus";
import { HYPOTHESES } from "../../support/llm";

const corpus = loadCorpus();
/** The BC5CDR corpus as a library source: records ranked by BM25 over title and abstract (deterministic). */
const corpusSource: LiteratureSource = {
  id: "local",
  search: async (query, { limit }) => {
    const ranked = rankBm25(query, corpus.map((e) => `${e.citation.title} ${e.citation.abstract}`)).slice(0, limit);
    return ranked.map((r, i) => ({ ...corpus[r.index], relevance: (ranked.length - i) / ranked.length }));
  },
};

function memoryRecorder(): RunRecorder & { events: Array<{ type: RunEventType; data: unknown }> } {
  const events: Array<{ type: RunEventType; data: unknown }> = [];
  return { events, emit: async <K extends RunEventType>(type: K, data: RunEventPayloads[K]) => void events.push({ type, data }), saveEvidence: async () => undefined };
}

describe("per-event payload schemas (issue 16)", () => {
  it("every event of an extractive research run and of a claim check matches its type's schema", async () => {
    const research = memoryRecorder();
    const run = await runResearch({
      question: "Is lithium nephrotoxic, and by what mechanism?", sourceIds: ["local"], sources: [corpusSource], backend: createExtractiveBackend(),
      maxIterations: 2, timeoutMs: 10_000, recorder: research,
    });
    expect(run.status).toBe("completed");
    const check = memoryRecorder();
    const claim = await runClaimCheck({ text: "Doxorubicin causes cardiotoxicity.", sourceIds: ["local"], sources: [corpusSource], backend: createExtractiveClaimBackend(), embedder: createTextEmbedder(), timeoutMs: 10_000, recorder: check });
    expect(claim.status).toBe("completed");

    const events = [...research.events, ...check.events];
    for (const e of events) expect(() => parseRunEventPayload(e.type, e.data), e.type).not.toThrow();
    // The run covered the event types of both modes that carry the largest payloads.
    const types = new Set(events.map((e) => e.type));
    for (const t of ["evidence", "hypotheses", "assessment", "critic", "report", "claim-scored", "counter-report", "claim-verdict"] as const) expect(types.has(t), t).toBe(true);
  });

  it("names the event type and the field of a payload that does not match", () => {
    expect(() => parseRunEventPayload("hypotheses", { iteration: 1, assessment: { ...HYPOTHESES, primaryHypothesis: { drug: "lithium" } } })).toThrow(
      /^invalid "hypotheses" event: assessment\.primaryHypothesis\.target: /,
    );
    expect(() => parseRunEventPayload("run-finished", { status: "done", message: null, durationMs: 3 })).toThrow(/^invalid "run-finished" event: status: /);
    expect(() => parseRunEventPayload("partial" as RunEventType, {})).toThrow('unknown run event type "partial"');
    expect(parseRunEventPayload("iteration-started", { iteration: 2 })).toEqual({ iteration: 2 });
  });
});
