import { claimCheckTimeline } from "@/components/modes/claim-check/events";
import { researchTimeline } from "@/components/modes/research/events";
import type { ModeTimeline } from "./presentation";

/**
 * The timeline entries of each mode of lib/modes.ts (components/modes/<mode>/events.tsx): a new mode is one line
 * here, as in components/modes/index.ts. Read by the timeline (components/run/timeline.tsx).
 */
export const timelines: readonly ModeTimeline[] = [researchTimeline, claimCheckTimeline];
