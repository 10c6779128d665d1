import { z } from "zod";
import type { ReportRepair } from "./critic";
import type { AgentPartial } from "./partial";

/**
 * Which agent made a model call ("embedding" for the evidence embeddings used to pick diverse evidence; "relevance" for
 * the research agents' batched relevance pass, which drops records that do not bear on the question; the "claim-…"
 * and "counter-…" agents are the claim check's, lib/claims/agents/llm; "chat-classify" reads a follow-up's kind and
 * "chat-answer" answers it, lib/chat).
 */
export const agentNameSchema = z.enum([
  "hypothesis",
  "judge",
  "report",
  "critic",
  "relevance",
  "embedding",
  "claim-extraction",
  "counter-statement",
  "claim-scoring",
  "claim-passages",
  "counter-report",
  "claim-verdict",
  "chat-classify",
  "chat-answer",
]);
export type AgentName = z.infer<typeof agentNameSchema>;

/**
 * Token usage of one model call (AI SDK `result.usage`, counts in tokens; undefined when the provider did not
 * report them). `attempt` is 1 for the first call, 2 for the retry after an invalid object.
 */
export interface ModelUsage {
  agent: AgentName;
  attempt: number;
  inputTokens: number | undefined;
  outputTokens: number | undefined;
  totalTokens: number | undefined;
}

/**
 * Callbacks through which an agent reports, during one call, what the workflow records: the usage of each model
 * call, evidence references it dropped because they named no offered record, and (report agent) what it had to
 * remove or replace in the model's draft, and (LLM hypothesis and report agents) the answer as it streams, which
 * live viewers see before the final answer is saved. `onSearchSuggestions` (LLM hypothesis agent) receives, as the
 * answer streams, the search suggestions of every hypothesis written so far, in answer order, so the workflow can
 * start those searches before the answer ends, which hides their latency; the final answer still decides which are run.
 */
export interface AgentHooks {
  onUsage?: (usage: ModelUsage) => void;
  onDroppedEvidenceIds?: (refs: string[]) => void;
  onReportRepairs?: (repairs: ReportRepair[]) => void;
  onPartial?: (partial: AgentPartial) => void;
  onSearchSuggestions?: (queries: string[]) => void;
}
