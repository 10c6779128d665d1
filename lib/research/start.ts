import crypto from "node:crypto";
import { RunInputError, trackRun } from "@/lib/runs/lifecycle";
import { firstIssue, researchInputSchema } from "@/lib/runs/input";
import { createFallbackBackend, createReasoningBackend } from "@/lib/research/backend";
import { getModelPrices } from "@/lib/ai/providers";
import { getConfig } from "@/lib/config";
import { applyMigrations } from "@/lib/db/migrate";
import { createRun, type RunSettings } from "@/lib/db/runs";
import type { SourceId } from "@/lib/domain/evidence";
import { createSources, defaultSources, isTreatmentQuestion } from "@/lib/sources/registry";
import type { ReasoningBackend } from "@/lib/research/backend";
import { countLibraryRecords } from "@/lib/db/evidence";
import { loadLibraryEntities } from "@/lib/library/entity-dictionary";
import { compileEntityDictionary, type EntityDictionary } from "@/lib/evidence/annotation";
import type { ProviderErrorPolicy } from "@/lib/runs/agent-runner";
import { createDbRecorder } from "@/lib/runs/db-recorder";
import { researchStages, runResearch, type ResearchRunInput, type ResearchRunOutcome } from "@/lib/research/run";
import type { RunRecorder } from "@/lib/runs/recorder";
import { durableEngineAvailable, startResearchDurably } from "@/lib/research/durable-start";
import { waitForResearchOutcome } from "@/lib/research/wait";
import { enqueueOnServer } from "@/lib/runs/remote-enqueue";

/** Options of a new research run; unset fields take the defaults (sources: see defaultSources). */
export interface StartRunOptions {
  question: string;
  sources?: SourceId[];
  maxIterations?: number;
  ownerId?: string | null;
  /** Override the reasoning backend (tests); default from the environment (LLM if OPENAI_API_KEY, else extractive). */
  backend?: ReasoningBackend;
  /**
   * What an LLM run does when the provider fails (401, 429, 5xx, timeout): "fail" (default) ends it as failed
   * with a clear message and everything found kept; "extractive" finishes it on the extractive backend.
   */
  onProviderError?: ProviderErrorPolicy;
  /** "bypass": ask the live sources even when the source cache holds their answer (default "use"). */
  sourceCache?: "use" | "bypass";
}

const running = globalThis as unknown as {
  __criticaDictionary?: { libraryCount: number; dictionary: EntityDictionary | null };
};

/** The entity dictionary of the local library, rebuilt when the library's size changes (null when it is empty). */
async function libraryDictionary(): Promise<EntityDictionary | null> {
  const libraryCount = await countLibraryRecords();
  if (running.__criticaDictionary?.libraryCount !== libraryCount) {
    const entities = libraryCount > 0 ? await loadLibraryEntities() : [];
    running.__criticaDictionary = { libraryCount, dictionary: entities.length ? compileEntityDictionary(entities) : null };
  }
  return running.__criticaDictionary.dictionary;
}

/**
 * The input of a research run with these settings: its sources (treatment questions also search trial
 * registries), the backend (default from the environment), the library's entity dictionary, the configured time
 * limits and prices, and the extractive fallback when the settings ask for it. Used by the in-process start and
 * by each durable step, which rebuilds it from the Run's stored settings.
 */
export async function researchRunInput(
  settings: RunSettings,
  context: { recorder: RunRecorder; signal?: AbortSignal; backend?: ReasoningBackend },
): Promise<ResearchRunInput> {
  const config = getConfig();
  const onProviderError = settings.onProviderError ?? "fail";
  return {
    question: settings.question,
    sourceIds: settings.sources,
    sources: createSources(settings.sources, { treatmentQuestion: isTreatmentQuestion(settings.question), cache: settings.sourceCache !== "bypass" }),
    backend: context.backend ?? createReasoningBackend(),
    maxIterations: settings.maxIterations,
    timeoutMs: config.CRITICA_SOURCE_TIMEOUT_MS,
    recorder: context.recorder,
    entityDictionary: await libraryDictionary(),
    signal: context.signal,
    onProviderError,
    fallbackBackend: onProviderError === "extractive" ? createFallbackBackend() : undefined,
    prices: getModelPrices(),
    modelTimeoutMs: config.OPENAI_TIMEOUT_MS,
  };
}

/**
 * Validates the options, creates the Run row and starts the workflow in the background, apart from any HTTP
 * request: the returned `done` resolves when the run ends (it never rejects). Closing the browser does not stop it.
 * On the server the run is durable (the Workflow SDK); elsewhere (the CLI) it is enqueued on the server at
 * CRITICA_SERVER_URL when set, durably too, and otherwise executes in this process's memory.
 * @throws RunInputError for an empty or too long question or an iteration count outside 1–10.
 */
export async function startResearchRun(options: StartRunOptions): Promise<{ runId: string; done: Promise<ResearchRunOutcome> }> {
  const input = researchInputSchema.safeParse({
    question: options.question,
    sources: options.sources,
    maxIterations: options.maxIterations,
    onProviderError: options.onProviderError,
    sourceCache: options.sourceCache,
  });
  if (!input.success) throw new RunInputError(firstIssue(input.error));
  const { question } = input.data;
  const config = getConfig();
  // The CLI with a server at hand enqueues there, durably (issue 10); the server itself never forwards.
  if (config.CRITICA_SERVER_URL && !durableEngineAvailable() && !options.backend) {
    const runId = await enqueueOnServer(config.CRITICA_SERVER_URL, "/api/runs", input.data, { apiKey: config.CRITICA_API_KEY, ownerId: options.ownerId ?? null });
    return { runId, done: waitForResearchOutcome(runId) };
  }
  const maxIterations = input.data.maxIterations ?? config.CRITICA_MAX_ITERATIONS;
  await applyMigrations();
  const sourceIds = options.sources?.length ? options.sources : await defaultSources();
  const backend = options.backend ?? createReasoningBackend();
  const onProviderError = options.onProviderError ?? "fail";
  const settings: RunSettings = { mode: "research", question, sources: sourceIds, maxIterations, onProviderError, ...(input.data.sourceCache === "bypass" ? { sourceCache: "bypass" as const } : {}) };
  const runId = crypto.randomUUID();
  await createRun({ id: runId, settings, backend: backend.kind, model: backend.model, ownerId: options.ownerId ?? null });

  if (durableEngineAvailable()) {
    // The run-started event is saved before the answer, so the run page shows the run as started at once; it needs
    // none of the run's inputs that take time to build (the library's entity dictionary: issue 12, firstEvent).
    const recorder = createDbRecorder(runId);
    await researchStages.announce({ question, backend, sourceIds, maxIterations, recorder });
    try {
      await startResearchDurably(runId);
    } catch (error) {
      await recorder.emit("run-finished", { status: "failed", message: "The run could not be queued; please try again.", durationMs: 0 });
      throw error;
    }
    return { runId, done: waitForResearchOutcome(runId) };
  }

  const { controller, release } = trackRun(runId);
  const done = runResearch(await researchRunInput(settings, { recorder: createDbRecorder(runId), signal: controller.signal, backend }))
    .catch((error: unknown): ResearchRunOutcome => {
      console.error(`run ${runId} could not record its end:`, error);
      return { status: "failed", error: String(error), iterations: 0, evidence: [], hypotheses: [], assessments: [], report: null, markdown: null, shortfalls: [] };
    })
    .finally(release);
  return { runId, done };
}
