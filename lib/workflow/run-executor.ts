import crypto from "node:crypto";
import { createFallbackBackend, createReasoningBackend, getModelPrices } from "@/lib/ai/providers";
import { getConfig } from "@/lib/config";
import { applyMigrations } from "@/lib/db/migrate";
import { createRun, type RunSettings } from "@/lib/db/runs";
import type { SourceId } from "@/lib/models/evidence";
import { createSources, defaultSources, isTreatmentQuestion } from "@/lib/sources/registry";
import type { ReasoningBackend } from "@/lib/agents/types";
import { countLibraryRecords } from "@/lib/db/evidence";
import { loadLibraryEntities } from "@/lib/library/entity-dictionary";
import { compileEntityDictionary, type EntityDictionary } from "@/lib/workflow/annotate-evidence";
import type { ProviderErrorPolicy } from "@/lib/workflow/agent-runner";
import { createDbRecorder } from "@/lib/workflow/db-recorder";
import { runResearch, type ResearchRunOutcome } from "@/lib/workflow/run-research";

/** Longest question accepted, in characters. */
export const MAX_QUESTION_LENGTH = 2000;

/** Thrown for input a user must fix (empty question, bad iteration count); its message is safe to show. */
export class RunInputError extends Error {}

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
  __criticaRuns?: Map<string, AbortController>;
  __criticaDictionary?: { libraryCount: number; dictionary: EntityDictionary | null };
};
const controllers = (running.__criticaRuns ??= new Map());

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
  const question = options.question.trim().replace(/\s+/g, " ");
  if (!question) throw new RunInputError("Please enter a question.");
  if (question.length > MAX_QUESTION_LENGTH) throw new RunInputError(`The question is longer than ${MAX_QUESTION_LENGTH} characters.`);
  const config = getConfig();
  const maxIterations = options.maxIterations ?? config.CRITICA_MAX_ITERATIONS;
  if (!Number.isInteger(maxIterations) || maxIterations < 1 || maxIterations > 10) {
    throw new RunInputError("The number of iterations must be a whole number from 1 to 10.");
  }
  await applyMigrations();
  const sourceIds = options.sources?.length ? options.sources : await defaultSources();
  const backend = options.backend ?? createReasoningBackend();
  const onProviderError = options.onProviderError ?? "fail";
  const settings: RunSettings = { mode: "research", question, sources: sourceIds, maxIterations, onProviderError };
  const runId = crypto.randomUUID();
  await createRun({ id: runId, settings, backend: backend.kind, model: backend.model, ownerId: options.ownerId ?? null });

  const controller = new AbortController();
  controllers.set(runId, controller);
  const done = runResearch({
    question,
    sourceIds,
    sources: createSources(sourceIds, { treatmentQuestion: isTreatmentQuestion(question) }),
    backend,
    maxIterations,
    timeoutMs: config.CRITICA_SOURCE_TIMEOUT_MS,
    recorder: createDbRecorder(runId),
    entityDictionary: await libraryDictionary(),
    signal: controller.signal,
    onProviderError,
    fallbackBackend: onProviderError === "extractive" ? createFallbackBackend() : undefined,
    prices: getModelPrices(),
    modelTimeoutMs: config.OPENAI_TIMEOUT_MS,
  })
    .catch((error: unknown): ResearchRunOutcome => {
      console.error(`run ${runId} could not record its end:`, error);
      return { status: "failed", error: String(error), iterations: 0, evidence: [], hypotheses: [], assessments: [], report: null, markdown: null, shortfalls: [] };
    })
    .finally(() => controllers.delete(runId));
  return { runId, done };
}

/**
 * Cancels a run executing in this process. The run ends with status "cancelled" and keeps what it found.
 * @returns false when no such run is executing here.
 */
export function cancelRun(runId: string): boolean {
  const controller = controllers.get(runId);
  if (!controller) return false;
  controller.abort(new Error("cancelled by the user"));
  return true;
}

/** Whether the run is executing in this process. */
export function isRunActive(runId: string): boolean {
  return controllers.has(runId);
}

/**
 * Registers a run that executes in this process (any mode, e.g. a claim check) so {@link cancelRun} and
 * {@link isRunActive} reach it. @returns the run's AbortController and `release`, to call once the run has ended.
 */
export function trackRun(runId: string): { controller: AbortController; release: () => void } {
  const controller = new AbortController();
  controllers.set(runId, controller);
  return { controller, release: () => void controllers.delete(runId) };
}
