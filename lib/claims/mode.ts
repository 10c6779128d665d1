import type { z } from "zod";
import type { TextEmbedder } from "@/lib/text/similarity";
import { getModelPrices } from "@/lib/ai/providers";
import { getConfig } from "@/lib/config";
import { announceRun, beginProgress, executeStages } from "@/lib/runs/execute";
import { claimCheckInputSchema } from "@/lib/domain/run-input";
import type { RunMode } from "@/lib/runs/mode";
import { createSources } from "@/lib/sources/registry";
import type { ClaimCheckBackend } from "./backend";
import { claimCheckDescription } from "./description";
import { claimCheckExport } from "./export";
import { claimCheckVerdict } from "./history-verdict";
import { createClaimCheckBackend, createClaimEmbedder } from "./create-backend";
import { claimStages } from "./stages";
import {
  claimCheckOutcome,
  initialClaimCheckState,
  type ClaimCheckInput,
  type ClaimCheckOutcome,
  type ClaimCheckState,
} from "./state";

/**
 * What a caller asks of a claim check (lib/domain/run-input.ts): a pasted claim or abstract and, unset, the default
 * sources.
 */
export type ClaimCheckRequest = z.output<typeof claimCheckInputSchema>;

/**
 * What a caller may inject into a claim check (tests): the backend and the similarity embedder; it then executes in
 * process.
 */
export interface ClaimCheckOverrides {
  backend: ClaimCheckBackend;
  embedder: TextEmbedder;
}

/** The embedder's fallback notice (the provider's embedding call failed). */
const EMBEDDER_FALLBACK_NOTICE = "The embedding model failed; TF-IDF similarity was used instead.";

/**
 * The claim-check mode (after bmlibrarian's PaperChecker, but parallel): its request (the text, the sources), the
 * settings saved for it (the text in `question`, one iteration), its stage input built from them (sources, the
 * backend and similarity embedder, defaults from the environment, the configured time limits and prices; model usage
 * is recorded, and the embedder's fallback notice saved), its stages (lib/claims/stages.ts) in order and its outcome.
 * (1) extract up to 3 claims; then for all claims in parallel, stage by stage: (2) each claim's counter-statement;
 * (3) keyword, semantic and HyDE search in parallel, merged with provenance and capped at 100 (the claim's own source
 * left out); (4) score every document 0–5 (batched); (5) extract passages from the documents at or above the
 * threshold and from those in line with the claim, keeping only those verified in their abstracts; (6) write the
 * counter-report; (7) the verdict on the original claim — without citations decided by counting, never by a model.
 * A provider failure ends the check with a classified message; a claim that fails does not stop the others (the check
 * then ends "failed" with the first failed claim's message, keeping the claims it finished).
 */
export const claimCheckMode: RunMode<
  ClaimCheckRequest,
  ClaimCheckInput,
  ClaimCheckState,
  ClaimCheckOutcome,
  ClaimCheckOverrides
> = {
  ...claimCheckDescription,
  request: claimCheckInputSchema,
  formRequest: (fields) => ({ text: fields.text?.[0] ?? "", sources: fields.sources ?? [] }),
  remotePath: "/api/checks",
  settings: (request, sources) => ({ mode: "claim-check", question: request.text, sources, maxIterations: 1 }),
  requestOf: (settings) => ({ text: settings.question, sources: settings.sources }),
  backend: (overrides) => overrides.backend ?? createClaimCheckBackend(),
  async input(settings, { recorder, signal, overrides }) {
    const config = getConfig();
    // Not awaited: a step's recorder is flushed before it hands its last seq on (lib/runs/durable-step.ts).
    const notice = () =>
      void recorder.emit("notice", { level: "warning", message: EMBEDDER_FALLBACK_NOTICE }).catch(() => undefined);
    return {
      text: settings.question,
      sourceIds: settings.sources,
      sources: createSources(settings.sources, { treatmentQuestion: false }),
      backend: overrides.backend ?? createClaimCheckBackend(),
      embedder: overrides.embedder ?? createClaimEmbedder(notice),
      timeoutMs: config.CRITICA_SOURCE_TIMEOUT_MS,
      recorder,
      signal,
      recordUsage: true,
      prices: getModelPrices(),
      modelTimeoutMs: config.OPENAI_TIMEOUT_MS,
    };
  },
  initialState: initialClaimCheckState,
  plan: {
    first: ["claim extraction", "counter-statements", "claim searches", "claim scoring", "counter-reports", "verdicts"],
    each: [],
    last: [],
  },
  stages: {
    "claim extraction": (input, state) => claimStages.extract(input, state),
    "counter-statements": (input, state) => claimStages.counterStatement(input, state),
    "claim searches": (input, state) => claimStages.search(input, state),
    "claim scoring": (input, state) => claimStages.score(input, state),
    "counter-reports": (input, state) => claimStages.counterReport(input, state),
    verdicts: (input, state) => claimStages.verdict(input, state),
  },
  // A claim check saves no report row: nothing to roll back there.
  checkpoint: (state) => ({ evidence: state.evidence.length, report: true }),
  outcome: claimCheckOutcome,
  outcomeOf: (detail) => {
    const verdicts = detail.events
      .flatMap((e) => (e.type === "claim-verdict" ? [e.data] : []))
      .sort((a, b) => a.claim - b.claim);
    return {
      status: detail.run.status,
      error: detail.run.error,
      claims: verdicts.map((v) => v.result),
      shortfalls: detail.shortfalls,
    };
  },
  failed: (error) => ({ status: "failed", error, claims: [], shortfalls: [] }),
  verdict: claimCheckVerdict,
  export: claimCheckExport,
  watch: "new-run",
  // Executed durably once enqueued: without a workflow run id its enqueue was interrupted, or a version before
  // durable checks executed it in the stopped server's memory; nobody executes it any more.
  interrupted: "fail",
  followUps: "evidence",
  agents: [
    { name: "claim-extraction" },
    { name: "counter-statement" },
    { name: "embedding" },
    { name: "claim-scoring" },
    { name: "claim-passages" },
    { name: "counter-report" },
    // The report critic, checking the counter-report's cited statements (one call per report).
    { name: "critic" },
    { name: "claim-verdict" },
  ],
};

/**
 * Runs the claim-check stages in this process over an `input` its caller built (evaluations, benchmarks and tests with
 * their own sources and recorder): the run-started event, the stages in order, the closing run-finished event.
 * Never throws for a stage's error: failures and cancellation end the check with status "failed" / "cancelled".
 */
export async function runClaimCheck(input: ClaimCheckInput): Promise<ClaimCheckOutcome> {
  await announceRun(
    input.recorder,
    { question: input.text, sources: input.sourceIds, maxIterations: 1 },
    input.backend,
  );
  return executeStages(claimCheckMode, input, beginProgress(initialClaimCheckState(), 0, { from: 1, to: 1 }));
}
