import { launchRun, RunInputError } from "@/lib/runs/lifecycle";
import { firstIssue, researchInputSchema } from "@/lib/runs/input";
import { createFallbackBackend, createReasoningBackend } from "@/lib/research/backend";
import { getModelPrices } from "@/lib/ai/providers";
import { getConfig } from "@/lib/config";
import { applyMigrations } from "@/lib/db/migrate";
import type { RunSettings } from "@/lib/db/runs";
import type { SourceId } from "@/lib/domain/evidence";
import { createSources, defaultSources, isTreatmentQuestion } from "@/lib/sources/registry";
import type { ReasoningBackend } from "@/lib/research/backend";
import { countLibraryRecords } from "@/lib/db/evidence";
import { loadLibraryEntities } from "@/lib/library/entity-dictionary";
import { compileEntityDictionary, type EntityDictionary } from "@/lib/evidence/annotation";
import type { ProviderErrorPolicy } from "@/lib/runs/agent-runner";
import { runResearch, type ResearchRunOutcome } from "@/lib/research/run";

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
 * Validates the options, creates the Run row and starts the workflow in the background, apart from any HTTP
 * request: the returned `done` resolves when the run ends (it never rejects). Closing the browser does not stop it.
 * @throws RunInputError for an empty or too long question or an iteration count outside 1–10.
 */
export async function startResearchRun(options: StartRunOptions): Promise<{ runId: string; done: Promise<ResearchRunOutcome> }> {
  const input = researchInputSchema.safeParse({
    question: options.question,
    sources: options.sources,
    maxIterations: options.maxIterations,
    onProviderError: options.onProviderError,
  });
  if (!input.success) throw new RunInputError(firstIssue(input.error));
  const { question } = input.data;
  const config = getConfig();
  const maxIterations = input.data.maxIterations ?? config.CRITICA_MAX_ITERATIONS;
  await applyMigrations();
  const sourceIds = options.sources?.length ? options.sources : await defaultSources();
  const backend = options.backend ?? createReasoningBackend();
  const onProviderError = options.onProviderError ?? "fail";
  const settings: RunSettings = { mode: "research", question, sources: sourceIds, maxIterations, onProviderError };
  const entityDictionary = await libraryDictionary();
  return launchRun({
    label: "run",
    settings,
    backend,
    ownerId: options.ownerId ?? null,
    execute: ({ recorder, signal }) =>
      runResearch({
        question,
        sourceIds,
        sources: createSources(sourceIds, { treatmentQuestion: isTreatmentQuestion(question) }),
        backend,
        maxIterations,
        timeoutMs: config.CRITICA_SOURCE_TIMEOUT_MS,
        recorder,
        entityDictionary,
        signal,
        onProviderError,
        fallbackBackend: onProviderError === "extractive" ? createFallbackBackend() : undefined,
        prices: getModelPrices(),
        modelTimeoutMs: config.OPENAI_TIMEOUT_MS,
      }),
    crashed: (error) => ({ status: "failed", error: String(error), iterations: 0, evidence: [], hypotheses: [], assessments: [], report: null, markdown: null, shortfalls: [] }),
  });
}
