import { Fragment, type ReactNode } from "react";
import {
  ClaimScoredEvent,
  ClaimSearchEvent,
  ClaimsExtractedEvent,
  ClaimVerdictEvent,
  CounterReportEvent,
  CounterStatementEvent,
} from "@/components/claims/claim-events";
import { AssessmentEvent } from "@/components/run/assessment-event";
import { CriticEvent } from "@/components/run/critic-event";
import { EvidenceEvent } from "@/components/run/evidence-event";
import { HypothesesEvent } from "@/components/run/hypotheses-event";
import { QuestionEvent } from "@/components/run/question-event";
import { RelevanceEvent } from "@/components/run/relevance-event";
import { SearchEvent } from "@/components/run/search-event";
import type { RunEvent, RunEventPayloads, RunEventType } from "@/lib/domain/events";

type Renderers = { [K in RunEventType]: (data: RunEventPayloads[K]) => ReactNode };

/** One small renderer per event type (the report and run-level notices are shown outside the timeline). */
const RENDERERS: Renderers = {
  "run-started": () => null,
  notice: () => null,
  "question-classified": (d) => <QuestionEvent data={d} />,
  report: () => null,
  "run-finished": () => null,
  // Model usage is summed in the run header (cost line), not listed per call.
  usage: () => null,
  critic: (d) => <CriticEvent data={d} />,
  // Claim-check steps (the full results are drawn by components/claims/claim-check-results).
  "claims-extracted": (d) => <ClaimsExtractedEvent data={d} />,
  "counter-statement": (d) => <CounterStatementEvent data={d} />,
  "claim-search": (d) => <ClaimSearchEvent data={d} />,
  "claim-scored": (d) => <ClaimScoredEvent data={d} />,
  "counter-report": (d) => <CounterReportEvent data={d} />,
  "claim-verdict": (d) => <ClaimVerdictEvent data={d} />,
  "iteration-started": (d) => (
    <li className="pt-2">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">Iteration {d.iteration}</h3>
    </li>
  ),
  search: (d) => <SearchEvent data={d} />,
  shortfall: (d) => (
    <li data-testid="shortfall" role="status" className="rounded-md bg-warning-soft px-3 py-1.5 text-sm text-warning">
      Shortfall: {d.message}
    </li>
  ),
  evidence: (d) => <EvidenceEvent data={d} />,
  relevance: (d) => <RelevanceEvent data={d} />,
  hypotheses: (d) => <HypothesesEvent data={d} />,
  assessment: (d) => <AssessmentEvent data={d} />,
};

function render(event: RunEvent): ReactNode {
  return (RENDERERS[event.type] as (data: RunEvent["data"]) => ReactNode)(event.data);
}

/** The run's saved events in order, each drawn by its renderer (`testId` names the list; an iteration's steps another). */
export function Timeline({ events, testId = "timeline" }: { events: RunEvent[]; testId?: string }) {
  return (
    <ol data-testid={testId} className="space-y-2" aria-label="Research timeline">
      {events.map((event) => {
        const node = render(event);
        return node ? <Fragment key={event.seq}>{node}</Fragment> : null;
      })}
    </ol>
  );
}
