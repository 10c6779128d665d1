import type { Reference } from "@/lib/domain/report";
import { expandMarkerBody, MARKER_PATTERN } from "./markers";

/**
 * Key markers written by the agents: "[E3]", "[E3, E7]", "[E3; E7]" (keys are run-wide citation keys, see
 * lib/evidence/identity citationKey). Numbers appear only in rendered reports.
 */
export const KEY_MARKER_PATTERN = /\[(\s*E\d+(?:\s*[,;]\s*E\d+)*\s*)\]/gi;

/** The keys of one marker body ("E3, e7" → ["E3", "E7"]). */
function keysOf(body: string): string[] {
  return body.split(/[,;]/).map((k) => k.trim().toUpperCase()).filter(Boolean);
}

/** Every key cited in `text`, in order of appearance, with repeats (upper-case). */
export function citedKeys(text: string): string[] {
  return [...text.matchAll(KEY_MARKER_PATTERN)].flatMap((m) => keysOf(m[1]));
}

/**
 * Rewrites the key markers of `text` to numbered markers: each key through `numberOf` ("E3" → 2 gives "[2]";
 * "[E3, E7]" → "[2, 5]"); a key `numberOf` does not know is dropped and counted in `removed`, and a marker left
 * with no key is deleted with the space before it.
 */
export function renderKeyMarkers(text: string, numberOf: (key: string) => number | undefined): { text: string; removed: number } {
  let removed = 0;
  const out = text.replace(new RegExp(`\\s?${KEY_MARKER_PATTERN.source}`, "gi"), (whole, body: string) => {
    const numbers: number[] = [];
    for (const key of keysOf(body)) {
      const n = numberOf(key);
      if (n === undefined) removed += 1;
      else if (!numbers.includes(n)) numbers.push(n);
    }
    if (numbers.length === 0) return "";
    return `${whole.startsWith(" ") ? " " : ""}[${numbers.join(", ")}]`;
  });
  return { text: out, removed };
}

/** `text` without its key markers (and the space before each). */
export function stripKeyMarkers(text: string): string {
  return text.replace(new RegExp(`\\s?${KEY_MARKER_PATTERN.source}`, "gi"), "").trim();
}

/**
 * Rewrites the numbered markers of a rendered report's text back to keys, for text passed between agents (critic
 * feedback): "[2]" → "[E3]" when reference 2 is the record keyed E3 (`keyOf` maps evidence ids to keys); numbers
 * that name no reference are left as they are.
 */
export function numbersToKeys(text: string, references: Reference[], keyOf: (evidenceId: string) => string | undefined): string {
  const byNumber = new Map(references.map((r) => [r.n, keyOf(r.evidenceId)]));
  return text.replace(MARKER_PATTERN, (whole, body: string) => {
    const keys = expandMarkerBody(body).map((n) => byNumber.get(n));
    return keys.every((k): k is string => k !== undefined) && keys.length > 0 ? `[${keys.join(", ")}]` : whole;
  });
}
