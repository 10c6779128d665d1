import { Fragment, type ReactNode } from "react";
import { timelines } from "@/components/modes/events";
import { timelineRegistry, type EventRenderers } from "@/components/modes/presentation";
import { EvidenceEvent } from "./evidence-event";
import { SearchEvent } from "./search-event";
import type { RunEvent } from "@/lib/domain/events";

/**
 * The renderers of the event types every mode shares (the report and run-level notices are shown outside the
 * timeline); each mode adds its own (components/modes/events.ts).
 */
const SHARED: EventRenderers = {
  "run-started": () => null,
  notice: () => null,
  report: () => null,
  "run-finished": () => null,
  // Model usage is summed in the run header (cost line), not listed per call.
  usage: () => null,
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
};

const ENTRIES = timelineRegistry(SHARED, timelines);

function render(event: RunEvent): ReactNode {
  if (event.type === "mode-event") {
    // A mode's own event (lib/runs/mode-event.ts): drawn by the renderer of its kind.
    for (const entry of ENTRIES.modeEvents) {
      const node = entry(event);
      if (node !== null) return node;
    }
    return null;
  }
  const renderer = ENTRIES.events[event.type] as ((data: RunEvent["data"]) => ReactNode) | undefined;
  return renderer ? renderer(event.data) : null;
}

/**
 * The run's saved events in order, each drawn by its renderer (`testId` names the list; an iteration's steps another).
 */
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
