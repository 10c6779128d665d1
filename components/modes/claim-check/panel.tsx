"use client";

import type { ModeResultsProps } from "@/components/modes/presentation";
import { ClaimFlowDiagramPanel } from "./flow-diagram-panel";
import { ClaimCheckResults } from "./results";

/** A claim check's results on the run page: each claim with its verdict and evidence, then its flow diagrams. */
export function ClaimCheckPanel({ events, running }: ModeResultsProps) {
  return (
    <>
      <ClaimCheckResults events={events} running={running} />
      <ClaimFlowDiagramPanel events={events} />
    </>
  );
}
