import { createClaimCheckBackend, createClaimEmbedder } from "@/lib/claims/backend";
import { getModelPrices } from "@/lib/ai/providers";
import type { ClaimCheckBackend } from "@/lib/claims/backend";
import { runClaimCheck, type ClaimCheckOutcome } from "@/lib/claims/run";
import { getConfig } from "@/lib/config";
import { applyMigrations } from "@/lib/db/migrate";
import type { RunSettings } from "@/lib/db/runs";
import type { SourceId } from "@/lib/domain/evidence";
import { createSources, defaultSources } from "@/lib/sources/registry";
import type { TextEmbedder } from "@/lib/ai/embeddings";
import type { RunRecorder } from "@/lib/runs/recorder";
import { launchRun, RunInputError } from "@/lib/runs/lifecycle";
import { claimCheckInputSchema, firstIssue } from "@/lib/runs/input";

/** Options of a new claim check; unset fields take the defaults (sources: see defaultSources). */
export interface StartClaimCheckOptions {
  /** A pasted claim or a whole abstract. */
  text: string;
  sources?: SourceId[];
  ownerId?: string | null;
  /** Override the backend (tests); default from the environment (LLM if OPENAI_API_KEY, else extractive). */
  backend?: ClaimCheckBackend;
  /** Override the similarity embedder (tests); default provider embeddings when configured, else TF-IDF. */
  embedder?: TextEmbedder;
}

/**
 * Validates the text, creates the Run row (mode "claim-check", the text in `question`) and starts the claim check
 * in the background like a research run (startResearchRun): `done` resolves when it ends (never rejects), cancelRun
 * reaches it, and every step is saved as an event, so the run page streams it live and it is listed and shareable.
 * Each model call of an LLM backend is recorded as a `usage` event with its estimated cost.
 * @throws RunInputError for an empty or too long text.
 */
export async function startClaimCheck(options: StartClaimCheckOptions): Promise<{ runId: string; done: Promise<ClaimCheckOutcome> }> {
  const input = claimCheckInputSchema.safeParse({ text: options.text, sources: options.sources });
  if (!input.success) throw new RunInputError(firstIssue(input.error));
  const { text } = input.data;
  const config = getConfig();
  await applyMigrations();
  const sourceIds = options.sources?.length ? options.sources : await defaultSources();

  // The recorder exists only once the run row does; the embedder's fallback notice reaches it through this sink.
  let recorder: RunRecorder | null = null;
  const backend = options.backend ?? createClaimCheckBackend();
  const embedder =
    options.embedder ??
    createClaimEmbedder(() => {
      void recorder?.emit("notice", { level: "warning", message: "The embedding model failed; TF-IDF similarity was used instead." }).catch(() => undefined);
    });
  const settings: RunSettings = { mode: "claim-check", question: text, sources: sourceIds, maxIterations: 1 };
  return launchRun({
    label: "claim check",
    settings,
    backend,
    ownerId: options.ownerId ?? null,
    execute: ({ recorder: runRecorder, signal }) => {
      recorder = runRecorder;
      return runClaimCheck({
        text,
        sourceIds,
        sources: createSources(sourceIds, { treatmentQuestion: false }),
        backend,
        embedder,
        timeoutMs: config.CRITICA_SOURCE_TIMEOUT_MS,
        recorder: runRecorder,
        signal,
        recordUsage: true,
        prices: getModelPrices(),
        modelTimeoutMs: config.OPENAI_TIMEOUT_MS,
      });
    },
    crashed: (error) => ({ status: "failed", error: String(error), claims: [], shortfalls: [] }),
  });
}
