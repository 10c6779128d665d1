import type { Evidence } from "@/lib/domain/evidence";
import { findMentions, predictRelations, type PairPrediction } from "@/lib/relations";

/** Predictions per record, computed once per evidence object (records are immutable once collected). */
const cache = new WeakMap<Evidence, PairPrediction[]>();

/**
 * The relation model's chemical × disease predictions for one record (lib/relations: logistic regression trained
 * on BioCreative V CDR train + dev; relation "causes" / "treats" / "none", with negation). Mentions are found from
 * the record's chemical and disease annotations in its title and abstract (findMentions). Cached per record.
 */
export function recordRelations(e: Evidence): PairPrediction[] {
  let out = cache.get(e);
  if (!out) {
    const entities = e.entities
      .filter((x): x is typeof x & { type: "chemical" | "disease" } => x.type !== "gene")
      .map((x) => ({ name: x.name, type: x.type, meshId: x.meshId }));
    const mentions = findMentions(e.citation.title, e.citation.abstract, entities);
    out =
      mentions.length > 0 ? predictRelations({ title: e.citation.title, abstract: e.citation.abstract, mentions }) : [];
    cache.set(e, out);
  }
  return out;
}

/**
 * The concept key (see entityKey) of a relation-model ID: MeSH IDs stay as they are; a mention without MeSH ID is
 * identified by its lower-cased text, which becomes "<type>:<text>".
 */
export function relationKey(type: "chemical" | "disease", id: string): string {
  return /^[CD]\d+$/.test(id) ? id : `${type}:${id}`;
}

/** A chemical's records in which the model predicts `relation` to one of the diseases, with their best probability. */
export interface RelationSupport {
  chemicalKey: string;
  records: number[];
  probability: number;
}

/**
 * For each chemical, the records (indices into `evidence`) in which the relation model predicts `relation`
 * ("causes" or "treats", never negated) between it and any disease of `diseaseKeys`. Sorted by record count
 * (desc), then best probability (desc), then key.
 */
export function chemicalsWithRelation(
  evidence: Evidence[],
  diseaseKeys: ReadonlySet<string>,
  relation: "causes" | "treats",
): RelationSupport[] {
  const byChemical = new Map<string, { records: Set<number>; probability: number }>();
  evidence.forEach((e, r) => {
    for (const p of recordRelations(e)) {
      if (p.relation !== relation || p.negated || !diseaseKeys.has(relationKey("disease", p.diseaseId))) continue;
      const key = relationKey("chemical", p.chemicalId);
      const entry = byChemical.get(key) ?? { records: new Set<number>(), probability: 0 };
      entry.records.add(r);
      entry.probability = Math.max(entry.probability, p.probability);
      byChemical.set(key, entry);
    }
  });
  return [...byChemical.entries()]
    .map(([chemicalKey, v]) => ({
      chemicalKey,
      records: [...v.records].sort((a, b) => a - b),
      probability: v.probability,
    }))
    .sort(
      (a, b) =>
        b.records.length - a.records.length ||
        b.probability - a.probability ||
        a.chemicalKey.localeCompare(b.chemicalKey),
    );
}
