import type { ModeTimeline } from "@/components/modes/presentation";
import { AssessmentEvent } from "./assessment-event";
import { CriticEvent } from "./critic-event";
import { HypothesesEvent } from "./hypotheses-event";
import { QuestionEvent } from "./question-event";
import { RelevanceEvent } from "./relevance-event";

/**
 * A research run's own timeline entries: the question's reading, relevance passes, hypothesis cards, judge scores,
 * critic verdicts.
 */
export const researchTimeline: ModeTimeline = {
  events: {
    "question-classified": (d) => <QuestionEvent data={d} />,
    relevance: (d) => <RelevanceEvent data={d} />,
    hypotheses: (d) => <HypothesesEvent data={d} />,
    assessment: (d) => <AssessmentEvent data={d} />,
    critic: (d) => <CriticEvent data={d} />,
  },
};
