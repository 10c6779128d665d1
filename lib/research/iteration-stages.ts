import type { RunSettings } from "@/lib/db/runs";
import type { RunStages, Stage } from "@/lib/runs/mode";
import { RESEARCH_CLOSING, RESEARCH_ITERATION, researchMode, type ResearchOverrides } from "./mode";
import type { ResearchRunInput, ResearchRunOutcome, ResearchState } from "./state";

/**
 * The stages of one more iteration of a finished research run (a research follow-up, a watch's re-check), named
 * `label` in logs: its own search (`search`: the stage's name in the plan and the stage), then the research mode's
 * iteration and closing stages, any of which `stages` replaces by name (a follow-up's report). Each stage runs on the
 * input `input` makes of the research mode's input for the step; checkpoint, outcome and failure are the research
 * mode's. The state `S` is the run's research state with what the iteration adds to it.
 */
export function researchIterationStages<S extends ResearchState>(spec: {
  label: string;
  search: { name: string; stage: Stage<ResearchRunInput, S> };
  stages?: Record<string, Stage<ResearchRunInput, S>>;
  input(research: ResearchRunInput, settings: RunSettings, state: S): Promise<ResearchRunInput> | ResearchRunInput;
}): RunStages<ResearchRunInput, S, ResearchRunOutcome, ResearchOverrides> {
  return {
    label: spec.label,
    plan: { first: [], each: [spec.search.name, ...RESEARCH_ITERATION], last: RESEARCH_CLOSING },
    stages: { ...researchMode.stages, [spec.search.name]: spec.search.stage, ...spec.stages },
    async input(settings, context, state) {
      return spec.input(await researchMode.input(settings, context, state), settings, state);
    },
    checkpoint: researchMode.checkpoint,
    outcome: researchMode.outcome,
    failed: researchMode.failed,
  };
}
