import type { ModeDescription } from "@/lib/runs/mode";
import { claimCheckProgressText } from "./progress";

/** The claim check as code that serves every mode, in the browser too, knows it (lib/claims/mode.ts spreads it). */
export const claimCheckDescription: ModeDescription = {
  name: "claim-check",
  label: "claim check",
  progress: (events, running) => claimCheckProgressText(events, running),
};
