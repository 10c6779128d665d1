import type { ModePresentation } from "@/components/modes/presentation";
import { claimCheckDescription } from "@/lib/claims/description";
import { ClaimForm } from "./form";
import { ClaimCheckPanel } from "./panel";

/** How a claim check looks: "Check a claim" on the home page, its claims with verdicts, its steps, its re-checks. */
export const claimCheckPresentation: ModePresentation = {
  mode: claimCheckDescription,
  choice: { key: "claim", label: "Check a claim" },
  Form: ClaimForm,
  Results: ClaimCheckPanel,
  badge: claimCheckDescription.label,
};
