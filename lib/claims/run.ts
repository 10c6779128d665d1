import type { Shortfall } from "@/lib/domain/run";
import { COUNTER_SCORE_THRESHOLD, type ClaimCheckResult, type DocumentScore, type ScoredDocumentSummary } from "@/lib/domain/claim-check";
import type { Evidence, SourceId } from "@/lib/domain/evidence";
import type { LiteratureSource } from "@/lib/sources/types";
import type { TextEmbedder } from "@/lib/ai/embeddings";
import { normaliseForMatch } from "@/lib/text/quote-match";
import { splitSentences } from "@/lib/text/sentences";
import type { RunStatus } from "@/lib/domain/run";
import { summarizeEvidence } from "@/lib/evidence/summary";
import { mergeEvidence } from "@/lib/evidence/merge";
import { isRetracted, retractedNoticeMessage, supportableDocuments } from "@/lib/evidence/provenance";
import type { RunRecorder } from "@/lib/runs/recorder";
import type { ModelPrices } from "@/lib/ai/pricing";
import type { AgentHooks } from "@/lib/domain/agent";
import { createAgentRunner, type AgentStep } from "@/lib/runs/agent-runner";
import type { ClaimCheckBackend } from "./backend";
import { emptyCounterReport, keepKnownMarkers } from "./counter-report";
import { MAX_CLAIMS } from "./agents/extractive/extraction";
import { countByStrategy, mergeFound, type FoundDocument } from "./merge-found";
import { citationCandidates, verifyPassages } from "./passages";
import { buildSearchStats } from "./search-stats";
import { buildSides, supportCandidates } from "./sides";
import { searchThreeWays } from "./strategies";
import { judgeClaimExtractive } from "./verdict";

/** Everything a claim check needs; `timeoutMs` bounds each source call (milliseconds), `signal` cancels the check. */
export interface ClaimCheckInput {
  text: string;
  sourceIds: SourceId[];
  sources: LiteratureSource[];
  backend: ClaimCheckBackend;
  embedder: TextEmbedder;
  timeoutMs: number;
  recorder: RunRecorder;
  signal?: AbortSignal;
  /**
   * Whether each model call's usage is recorded as a `usage` event (with its estimated cost from `prices`);
   * default false (a caller that passes its own usage hook to the backend hears the calls there).
   */
  recordUsage?: boolean;
  /** Model prices for the estimated cost of each `usage` event (null: not estimated). */
  prices?: ModelPrices | null;
  /** The backend's per-call time limit in ms, named in timeout messages. */
  modelTimeoutMs?: number;
}

/** What a claim check produced, whatever its final status (a failed check keeps the claims it finished). */
export interface ClaimCheckOutcome {
  status: Exclude<RunStatus, "queued" | "running">;
  error: string | null;
  claims: ClaimCheckResult[];
  shortfalls: Shortfall[];
}

/**
 * Runs a claim check (after bmlibrarian's PaperChecker, but parallel): (1) extract up to 3 claims; then for each
 * claim, all claims in parallel: (2) its counter-statement; (3) keyword, semantic and HyDE search in parallel,
 * merged with provenance and capped at 100 (the claim's own source left out, see {@link withoutSourceOf}); (4) score every document 0–5 (batched); (5) extract passages from the
 * documents at or above the threshold and from those in line with the claim (when the backend looks for them), and
 * keep only those verified in their abstracts — the documents on each side (lib/claims/sides.ts); (6) write the
 * counter-report (an empty-evidence report without citations); (7) the verdict on the original claim — without
 * citations it is decided by counting (lib/claims/verdict.ts), never by a model. Every step emits a typed event.
 * Model calls go through an AgentRunner, as in research runs: a provider failure (401, 429, 5xx, timeout…) ends the
 * check with a classified message, and usage is recorded when `recordUsage` is set.
 * Never throws: failures and cancellation end the run with status "failed" / "cancelled" and a message.
 */
export async function runClaimCheck(input: ClaimCheckInput): Promise<ClaimCheckOutcome> {
  const started = performance.now();
  const { recorder, backend, signal } = input;
  const runner = createAgentRunner({
    backend,
    policy: "fail",
    emit: recorder.emit,
    prices: input.prices,
    signal,
    timeoutMs: input.modelTimeoutMs,
    recordUsage: input.recordUsage ?? false,
  });
  const call = <T>(step: AgentStep, run: (b: ClaimCheckBackend, hooks: AgentHooks) => Promise<T>) => runner.call(step, (b, onUsage) => run(b, { onUsage }));
  const outcome: ClaimCheckOutcome = { status: "completed", error: null, claims: [], shortfalls: [] };
  const runEvidence: Evidence[] = [];

  const checkClaim = async (n: number, claim: string): Promise<ClaimCheckResult> => {
    const claimStarted = performance.now();
    const counter = await call("counter-statement", (b, hooks) => b.counterStatement(claim, signal, hooks));
    await recorder.emit("counter-statement", { claim: n, text: claim, ...withoutClaim(counter) });

    signal?.throwIfAborted();
    const hits = await searchThreeWays(counter, {
      sources: input.sources,
      embedder: input.embedder,
      timeoutMs: input.timeoutMs,
      signal,
      onSearch: async (strategy, r) => {
        await recorder.emit("claim-search", { claim: n, strategy, source: r.source, query: r.query, hits: r.evidence.length, durationMs: r.durationMs, ...(r.fromCache ? { fromCache: true } : {}) });
        if (r.error) {
          outcome.shortfalls.push({ source: r.source, message: r.error });
          await recorder.emit("shortfall", { iteration: n, source: r.source, message: r.error });
        }
      },
    });
    const found = withoutSourceOf(claim, mergeFound(hits));
    await saveDocuments(n, found);
    // Issue 15: retracted records are saved (shown and counted) but never scored, cited or given to the verdict.
    const documents = supportableDocuments(found);

    signal?.throwIfAborted();
    const { scores, modelCalls } = await call("claim-scoring", (b, hooks) =>
      b.scoreDocuments({ claim, counter, documents: documents.map((d) => d.evidence), signal, hooks }),
    );
    if (scores.length !== documents.length) throw new Error(`scoring returned ${scores.length} scores for ${documents.length} documents`);
    await recorder.emit("claim-scored", {
      claim: n,
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
        ? await call("claim-passages", (b, hooks) => b.extractPassages({ claim, counter, documents: candidates.map((c) => c.document.evidence), signal, hooks }))
        : [];
    const { citations, dropped } = verifyPassages(candidates, proposals);
    const stats = buildSearchStats(documents, scores, citations, dropped, { keyword: true, semantic: true, hyde: hits.hyde !== null });
    const supporting = supportCandidates(documents, scores);
    const supportProposals = !backend.extractSupportingPassages
      ? null
      : supporting.length > 0
        ? await backend.extractSupportingPassages({ claim, counter, documents: supporting.map((c) => c.document.evidence), signal })
        : [];
    const sides = buildSides(documents, scores, citations, supporting, supportProposals, COUNTER_SCORE_THRESHOLD);
    const reading = backend.readingOf?.(claim) ?? null;
    const reportInput = { claim, counter, citations, stats, sources: input.sourceIds, signal };
    const counterReport =
      citations.length > 0
        ? keepKnownMarkers(await call("counter-report", (b, hooks) => b.writeCounterReport({ ...reportInput, hooks })), citations.length).text
        : emptyCounterReport(reportInput);
    await recorder.emit("counter-report", { claim: n, report: counterReport, citations, dropped });

    signal?.throwIfAborted();
    const verdictInput = { claim, counter, report: counterReport, citations, stats, scores, sides, reading, signal };
    const verdict = citations.length > 0 ? await call("claim-verdict", (b, hooks) => b.judgeClaim({ ...verdictInput, hooks })) : judgeClaimExtractive(verdictInput);
    const result: ClaimCheckResult = {
      claim,
      counterStatement: counter.counterStatement,
      keywords: counter.keywords,
      ...verdict,
      counterReport,
      citations,
      searchStats: stats,
      claimSupportingDocuments: backend.kind === "extractive" ? scores.filter((s) => s.stance === "claim").length : null,
      reading,
      sides,
      metadata: {
        backend: backend.kind,
        model: backend.model,
        temperature: backend.temperature,
        durationMs: Math.round(performance.now() - claimStarted),
        generatedAt: new Date().toISOString(),
      },
    };
    await recorder.emit("claim-verdict", { claim: n, result });
    return result;
  };

  const saveDocuments = async (n: number, documents: FoundDocument[]) => {
    const { added, duplicates } = mergeEvidence(runEvidence, documents.map((d) => d.evidence));
    runEvidence.push(...added);
    if (added.length > 0) await recorder.saveEvidence(added, n);
    await recorder.emit("evidence", { iteration: n, added: added.map(summarizeEvidence), duplicates, total: runEvidence.length });
    if (added.some(isRetracted)) await recorder.emit("notice", { level: "warning", message: retractedNoticeMessage(added.filter(isRetracted)) });
  };

  try {
    await recorder.emit("run-started", { question: input.text, backend: backend.kind, model: backend.model, sources: input.sourceIds, maxIterations: 1 });
    if (backend.kind === "extractive") {
      await recorder.emit("notice", { level: "info", message: "extractive mode: no language model configured" });
    }
    const extracted = await call("claim-extraction", (b, hooks) => b.extractClaims(input.text, signal, hooks));
    const claims = [...new Set(extracted.map((c) => c.trim()).filter(Boolean))].slice(0, MAX_CLAIMS);
    if (claims.length === 0) throw new Error("No checkable claim was found in the text.");
    await recorder.emit("claims-extracted", { method: backend.kind, sentences: splitSentences(input.text).length, claims });
    const settled = await Promise.allSettled(claims.map((claim, i) => checkClaim(i + 1, claim)));
    outcome.claims = settled.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
    const failure = settled.find((s): s is PromiseRejectedResult => s.status === "rejected");
    if (failure) throw failure.reason;
  } catch (error) {
    const cancelled = signal?.aborted ?? false;
    outcome.status = cancelled ? "cancelled" : "failed";
    outcome.error = cancelled ? "Run cancelled; everything found so far is kept." : errorMessage(error);
  }
  await recorder.emit("run-finished", { status: outcome.status, message: outcome.error, durationMs: Math.round(performance.now() - started) });
  return outcome;
}

/**
 * The found documents without the claim's own source: a record whose abstract contains the claim verbatim (after
 * normalisation) is the paper the claim was pasted from, and a paper is no evidence about itself.
 */
export function withoutSourceOf(claim: string, documents: FoundDocument[]): FoundDocument[] {
  const needle = normaliseForMatch(claim.replace(/…$/, ""));
  if (needle.length < 20) return documents;
  return documents.filter((d) => !normaliseForMatch(d.evidence.citation.abstract).includes(needle));
}

function withoutClaim<T extends { claim: string }>(value: T): Omit<T, "claim"> {
  const { claim: _claim, ...rest } = value;
  void _claim;
  return rest;
}

/** The scored documents for the timeline, best score first (ties keep the merged order). */
function summarizeScored(documents: FoundDocument[], scores: DocumentScore[]): ScoredDocumentSummary[] {
  return documents
    .map((d, i) => ({ d, s: scores[i], i }))
    .sort((a, b) => b.s.score - a.s.score || a.i - b.i)
    .map(({ d, s }) => ({
      evidenceId: d.evidence.id,
      pmid: d.evidence.citation.pmid,
      title: d.evidence.citation.title,
      year: d.evidence.citation.year,
      url: d.evidence.citation.url,
      source: d.evidence.citation.source,
      foundBy: d.foundBy,
      score: s.score,
      stance: s.stance,
      rationale: s.rationale,
    }));
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
