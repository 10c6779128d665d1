import type { Evidence } from "@/lib/domain/evidence";
import type { FullText } from "@/lib/domain/fulltext";
import type { Reference } from "@/lib/domain/report";
import { isRetracted } from "@/lib/evidence/provenance";
import { referenceFromEvidence } from "@/lib/grounding/references";

/**
 * The conversation's reference list: one numbered entry per record an answer may cite, every field rebuilt from
 * the record (never from generated text). `records[i]` is the evidence of `references[i]`.
 */
export interface ConversationReferences {
  references: Reference[];
  records: Evidence[];
  byNumber: Map<number, { reference: Reference; record: Evidence }>;
  /** The records' full texts the run's owner may read, by record id: answers quote their passages too. */
  fullTexts?: ReadonlyMap<string, FullText>;
}

/**
 * Numbers the run's evidence for answers: the report's references keep their numbers [1…k] (so "reference 3" means
 * the report's [3]), and the run's other records follow as [k+1…] in the order the run found them. Retracted
 * records are left out (never support), and so are report references whose record is not in `evidence`.
 * Deterministic for a given report and evidence, so every answer of a report version uses the same numbers.
 */
export function conversationReferences(evidence: Evidence[], reportReferences: Reference[]): ConversationReferences {
  const usable = evidence.filter((e) => !isRetracted(e));
  const byId = new Map(usable.map((e) => [e.id, e]));
  const references: Reference[] = [];
  const records: Evidence[] = [];
  const seen = new Set<string>();
  for (const ref of [...reportReferences].sort((a, b) => a.n - b.n)) {
    const record = byId.get(ref.evidenceId);
    if (!record || seen.has(record.id)) continue;
    seen.add(record.id);
    references.push(referenceFromEvidence(record, ref.n));
    records.push(record);
  }
  let next = Math.max(0, ...references.map((r) => r.n)) + 1;
  for (const record of usable) {
    if (seen.has(record.id)) continue;
    seen.add(record.id);
    references.push(referenceFromEvidence(record, next++));
    records.push(record);
  }
  const byNumber = new Map(references.map((reference, i) => [reference.n, { reference, record: records[i] }]));
  return { references, records, byNumber };
}
