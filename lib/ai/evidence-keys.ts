import type { Evidence } from "@/lib/domain/evidence";

/**
 * Citation key of the record at 0-based position `index` of a run's evidence: "E1", "E2", … A run's evidence
 * list only grows (records are appended as searches find them, lib/research/run.ts), so a record keeps its key for
 * the whole run, in every agent's prompt and in the text agents pass to each other (PaperQA2-style keys; code
 * turns them into [n] only when the report is rendered).
 */
export function evidenceKey(index: number): string {
  return `E${index + 1}`;
}

/** The citation key pattern: "E" and a positive integer, case-insensitive ("e7" is read as E7). */
export const EVIDENCE_KEY_PATTERN = /^E([1-9]\d*)$/i;

/** Evidence id → citation key for a run's evidence list (the first position of an id wins). */
export function evidenceKeys(evidence: Evidence[]): Map<string, string> {
  const keys = new Map<string, string>();
  evidence.forEach((e, i) => {
    if (!keys.has(e.id)) keys.set(e.id, evidenceKey(i));
  });
  return keys;
}

/** Citation key → evidence record, for a run's evidence list; keys are upper-case ("E7"). */
export function recordsByKey(evidence: Evidence[]): Map<string, Evidence> {
  const byId = new Map(evidence.map((e) => [e.id, e]));
  return new Map([...evidenceKeys(evidence)].map(([id, key]) => [key, byId.get(id)!]));
}

/** A key written by a model ("E7", "e7", "[E7]") in its canonical form "E7", or null when it is not a key. */
export function canonicalKey(raw: string): string | null {
  const m = EVIDENCE_KEY_PATTERN.exec(raw.trim().replace(/^\[|\]$/g, "").trim());
  return m ? `E${m[1]}` : null;
}
