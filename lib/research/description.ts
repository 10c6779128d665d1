import type { RunEvent } from "@/lib/domain/events";
import type { ModeDescription } from "@/lib/runs/mode";

/**
 * The progress line of a research run: "Researching… iteration 2 of 3" while it runs (iteration 1 before the first
 * starts), then "1 iteration" / "3 iterations" (the last iteration started).
 */
export function researchProgressText(events: RunEvent[], running: boolean, maxIterations: number): string {
  const iteration = events.findLast((e) => e.type === "iteration-started")?.data.iteration ?? 0;
  if (running) return `Researching… iteration ${Math.max(iteration, 1)} of ${maxIterations}`;
  return `${iteration} ${iteration === 1 ? "iteration" : "iterations"}`;
}

/** The research mode as code that serves every mode, in the browser too, knows it (lib/research/mode.ts spreads it). */
export const researchDescription: ModeDescription = {
  name: "research",
  label: "run",
  progress: researchProgressText,
};
