import type { ClaimVerdict } from "@/lib/domain/claim-check";
import { runClaimCheck } from "@/lib/claims/mode";
import { reportAnswer } from "@/lib/report/appraise/answer";
import type { Verdict } from "@/lib/report/appraise/bottom-line";
import { runResearch } from "@/lib/research/mode";
import type { ResearchRunOutcome } from "@/lib/research/state";
import { createSources } from "@/lib/sources/registry";
import type { LiteratureSource } from "@/lib/sources/types";
import { evalModel, type EvalModel } from "./eval-model";

/** A research run's bottom line and critic verdict. */
export interface ResearchAnswer {
  verdict: Verdict | null;
  unverified: boolean;
  outcome: ResearchRunOutcome;
}

/**
 * The extractive backend (the default a new user gets). Its recorder keeps only `usage` events, which the
 * extractive backend never emits: nothing is saved, the benchmarks read outcomes, not the database's run rows.
 */
const EXTRACTIVE = evalModel("extractive");

/**
 * Researches a question over the local library with the backend of `model` (default extractive; `llm` is the
 * configured model, whose usage goes to `model.recorder`) and reads its bottom line (lib/report/appraise/answer.ts
 * reportAnswer). @throws when the run does not complete.
 */
export async function askResearch(
  question: string,
  maxIterations: number,
  model: EvalModel = EXTRACTIVE,
): Promise<ResearchAnswer> {
  const outcome = await runResearch({
    question,
    sourceIds: ["local"],
    sources: createSources(["local"], { treatmentQuestion: false }),
    backend: model.research(),
    maxIterations,
    timeoutMs: 60_000,
    recorder: model.recorder,
    prices: model.prices,
    modelTimeoutMs: model.modelTimeoutMs,
  });
  if (outcome.status !== "completed") {
    throw new Error(`research of “${question}” ${outcome.status}: ${outcome.error}`);
  }
  const answered = reportAnswer(question, outcome.evidence, outcome.report);
  return {
    verdict: answered?.answer.verdict ?? null,
    unverified: outcome.report?.verification?.status === "unverified",
    outcome,
  };
}

/**
 * Checks one claim with the claim check of `model` (default the extractive one; `llm` is the configured model,
 * whose usage goes to `model.recorder`) over `sources` (default the local library); its first claim's verdict.
 * @throws when the check does not complete.
 */
export async function askClaim(
  text: string,
  model: EvalModel = EXTRACTIVE,
  sources?: LiteratureSource[],
): Promise<ClaimVerdict> {
  const outcome = await runClaimCheck({
    text,
    sourceIds: ["local"],
    sources: sources ?? createSources(["local"], { treatmentQuestion: false }),
    backend: model.claims(),
    embedder: model.embedder(),
    timeoutMs: 60_000,
    recorder: model.recorder,
    recordUsage: model.name === "llm",
    prices: model.prices,
    modelTimeoutMs: model.modelTimeoutMs,
  });
  if (outcome.status !== "completed") {
    throw new Error(`claim check of “${text}” ${outcome.status}: ${outcome.error}`);
  }
  return outcome.claims[0]?.verdict ?? "undecided";
}
