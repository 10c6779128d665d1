import { listRunEvents } from "@/lib/db/runs";
import { claimResultsFromEvents } from "./json";

/**
 * The verdicts of a claim check as the history shows them: each checked claim's verdict on the original claim, in
 * claim order ("contradicts"; "supports, undecided" for two claims); null when no claim has its verdict.
 */
export async function claimCheckVerdict(run: { id: string }): Promise<string | null> {
  const results = claimResultsFromEvents(await listRunEvents(run.id));
  return results.length ? results.map((r) => r.verdict).join(", ") : null;
}
