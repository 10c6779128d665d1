import type { Reference } from "@/lib/domain/report";
import { expandMarkerBody, MARKER_PATTERN } from "./markers";

/**
 * Rewrites the numbered markers of a rendered report's text back to keys, for text passed between agents (critic
 * feedback): "[2]" → "[E3]" when reference 2 is the record keyed E3 (`keyOf` maps evidence ids to keys, see
 * lib/evidence/identity citationKey); numbers that name no reference are left as they are. (The agents' own
 * citations of keys and sentence ids are read by lib/grounding/key-citations.)
 */
export function numbersToKeys(
  text: string,
  references: Reference[],
  keyOf: (evidenceId: string) => string | undefined,
): string {
  const byNumber = new Map(references.map((r) => [r.n, keyOf(r.evidenceId)]));
  return text.replace(MARKER_PATTERN, (whole, body: string) => {
    const keys = expandMarkerBody(body).map((n) => byNumber.get(n));
    return keys.every((k): k is string => k !== undefined) && keys.length > 0 ? `[${keys.join(", ")}]` : whole;
  });
}
