import { useMemo } from "react";
import { FlowDiagramFigure } from "@/components/run/flow-diagram-figure";
import type { RunEvent } from "@/lib/domain/events";
import { claimCheckFlows } from "@/lib/report/appraise/flow-diagram";
import { claimFlowLayout } from "@/lib/report/render/flow-diagram-layout";

/**
 * The PRISMA 2020 flow diagram of each claim of a claim check (documents found per strategy → scored → above
 * the threshold → cited), drawn from the run's events; nothing until a claim's documents have been scored.
 */
export function ClaimFlowDiagramPanel({ events }: { events: RunEvent[] }) {
  const flows = useMemo(() => claimCheckFlows(events).filter((f) => f.screened > 0 || f.included > 0), [events]);
  if (flows.length === 0) return null;
  return (
    <section aria-labelledby="claim-prisma-heading" className="rounded-lg border border-border bg-card p-4 print-break">
      <h2 id="claim-prisma-heading" className="mb-3 text-lg font-semibold">
        How the evidence was found
      </h2>
      <div className="space-y-4">
        {flows.map((f) => (
          <FlowDiagramFigure
            key={f.claim}
            idPrefix={`claim-${f.claim}-prisma`}
            layout={claimFlowLayout(f)}
            caption={
              `Claim ${f.claim}: PRISMA 2020 flow diagram (Page et al., BMJ 2021;372:n71), counted from the ` +
              `check's saved events.`
            }
          />
        ))}
      </div>
    </section>
  );
}
