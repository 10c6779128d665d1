import type { ResearchRunInput } from "@/lib/research/run";
import { withFollowUpFindings, type FollowUpReportFocus } from "./follow-up-findings";

/**
 * The question the agents of a follow-up iteration answer: the run's question with the follow-up, so hypotheses,
 * judge and the revised report address both ("Is lithium nephrotoxic…? Follow-up: what about children?").
 */
export function followUpQuestion(question: string, followUp: string): string {
  return `${question.trim()} Follow-up: ${followUp.trim()}`;
}

/**
 * The input of a follow-up iteration's report stage: its backends (and fallback) write reports that carry the
 * follow-up's findings from the iteration's new records (lib/chat/follow-up-findings), so report v2 answers the
 * follow-up and its change summary lists the references it added.
 */
export function followUpReportInput(input: ResearchRunInput, focus: FollowUpReportFocus): ResearchRunInput {
  return {
    ...input,
    backend: withFollowUpFindings(input.backend, focus),
    ...(input.fallbackBackend ? { fallbackBackend: withFollowUpFindings(input.fallbackBackend, focus) } : {}),
  };
}
