import { researchIterationStages } from "@/lib/research/iteration-stages";
import { researchStages } from "@/lib/research/run";
import type { ResearchRunInput, ResearchState } from "@/lib/research/state";
import { withFollowUpFindings, type FollowUpReportFocus } from "./follow-up-findings";

/**
 * What a research follow-up asks: the run's own question, the follow-up as typed, its search focus and queries, and
 * how many records the run had before the iteration (the run's evidence only grows, so the records after them are the
 * iteration's new ones).
 */
export interface FollowUpRequest {
  question: string;
  followUp: string;
  focus: string;
  queries: string[];
  priorEvidence: number;
}

/** A follow-up iteration's state: the run's research state, restored from what it saved, with the follow-up. */
export type FollowUpState = ResearchState & { followUp: FollowUpRequest };

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

/**
 * A research follow-up ("look deeper into hERG") as one more iteration of a finished run: the research mode's stages
 * with the follow-up's queries as the iteration's search and the follow-up's findings in its report, the agents
 * answering the follow-up's question (followUpQuestion). It continues the run's seq and evidence ordinals.
 */
export const followUpStages = researchIterationStages<FollowUpState>({
  label: "follow-up iteration",
  search: {
    name: "follow-up search",
    stage: (input, state, iteration) => researchStages.followUpSearch(input, state, iteration, state.followUp.queries),
  },
  stages: {
    report: (input, state) => {
      const priorEvidenceIds = new Set(state.evidence.slice(0, state.followUp.priorEvidence).map((e) => e.id));
      return researchStages.report(followUpReportInput(input, { ...state.followUp, priorEvidenceIds }), state);
    },
  },
  input: (research, settings, state) => ({
    ...research,
    question: followUpQuestion(settings.question, state.followUp.followUp),
  }),
});
