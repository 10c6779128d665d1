import { supportableEvidence } from "@/lib/evidence/provenance";
import type { ReadingAgent } from "./backend";
import type { ResearchRunInput, ResearchState } from "./state";
import { stageRunner } from "./stage-runner";

/**
 * The relevance stage before `agent` reads the evidence (the plan's "hypothesis relevance", "judge relevance" and
 * "report relevance", lib/research/mode.ts). On the model path the backend's relevance pass (selectEvidence) chooses
 * what the agent is shown: the records it would be shown (the supportable ones; the hypotheses so far focus their
 * excerpts), those the run has not scored yet summarised and scored 0–10 in batches asked at once, those scored 0
 * left out. The scores join `state.relevance`, the choice waits for the agent in `state.selection`, and a `relevance`
 * event says how many records the agent reads, how many were scored now and which were left out. The extractive
 * backend reads every record: then nothing is asked and nothing saved. Goes through the stage's agent runner as step
 * "relevance" (usage events, the provider-error policy).
 * @param iteration the iteration of the plan's `each` stages; 0 for the report's, which is recorded under the last one.
 */
export async function relevanceStage(
  input: ResearchRunInput,
  state: ResearchState,
  iteration: number,
  agent: ReadingAgent,
): Promise<ResearchState> {
  input.signal?.throwIfAborted();
  delete state.selection;
  // A question outside the biomedical literature is answered without any agent: nothing to choose for one.
  if (state.outOfScope) return state;
  const { runner, done } = stageRunner(input, state);
  try {
    const outcome = await runner.call("relevance", async (backend, onUsage) =>
      backend.selectEvidence
        ? backend.selectEvidence({
            agent,
            question: input.question,
            evidence: supportableEvidence(state.evidence),
            hypotheses: state.hypotheses.at(-1) ?? null,
            scores: state.relevance,
            signal: input.signal,
            hooks: { onUsage },
          })
        : null,
    );
    if (!outcome) return state;
    Object.assign(state.relevance, outcome.scores);
    state.selection = outcome.selection;
    await input.recorder.emit("relevance", {
      iteration: iteration || state.iterations,
      agent,
      shown: outcome.selection.ids.length,
      scored: Object.keys(outcome.scores).length,
      dropped: outcome.selection.dropped,
    });
  } finally {
    done();
  }
  return state;
}
