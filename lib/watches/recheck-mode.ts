import { getCheck, getWatch } from "@/lib/db/watches";
import type { SourceId } from "@/lib/domain/evidence";
import { researchIterationStages } from "@/lib/research/iteration-stages";
import { researchStages } from "@/lib/research/run";
import type { ResearchRunInput, ResearchState } from "@/lib/research/state";
import { replayingSources, restrictedSources } from "./probe";

/** A re-check's state: the watched run's research state, restored from what it saved, with the check it belongs to. */
export type RecheckState = ResearchState & { checkId: string };

/**
 * The sources of a re-check: the run's sources that the watch watches, each restricted to records changed since that
 * source's last check (lib/watches/probe.ts), answering the probe's saved searches from the probe, so the iteration
 * reads exactly what the probe found. Every source of the run when the check or its probe is gone (the watch was
 * deleted meanwhile; its workflow stops after this check).
 */
async function recheckInput(input: ResearchRunInput, checkId: string): Promise<ResearchRunInput> {
  const check = await getCheck(checkId);
  if (!check?.probe) return input;
  const watch = await getWatch(check.watchId);
  const watched = new Set<SourceId>(watch?.sources ?? check.since.map((s) => s.source));
  const since = new Map(check.since.map((s) => [s.source, new Date(s.since)]));
  const sources = replayingSources(
    restrictedSources(
      input.sources.filter((s) => watched.has(s.id)),
      since,
    ),
    check.probe,
  );
  return { ...input, sources, sourceIds: sources.map((s) => s.id) };
}

/**
 * A watched research run's re-check as one more iteration of the run, like a research follow-up
 * (lib/chat/follow-up-mode.ts): the question searched again on the watch's sources restricted to what changed, then
 * the research mode's hypotheses, targeted searches and judge, and the report under the critic — the run's next
 * report version. The engine runs it (lib/runs): each stage a durable step of the watch's workflow.
 */
export const recheckStages = researchIterationStages<RecheckState>({
  label: "watch re-check",
  search: {
    name: "watch search",
    stage: (input, state, iteration) => researchStages.followUpSearch(input, state, iteration, [input.question]),
  },
  input: (research, _settings, state) => recheckInput(research, state.checkId),
});
