import type { ClaimVerdict } from "@/lib/domain/claim-check";
import { createTextEmbedder } from "@/lib/ai/embeddings";
import { createExtractiveClaimBackend } from "@/lib/claims/agents/extractive";
import { runClaimCheck } from "@/lib/claims/mode";
import { reportAnswer } from "@/lib/report/answer";
import type { Verdict } from "@/lib/report/bottom-line";
import { createExtractiveBackend } from "@/lib/research/agents/extractive";
import { runResearch } from "@/lib/research/mode";
import type { ResearchRunOutcome } from "@/lib/research/run";
import { createSources } from "@/lib/sources/registry";

/** Nothing is saved: the benchmarks read outcomes, not the database's run rows. */
const SILENT = { emit: async () => {}, saveEvidence: async () => {} };

/** A research run's bottom line and critic verdict. */
export interface ResearchAnswer {
  verdict: Verdict | null;
  unverified: boolean;
  outcome: ResearchRunOutcome;
}

/**
 * Researches a question over the local library with the extractive backend (the default a new user gets) and reads
 * its bottom line (lib/report/answer.ts reportAnswer). @throws when the run does not complete.
 */
export async function askResearch(question: string, maxIterations: number): Promise<ResearchAnswer> {
  const outcome = await runResearch({
    question,
    sourceIds: ["local"],
    sources: createSources(["local"], { treatmentQuestion: false }),
    backend: createExtractiveBackend(),
    maxIterations,
    timeoutMs: 60_000,
    recorder: SILENT,
  });
  if (outcome.status !== "completed") throw new Error(`research of “${question}” ${outcome.status}: ${outcome.error}`);
  const answered = reportAnswer(question, outcome.evidence, outcome.report);
  return { verdict: answered?.answer.verdict ?? null, unverified: outcome.report?.verification?.status === "unverified", outcome };
}

const embedder = createTextEmbedder({ model: null, modelId: null });

/** Checks one claim over the local library with the extractive claim check; its first claim's verdict. @throws when the check does not complete. */
export async function askClaim(text: string): Promise<ClaimVerdict> {
  const outcome = await runClaimCheck({
    text,
    sourceIds: ["local"],
    sources: createSources(["local"], { treatmentQuestion: false }),
    backend: createExtractiveClaimBackend(),
    embedder,
    timeoutMs: 60_000,
    recorder: SILENT,
  });
  if (outcome.status !== "completed") throw new Error(`claim check of “${text}” ${outcome.status}: ${outcome.error}`);
  return outcome.claims[0]?.verdict ?? "undecided";
}
