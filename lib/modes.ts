import { claimCheckMode, type ClaimCheckOverrides, type ClaimCheckRequest } from "@/lib/claims/mode";
import type { ClaimCheckInput, ClaimCheckOutcome, ClaimCheckState } from "@/lib/claims/state";
import { claimCheckWorkflow } from "@/lib/claims/workflow";
import type { DurableMode } from "@/lib/runs/mode";
import { modeRegistry, registerMode } from "@/lib/runs/registry";
import { researchMode, type ResearchOverrides, type ResearchRequest } from "@/lib/research/mode";
import type { ResearchRunInput, ResearchRunOutcome, ResearchState } from "@/lib/research/state";
import { researchWorkflow } from "@/lib/research/workflow";

// The run modes a user starts by name (the forms, the API, the command line, a re-run), each with the durable workflow
// that lists its steps. A mode file cannot hold its own workflow: the workflow's steps import the mode.

/** A research run. */
export const research: DurableMode<
  ResearchRequest,
  ResearchRunInput,
  ResearchState,
  ResearchRunOutcome,
  ResearchOverrides
> = { ...researchMode, workflow: researchWorkflow };

/** A claim check. */
export const claimCheck: DurableMode<
  ClaimCheckRequest,
  ClaimCheckInput,
  ClaimCheckState,
  ClaimCheckOutcome,
  ClaimCheckOverrides
> = { ...claimCheckMode, workflow: claimCheckWorkflow };

/**
 * Every mode, in the order the home page offers them: what code that serves any mode asks by a run's name
 * (components/modes holds the presentation of each). A new mode is one line here.
 */
export const registry = modeRegistry([registerMode(research), registerMode(claimCheck)]);
