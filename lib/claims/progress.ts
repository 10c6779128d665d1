import type { RunEvent, RunEventPayloads } from "@/lib/domain/events";

/** What the events of a claim check say about one claim so far (each step's event, or null before it). */
export interface ClaimProgress {
  n: number;
  claim: string;
  counter: RunEventPayloads["counter-statement"] | null;
  scored: RunEventPayloads["claim-scored"] | null;
  report: RunEventPayloads["counter-report"] | null;
  verdict: RunEventPayloads["claim-verdict"] | null;
}

/** The claims of a claim check with their progress, in claim order ([] before the claims are extracted). */
export function claimProgress(events: RunEvent[]): ClaimProgress[] {
  const extracted = events.find((e) => e.type === "claims-extracted");
  if (!extracted) return [];
  return extracted.data.claims.map((claim, i) => {
    const n = i + 1;
    const find = <K extends "counter-statement" | "claim-scored" | "counter-report" | "claim-verdict">(type: K) =>
      (events.find((e) => e.type === type && (e.data as { claim: number }).claim === n)?.data ?? null) as
        RunEventPayloads[K] | null;
    return {
      n,
      claim,
      counter: find("counter-statement"),
      scored: find("claim-scored"),
      report: find("counter-report"),
      verdict: find("claim-verdict"),
    };
  });
}

/** The progress line of a claim check: "Checking 3 claims… 1 done", "3 claims checked", or "Extracting claims…". */
export function claimCheckProgressText(events: RunEvent[], running: boolean): string {
  const claims = claimProgress(events);
  const done = claims.filter((c) => c.verdict).length;
  if (claims.length === 0) return running ? "Extracting claims…" : "No claims checked";
  const noun = claims.length === 1 ? "claim" : "claims";
  return running ? `Checking ${claims.length} ${noun}… ${done} done` : `${done} of ${claims.length} ${noun} checked`;
}
