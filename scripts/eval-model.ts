import type { ConfiguredModel } from "@/lib/ai/providers";
import { getLanguageModel, getModelPrices } from "@/lib/ai/providers";
import { summarizeUsage, type RunUsage } from "@/lib/ai/usage";
import { createTextEmbedder } from "@/lib/ai/embeddings";
import type { TextEmbedder } from "@/lib/text/similarity";
import { createExtractiveClaimBackend } from "@/lib/claims/agents/extractive";
import type { ClaimCheckBackend } from "@/lib/claims/backend";
import { createClaimCheckBackend, createClaimEmbedder } from "@/lib/claims/create-backend";
import { getConfig } from "@/lib/config";
import type { RunEvent } from "@/lib/domain/events";
import type { ModelPrices } from "@/lib/ai/pricing";
import { createExtractiveBackend } from "@/lib/research/agents/extractive";
import type { ReasoningBackend } from "@/lib/research/backend";
import { createReasoningBackend } from "@/lib/research/create-backend";
import type { RunRecorder } from "@/lib/runs/recorder";

/** Which backend a benchmark runs: the deterministic extractive one (default) or the configured language model. */
export type EvalBackendName = "extractive" | "llm";

/** `--backend extractive|llm` of a benchmark's arguments (default extractive). @throws for any other value. */
export function backendArg(args: string[]): EvalBackendName {
  if (!args.includes("--backend")) return "extractive";
  const value = args[args.indexOf("--backend") + 1];
  if (value !== "extractive" && value !== "llm") throw new Error(`unknown backend "${value}" (use extractive or llm)`);
  return value;
}

/**
 * The configured language model, for `--backend llm`.
 * @throws Error saying what to set when no model is configured (no OPENAI_API_KEY and no cassette replayed).
 */
export function requireLanguageModel(): ConfiguredModel {
  const configured = getLanguageModel();
  if (!configured) {
    throw new Error(
      "--backend llm needs a language model, and none is configured: set OPENAI_API_KEY (for a local server " +
        "also OPENAI_BASE_URL " +
        "and OPENAI_MODEL, see docs/local-models.md), or replay a recorded cassette with CRITICA_LLM_CASSETTE=replay.",
    );
  }
  return configured;
}

/**
 * How a benchmark's runs and claim checks are made: the backends the app itself builds from the environment
 * (lib/research/create-backend.ts, lib/claims/create-backend.ts) for `llm`, the extractive ones otherwise; the
 * recorder every run reports to (only `usage` events are kept: one per model call) and the prices of the estimate.
 */
export interface EvalModel {
  name: EvalBackendName;
  /** The model's id (OPENAI_MODEL) for `llm`; null for extractive. */
  modelId: string | null;
  research(): ReasoningBackend;
  claims(): ClaimCheckBackend;
  embedder(): TextEmbedder;
  recorder: RunRecorder;
  prices: ModelPrices | null;
  modelTimeoutMs: number;
  /** Model calls, tokens and estimated cost of every run so far (lib/ai/usage.ts summarizeUsage). */
  usage(): RunUsage;
}

/**
 * The {@link EvalModel} of `--backend`. For `llm` it refuses at once when no model is configured
 * ({@link requireLanguageModel}), before any library is built.
 */
export function evalModel(name: EvalBackendName): EvalModel {
  const configured = name === "llm" ? requireLanguageModel() : null;
  const events: RunEvent[] = [];
  const recorder: RunRecorder = {
    emit: async (type, data) => {
      if (type === "usage") events.push({ seq: events.length + 1, type, data, createdAt: "" } as RunEvent);
    },
    saveEvidence: async () => {},
  };
  const plainEmbedder = createTextEmbedder({ model: null, modelId: null });
  return {
    name,
    modelId: configured?.modelId ?? null,
    research: () => (configured ? createReasoningBackend() : createExtractiveBackend()),
    claims: () => (configured ? createClaimCheckBackend() : createExtractiveClaimBackend()),
    embedder: () => (configured ? createClaimEmbedder() : plainEmbedder),
    recorder,
    prices: configured ? getModelPrices() : null,
    modelTimeoutMs: getConfig().OPENAI_TIMEOUT_MS,
    usage: () => summarizeUsage(events),
  };
}
