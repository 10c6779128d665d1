import type { RunEvent } from "@/lib/domain/events";
import type { ClaimVerdict } from "@/lib/domain/claim-check";

/** A claim check version's claims with their verdicts, in claim order, from its claim-verdict events. */
export function claimVerdicts(events: RunEvent[]): Array<{ claim: string; verdict: ClaimVerdict }> {
  return events
    .flatMap((e) => (e.type === "claim-verdict" ? [e.data] : []))
    .sort((a, b) => a.claim - b.claim)
    .map((v) => ({ claim: v.result.claim, verdict: v.result.verdict }));
}

/** The records a claim check version's verdicts cite (each once, in claim and citation order). */
export function claimCitations(events: RunEvent[]): Array<{ evidenceId: string; title: string }> {
  const seen = new Map<string, string>();
  for (const e of events)
    if (e.type === "claim-verdict")
      for (const c of e.data.result.citations) if (!seen.has(c.evidenceId)) seen.set(c.evidenceId, c.title);
  return [...seen].map(([evidenceId, title]) => ({ evidenceId, title }));
}

/** The claims a claim check searched (its claims-extracted event), or [] before extraction. */
export function extractedClaims(events: RunEvent[]): string[] {
  return events.find((e) => e.type === "claims-extracted")?.data.claims ?? [];
}
