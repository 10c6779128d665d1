import { getRunEvidence, lastEventSeq, listRunEvents } from "@/lib/db/runs";
import { initialResearchState, type ResearchState } from "@/lib/research/state";
import { normaliseQuery } from "@/lib/research/search-step";
import { projectEvents } from "@/lib/runs/projections";

/**
 * The state of a finished research run rebuilt from what it saved, so a follow-up iteration continues it: its
 * evidence in the order found, hypotheses, assessments, the latest report, shortfalls, the queries searched and the
 * sources that failed, and the number of iterations; `seq` is its last event's seq.
 */
export async function restoreResearchState(runId: string): Promise<{ state: ResearchState; seq: number }> {
  const [events, evidence, seq] = await Promise.all([listRunEvents(runId), getRunEvidence(runId), lastEventSeq(runId)]);
  const projection = projectEvents(events);
  const state = initialResearchState();
  state.evidence = evidence;
  state.hypotheses = projection.hypotheses.map((h) => h.assessment);
  state.assessments = projection.assessments.map((a) => a.assessment);
  state.report = projection.report?.report ?? null;
  state.markdown = projection.report?.markdown ?? null;
  state.shortfalls = projection.shortfalls;
  state.queriesRun = events.flatMap((e) => (e.type === "search" ? [normaliseQuery(e.data.query)] : []));
  state.failedSources = [...new Set(projection.shortfalls.map((s) => s.source))];
  state.iterations = events.findLast((e) => e.type === "iteration-started")?.data.iteration ?? 0;
  return { state, seq };
}
