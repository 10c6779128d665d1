import { getModelPrices } from "@/lib/ai/providers";
import type { TextEmbedder } from "@/lib/ai/embeddings";
import { getConfig } from "@/lib/config";
import type { RunSettings } from "@/lib/db/runs";
import type { RunRecorder } from "@/lib/runs/recorder";
import { createSources } from "@/lib/sources/registry";
import { createClaimCheckBackend, createClaimEmbedder, type ClaimCheckBackend } from "./backend";
import type { ClaimCheckInput } from "./stages";

/** The embedder's fallback notice (the provider's embedding call failed). */
const EMBEDDER_FALLBACK_NOTICE = "The embedding model failed; TF-IDF similarity was used instead.";

/**
 * The input of a claim check with these settings (the text in `settings.question`): its sources, the backend and
 * similarity embedder (defaults from the environment), the configured time limits and prices; model usage is
 * recorded. Used by the in-process start and by each durable step, which rebuilds it from the Run's stored
 * settings. The embedder's fallback notice is saved through `recorder`; `settled` resolves once every such notice
 * is saved (a durable step awaits it before it hands its last seq on).
 */
export function claimCheckInput(
  settings: RunSettings,
  context: { recorder: RunRecorder; signal?: AbortSignal; backend?: ClaimCheckBackend; embedder?: TextEmbedder },
): { input: ClaimCheckInput; settled: () => Promise<void> } {
  const config = getConfig();
  const notices: Promise<unknown>[] = [];
  const embedder =
    context.embedder ??
    createClaimEmbedder(() => {
      notices.push(context.recorder.emit("notice", { level: "warning", message: EMBEDDER_FALLBACK_NOTICE }).catch(() => undefined));
    });
  const input: ClaimCheckInput = {
    text: settings.question,
    sourceIds: settings.sources,
    sources: createSources(settings.sources, { treatmentQuestion: false }),
    backend: context.backend ?? createClaimCheckBackend(),
    embedder,
    timeoutMs: config.CRITICA_SOURCE_TIMEOUT_MS,
    recorder: context.recorder,
    signal: context.signal,
    recordUsage: true,
    prices: getModelPrices(),
    modelTimeoutMs: config.OPENAI_TIMEOUT_MS,
  };
  return { input, settled: async () => void (await Promise.all(notices)) };
}
