import crypto from "node:crypto";
import { createClaimCheckBackend } from "@/lib/claims/backend";
import type { ClaimCheckBackend } from "@/lib/claims/backend";
import { runClaimCheck, type ClaimCheckOutcome } from "@/lib/claims/run";
import { getConfig } from "@/lib/config";
import { applyMigrations } from "@/lib/db/migrate";
import { createRun, type RunSettings } from "@/lib/db/runs";
import type { SourceId } from "@/lib/domain/evidence";
import { defaultSources } from "@/lib/sources/registry";
import type { TextEmbedder } from "@/lib/ai/embeddings";
import { createDbRecorder } from "@/lib/runs/db-recorder";
import { launchRun, RunInputError } from "@/lib/runs/lifecycle";
import { claimCheckInputSchema, firstIssue } from "@/lib/runs/input";
import { enqueueOnServer } from "@/lib/runs/remote-enqueue";
import { claimCheckInput } from "./check-input";
import { claimDurableEngineAvailable, startClaimCheckDurably } from "./durable-start";
import { claimStages } from "./stages";
import { waitForClaimCheckOutcome } from "./wait";

/** Options of a new claim check; unset fields take the defaults (sources: see defaultSources). */
export interface StartClaimCheckOptions {
  /** A pasted claim or a whole abstract. */
  text: string;
  sources?: SourceId[];
  ownerId?: string | null;
  /** Override the backend (tests); default from the environment (LLM if OPENAI_API_KEY, else extractive). Executes in this process. */
  backend?: ClaimCheckBackend;
  /** Override the similarity embedder (tests); default provider embeddings when configured, else TF-IDF. Executes in this process. */
  embedder?: TextEmbedder;
}

/**
 * Validates the text, creates the Run row (mode "claim-check", the text in `question`) and starts the claim check
 * in the background like a research run (startResearchRun): `done` resolves when it ends (never rejects), a cancel
 * from anywhere reaches it, and every step is saved as an event, so the run page streams it live and it is listed
 * and shareable. On the server the check is durable (the Workflow SDK: lib/claims/workflow.ts), so a restart or
 * deploy resumes it; elsewhere (the CLI) it is enqueued on the server at CRITICA_SERVER_URL when set, durably too,
 * and otherwise executes in this process's memory (as with an overridden backend or embedder). Each model call of
 * an LLM backend is recorded as a `usage` event with its estimated cost.
 * @throws RunInputError for an empty or too long text.
 */
export async function startClaimCheck(options: StartClaimCheckOptions): Promise<{ runId: string; done: Promise<ClaimCheckOutcome> }> {
  const input = claimCheckInputSchema.safeParse({ text: options.text, sources: options.sources });
  if (!input.success) throw new RunInputError(firstIssue(input.error));
  const { text } = input.data;
  const config = getConfig();
  const overridden = Boolean(options.backend || options.embedder);
  // The CLI with a server at hand enqueues there, durably (issue 10); the server itself never forwards.
  if (config.CRITICA_SERVER_URL && !claimDurableEngineAvailable() && !overridden) {
    const runId = await enqueueOnServer(config.CRITICA_SERVER_URL, "/api/checks", input.data, { apiKey: config.CRITICA_API_KEY, ownerId: options.ownerId ?? null });
    return { runId, done: waitForClaimCheckOutcome(runId) };
  }
  await applyMigrations();
  const sourceIds = options.sources?.length ? options.sources : await defaultSources();
  const backend = options.backend ?? createClaimCheckBackend();
  const settings: RunSettings = { mode: "claim-check", question: text, sources: sourceIds, maxIterations: 1 };

  if (claimDurableEngineAvailable() && !overridden) {
    const runId = crypto.randomUUID();
    await createRun({ id: runId, settings, backend: backend.kind, model: backend.model, ownerId: options.ownerId ?? null });
    // The run-started event is saved before the answer, so the run page shows the check as started at once.
    const recorder = createDbRecorder(runId);
    await claimStages.announce({ text, backend, sourceIds, recorder });
    try {
      await startClaimCheckDurably(runId);
    } catch (error) {
      await recorder.emit("run-finished", { status: "failed", message: "The run could not be queued; please try again.", durationMs: 0 });
      throw error;
    }
    return { runId, done: waitForClaimCheckOutcome(runId) };
  }

  return launchRun({
    label: "claim check",
    settings,
    backend,
    ownerId: options.ownerId ?? null,
    execute: ({ recorder, signal }) => runClaimCheck(claimCheckInput(settings, { recorder, signal, backend, embedder: options.embedder }).input),
    crashed: (error) => ({ status: "failed", error: String(error), claims: [], shortfalls: [] }),
  });
}
