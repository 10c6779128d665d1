import { COUNTER_SCORE_THRESHOLD, type ClaimCheckResult } from "@/lib/domain/claim-check";
import type { AgentHooks } from "@/lib/domain/agent";
import { splitSentences } from "@/lib/text/sentences";
import { summarizeEvidence } from "@/lib/evidence/summary";
import { mergeEvidence } from "@/lib/evidence/merge";
import { isRetracted, retractedNoticeMessage, supportableDocuments } from "@/lib/evidence/provenance";
import { createAgentRunner, type AgentStep } from "@/lib/runs/agent-runner";
import type { ClaimCheckBackend } from "./backend";
import { emptyCounterReport, keepKnownMarkers } from "./counter-report";
import { MAX_CLAIMS } from "@/lib/claims/agents/extractive/extraction";
import { countByStrategy, mergeFound, withoutSourceOf } from "./merge-found";
import { citationCandidates, verifyPassages } from "./passages";
import { scrubContext, scrubText } from "@/lib/grounding/scrub";
import { buildSearchStats } from "./search-stats";
import { buildSides, supportCandidates } from "./sides";
import { searchThreeWays } from "./strategies";
import { judgeClaimExtractive } from "./verdict";
import { summarizeScored } from "./scored-summary";
import type { ClaimCheckInput, ClaimCheckState, ClaimProgress } from "./state";

/** The agent runner of one stage: provider failures end the check with a classified message ("fail" policy). */
function stageCall(input: ClaimCheckInput) {
  const runner = createAgentRunner({
    backend: input.backend,
    policy: "fail",
    emit: input.recorder.emit,
    prices: input.prices,
    signal: input.signal,
    timeoutMs: input.modelTimeoutMs,
    recordUsage: input.recordUsage ?? false,
  });
  return <T>(step: AgentStep, run: (b: ClaimCheckBackend, hooks: AgentHooks) => Promise<T>) =>
    runner.call(step, (b, onUsage) => run(b, { onUsage }));
}

/**
 * Runs `work` for every claim no stage has failed yet, all in parallel (after bmlibrarian's PaperChecker, but
 * parallel); a claim whose work throws keeps the error's message and is left out of later stages. Throws when
 * the check was cancelled meanwhile.
 */
async function eachClaim(
  input: ClaimCheckInput,
  state: ClaimCheckState,
  work: (c: ClaimProgress) => Promise<void>,
): Promise<ClaimCheckState> {
  input.signal?.throwIfAborted();
  const live = state.claims.filter((c) => c.error === null);
  const settled = await Promise.allSettled(live.map(work));
  settled.forEach((s, i) => {
    if (s.status === "rejected") live[i].error = errorMessage(s.reason);
  });
  input.signal?.throwIfAborted();
  return state;
}

/**
 * The stages of a claim check, in order (the plan of lib/claims/mode.ts): `extract`, then, each for all claims in
 * parallel, `counterStatement`, `search`, `score` (scores, verified passages and the sides: one stage, since the
 * extractive scorer's passages come from its scoring), `counterReport` and `verdict`. Each mutates and returns
 * the state and emits its events through `input.recorder`; each throws on cancellation and `extract` on failure
 * (the engine, lib/runs, turns that into the run's end), while a claim that fails a later stage only stops that
 * claim. They are the units the durable engine runs as steps (lib/claims/workflow.ts).
 */
export const claimStages = {
  /** (1) Up to MAX_CLAIMS distinct claims of the text; none is a failure. */
  async extract(input: ClaimCheckInput, state: ClaimCheckState): Promise<ClaimCheckState> {
    const { backend, signal, recorder } = input;
    if (backend.kind === "extractive")
      await recorder.emit("notice", { level: "info", message: "extractive mode: no language model configured" });
    const extracted = await stageCall(input)("claim-extraction", (b, hooks) =>
      b.extractClaims(input.text, signal, hooks),
    );
    const claims = [...new Set(extracted.map((c) => c.trim()).filter(Boolean))].slice(0, MAX_CLAIMS);
    if (claims.length === 0) throw new Error("No checkable claim was found in the text.");
    await recorder.emit("claims-extracted", {
      method: backend.kind,
      sentences: splitSentences(input.text).length,
      claims,
    });
    const startedAt = Date.now();
    state.claims = claims.map((claim, i) => ({
      n: i + 1,
      claim,
      startedAt,
      error: null,
      counter: null,
      hydeRan: false,
      documents: [],
      scores: [],
      findings: null,
      counterReport: null,
      result: null,
    }));
    return state;
  },

  /** (2) Each claim's counter-statement. */
  async counterStatement(input: ClaimCheckInput, state: ClaimCheckState): Promise<ClaimCheckState> {
    const call = stageCall(input);
    return eachClaim(input, state, async (c) => {
      const counter = await call("counter-statement", (b, hooks) => b.counterStatement(c.claim, input.signal, hooks));
      c.counter = counter;
      await input.recorder.emit("counter-statement", { claim: c.n, text: c.claim, ...withoutClaim(counter) });
    });
  },

  /**
   * (3) Keyword, semantic and HyDE search in parallel, merged with provenance, the claim's own source left out; the new
   * records saved.
   */
  async search(input: ClaimCheckInput, state: ClaimCheckState): Promise<ClaimCheckState> {
    const { recorder } = input;
    return eachClaim(input, state, async (c) => {
      const hits = await searchThreeWays(c.counter!, {
        sources: input.sources,
        embedder: input.embedder,
        timeoutMs: input.timeoutMs,
        signal: input.signal,
        onSearch: async (strategy, r) => {
          await recorder.emit("claim-search", {
            claim: c.n,
            strategy,
            source: r.source,
            query: r.query,
            hits: r.evidence.length,
            durationMs: r.durationMs,
            ...(r.fromCache ? { fromCache: true } : {}),
          });
          if (r.error) {
            state.shortfalls.push({ source: r.source, message: r.error });
            await recorder.emit("shortfall", { iteration: c.n, source: r.source, message: r.error });
          }
        },
      });
      const found = withoutSourceOf(c.claim, mergeFound(hits));
      const { added, duplicates } = mergeEvidence(
        state.evidence,
        found.map((d) => d.evidence),
      );
      state.evidence.push(...added);
      if (added.length > 0) await recorder.saveEvidence(added, c.n);
      await recorder.emit("evidence", {
        iteration: c.n,
        added: added.map(summarizeEvidence),
        duplicates,
        total: state.evidence.length,
      });
      if (added.some(isRetracted))
        await recorder.emit("notice", { level: "warning", message: retractedNoticeMessage(added.filter(isRetracted)) });
      // Retracted records are saved (shown and counted) but never scored, cited or given to the verdict.
      c.documents = supportableDocuments(found);
      c.hydeRan = hits.hyde !== null;
    });
  },

  /**
   * (4)+(5) Scores every document 0–5 (batched), then extracts passages from the documents at or above the
   * threshold and from those in line with the claim (when the backend looks for them), keeping only those verified
   * in their abstracts: the documents on each side (lib/claims/sides.ts).
   */
  async score(input: ClaimCheckInput, state: ClaimCheckState): Promise<ClaimCheckState> {
    const { backend, signal, recorder } = input;
    const call = stageCall(input);
    return eachClaim(input, state, async (c) => {
      const { claim, documents } = c;
      const counter = c.counter!;
      const { scores, modelCalls } = await call("claim-scoring", (b, hooks) =>
        b.scoreDocuments({ claim, counter, documents: documents.map((d) => d.evidence), signal, hooks }),
      );
      if (scores.length !== documents.length)
        throw new Error(`scoring returned ${scores.length} scores for ${documents.length} documents`);
      c.scores = scores;
      await recorder.emit("claim-scored", {
        claim: c.n,
        found: documents.length,
        scored: scores.length,
        threshold: COUNTER_SCORE_THRESHOLD,
        aboveThreshold: scores.filter((s) => s.score >= COUNTER_SCORE_THRESHOLD).length,
        byStrategy: countByStrategy(documents),
        modelCalls,
        documents: summarizeScored(documents, scores),
      });

      signal?.throwIfAborted();
      const candidates = citationCandidates(documents, scores);
      const proposals =
        candidates.length > 0
          ? await call("claim-passages", (b, hooks) =>
              b.extractPassages({
                claim,
                counter,
                documents: candidates.map((x) => x.document.evidence),
                signal,
                hooks,
              }),
            )
          : [];
      const verified = verifyPassages(candidates, proposals);
      const citations = verified.citations;
      // A model's dropped passage is shown as dropped, in its words: scrubbed of identifiers no record holds.
      const scrub = scrubContext(
        documents.map((d) => d.evidence),
        { quotes: false },
      );
      const dropped =
        backend.kind === "llm"
          ? verified.dropped.map((d) => ({ ...d, passage: scrubText(d.passage, scrub) }))
          : verified.dropped;
      const stats = buildSearchStats(documents, scores, citations, dropped, {
        keyword: true,
        semantic: true,
        hyde: c.hydeRan,
      });
      const supporting = supportCandidates(documents, scores);
      const supportProposals = !backend.extractSupportingPassages
        ? null
        : supporting.length > 0
          ? await backend.extractSupportingPassages({
              claim,
              counter,
              documents: supporting.map((x) => x.document.evidence),
              signal,
            })
          : [];
      const sides = buildSides(documents, scores, citations, supporting, supportProposals, COUNTER_SCORE_THRESHOLD);
      c.findings = { citations, dropped, stats, sides, reading: backend.readingOf?.(claim) ?? null };
    });
  },

  /**
   * (6) The counter-report: the model's (markers kept to the citations), or without citations the empty-evidence
   * report.
   */
  async counterReport(input: ClaimCheckInput, state: ClaimCheckState): Promise<ClaimCheckState> {
    const call = stageCall(input);
    return eachClaim(input, state, async (c) => {
      const { citations, dropped, stats } = c.findings!;
      const records = c.documents.map((d) => d.evidence).filter((e) => citations.some((x) => x.evidenceId === e.id));
      const reportInput = {
        claim: c.claim,
        counter: c.counter!,
        citations,
        records,
        stats,
        sources: input.sourceIds,
        signal: input.signal,
      };
      c.counterReport =
        citations.length > 0
          ? keepKnownMarkers(
              await call("counter-report", (b, hooks) => b.writeCounterReport({ ...reportInput, hooks })),
              citations.length,
            ).text
          : emptyCounterReport(reportInput);
      await input.recorder.emit("counter-report", { claim: c.n, report: c.counterReport, citations, dropped });
    });
  },

  /**
   * (7) The verdict on the original claim; without citations decided by counting (lib/claims/verdict.ts), never by a
   * model.
   */
  async verdict(input: ClaimCheckInput, state: ClaimCheckState): Promise<ClaimCheckState> {
    const { backend, signal } = input;
    const call = stageCall(input);
    return eachClaim(input, state, async (c) => {
      const { citations, stats, sides, reading } = c.findings!;
      const counter = c.counter!;
      const records = c.documents.map((d) => d.evidence).filter((e) => citations.some((x) => x.evidenceId === e.id));
      const verdictInput = {
        claim: c.claim,
        counter,
        report: c.counterReport!,
        citations,
        records,
        stats,
        scores: c.scores,
        sides,
        reading,
        signal,
      };
      const verdict =
        citations.length > 0
          ? await call("claim-verdict", (b, hooks) => b.judgeClaim({ ...verdictInput, hooks }))
          : judgeClaimExtractive(verdictInput);
      const result: ClaimCheckResult = {
        claim: c.claim,
        counterStatement: counter.counterStatement,
        keywords: counter.keywords,
        ...verdict,
        counterReport: c.counterReport!,
        citations,
        searchStats: stats,
        claimSupportingDocuments:
          backend.kind === "extractive" ? c.scores.filter((s) => s.stance === "claim").length : null,
        reading,
        sides,
        metadata: {
          backend: backend.kind,
          model: backend.model,
          temperature: backend.temperature,
          durationMs: Math.max(0, Date.now() - c.startedAt),
          generatedAt: new Date().toISOString(),
        },
      };
      c.result = result;
      await input.recorder.emit("claim-verdict", { claim: c.n, result });
    });
  },
};

function withoutClaim<T extends { claim: string }>(value: T): Omit<T, "claim"> {
  const { claim: _claim, ...rest } = value;
  void _claim;
  return rest;
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
