import { Timeline } from "./timeline";
import { chainLabel } from "@/lib/domain/hypothesis";
import type { RunEvent, RunEventPayloads } from "@/lib/domain/events";

/** One iteration of a run (or the steps before the first and after the last): its number and events. */
interface Step {
  iteration: number | null;
  events: RunEvent[];
}

/** The run's events cut at each iteration-started (events before the first form the opening step). */
function steps(events: RunEvent[]): Step[] {
  const out: Step[] = [{ iteration: null, events: [] }];
  for (const e of events) {
    if (e.type === "iteration-started") out.push({ iteration: e.data.iteration, events: [] });
    out.at(-1)!.events.push(e);
  }
  return out.filter((s) => s.iteration !== null || s.events.some((e) => e.type === "question-classified"));
}

function hypothesesKey(d: RunEventPayloads["hypotheses"]): string {
  return d.assessment.hypotheses
    .map((h) => `${chainLabel(h)}|${h.supportingEvidence.length}|${h.contradictingEvidence.length}`)
    .join(";");
}

function scoresKey(d: RunEventPayloads["assessment"]): string {
  return `${d.assessment.mechanismScore}|${d.assessment.clinicalScore}|${d.assessment.sufficient}`;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** One iteration in a line: its searches, new records, hypotheses (or "same as iteration N") and the judge's scores. */
function stepSummary(step: Step, sameHypotheses: number | null, sameScores: number | null): string {
  const searches = step.events.flatMap((e) => (e.type === "search" ? [e.data] : []));
  const added = step.events.reduce((n, e) => n + (e.type === "evidence" ? e.data.added.length : 0), 0);
  const hypotheses = step.events.findLast((e) => e.type === "hypotheses");
  const judged = step.events.findLast((e) => e.type === "assessment");
  const parts: string[] = [];
  if (searches.length > 0)
    parts.push(`${plural(searches.length, "search", "searches")}, ${plural(added, "new record", "new records")}`);
  if (hypotheses) {
    const n = hypotheses.data.assessment.hypotheses.length;
    parts.push(
      sameHypotheses !== null
        ? `same ${n === 1 ? "hypothesis" : "hypotheses"} as iteration ${sameHypotheses}`
        : plural(n, "hypothesis", "hypotheses"),
    );
  }
  if (judged) {
    const a = judged.data.assessment;
    const scores =
      `judge: mechanism ${a.mechanismScore}/10, clinical ${a.clinicalScore}/10, ` +
      `${a.sufficient ? "sufficient" : "not sufficient"}`;
    parts.push(sameScores !== null ? `${scores} (as in iteration ${sameScores})` : scores);
  }
  if (step.events.some((e) => e.type === "critic")) parts.push("report checked by the critic");
  return parts.join(" · ");
}

/** Each step with the earlier iteration whose hypotheses, and whose judge's scores, it repeats (null when new). */
function withRepeats(all: Step[]): Array<{ step: Step; sameHypotheses: number | null; sameScores: number | null }> {
  let lastHypotheses: { key: string; iteration: number } | null = null;
  let lastScores: { key: string; iteration: number } | null = null;
  return all.map((step) => {
    const h = step.events.findLast((e) => e.type === "hypotheses");
    const a = step.events.findLast((e) => e.type === "assessment");
    const hk = h ? hypothesesKey(h.data) : null;
    const sk = a ? scoresKey(a.data) : null;
    const sameHypotheses = hk !== null && lastHypotheses?.key === hk ? lastHypotheses.iteration : null;
    const sameScores = sk !== null && lastScores?.key === sk ? lastScores.iteration : null;
    if (step.iteration !== null && hk !== null && sameHypotheses === null)
      lastHypotheses = { key: hk, iteration: step.iteration };
    if (step.iteration !== null && sk !== null && sameScores === null)
      lastScores = { key: sk, iteration: step.iteration };
    return { step, sameHypotheses, sameScores };
  });
}

/**
 * The run's timeline in short (a finished report's "How this report was made"): one line per iteration — searches,
 * new records, hypotheses and the judge's scores — with an iteration whose hypotheses or scores repeat the previous
 * one's saying so instead of repeating them; every line opens on the iteration's full steps. Iterations after the
 * run's own `maxIterations` are research follow-ups and are named so, so counters stay true.
 */
export function CompactTimeline({ events, maxIterations }: { events: RunEvent[]; maxIterations: number }) {
  return (
    <ol className="space-y-1 text-sm" data-testid="timeline" aria-label="Research timeline">
      {withRepeats(steps(events)).map(({ step, sameHypotheses, sameScores }, i) => {
        // Repeated hypothesis cards and judge paragraphs are left out of the details too: the line says where they are.
        const shown = step.events.filter(
          (e) =>
            !(e.type === "hypotheses" && sameHypotheses !== null) && !(e.type === "assessment" && sameScores !== null),
        );
        const title =
          step.iteration === null
            ? "The question"
            : step.iteration > maxIterations
              ? `Iteration ${step.iteration} (follow-up)`
              : `Iteration ${step.iteration} of ${maxIterations}`;
        return (
          <li key={i} data-testid="timeline-step">
            <details>
              <summary className="cursor-pointer">
                <span className="font-medium">{title}</span>
                {step.iteration !== null && (
                  <span className="text-muted-foreground">
                    : {stepSummary(step, sameHypotheses, sameScores) || "no step recorded"}
                  </span>
                )}
              </summary>
              <div className="mt-2 border-l border-border pl-3">
                <Timeline events={shown.filter((e) => e.type !== "iteration-started")} testId="step-timeline" />
              </div>
            </details>
          </li>
        );
      })}
    </ol>
  );
}
