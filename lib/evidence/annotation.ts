import type { Entity, Evidence } from "@/lib/domain/evidence";
import { compileDictionary, tagText, type Dictionary } from "@/lib/text/dictionary-tagger";

/**
 * MeSH descriptors that name a disease or adverse effect, recognised by their form: NLM's disease descriptors
 * (tree C) mostly end in these words or suffixes (e.g. "Diabetes Insipidus, Nephrogenic", "Cardiomyopathies",
 * "Drug-Related Side Effects and Adverse Reactions", "Kidney Diseases"). A heuristic, since efetch XML carries no
 * tree numbers; it only types headings NLM already assigned to the record.
 */
const DISEASE_DESCRIPTOR = new RegExp(
  "(itis|osis|emia|aemia|pathy|pathies|plasia|algia|oma|omas|uria|insipidus|syndrome|disease|diseases|disorder|" +
    "disorders|failure|injury|injuries|toxicity|insufficiency|neoplasms?|infections?|arrhythmias?|hypertension|" +
    String.raw`hypotension|fibrosis|depression|pain|poisoning|abnormalities|adverse reactions|side effects)\b`,
  "i",
);

/** Whether a MeSH descriptor names a disease (see DISEASE_DESCRIPTOR). */
export function isDiseaseDescriptor(term: string): boolean {
  return DISEASE_DESCRIPTOR.test(term.split(",")[0]) || DISEASE_DESCRIPTOR.test(term);
}

/** A compiled dictionary of known chemical and disease entities (from the local library's annotations). */
export type EntityDictionary = Dictionary<Entity>;

/** Compiles the entity dictionary used by annotateEvidence. */
export function compileEntityDictionary(entities: Entity[]): EntityDictionary {
  return compileDictionary(entities.map((e) => ({ name: e.name, value: e })));
}

/**
 * Gives records that arrive without disease annotations (live PubMed, Europe PMC and ClinicalTrials.gov records
 * carry none) the entities a reader would see: chemical and disease names of the dictionary found in the title and
 * abstract, and their MeSH headings that name a disease. Records that already carry disease annotations (PubTator)
 * are returned unchanged. Existing entities are kept; nothing is added twice (same type and name or MeSH ID).
 * Pure: returns new objects.
 */
export function annotateEvidence(records: Evidence[], dictionary: EntityDictionary | null): Evidence[] {
  return records.map((record) => {
    if (record.entities.some((e) => e.type === "disease")) return record;
    const found: Entity[] = [
      ...(dictionary
        ? tagText(`${record.citation.title} ${record.citation.abstract}`, dictionary).map((d) => d.value)
        : []),
      ...record.citation.meshTerms
        .filter((m) => isDiseaseDescriptor(m.term))
        .map((m): Entity => ({ name: m.term, type: "disease", meshId: null })),
      ...(record.trial?.conditions ?? []).map((c): Entity => ({ name: c, type: "disease", meshId: null })),
    ];
    const keys = new Set(record.entities.flatMap(entityIdentities));
    const added = found.filter((e) => {
      const ids = entityIdentities(e);
      if (ids.some((k) => keys.has(k))) return false;
      ids.forEach((k) => keys.add(k));
      return true;
    });
    return added.length ? { ...record, entities: [...record.entities, ...added] } : record;
  });
}

/** An entity is the same as another of its type with the same name (any case) or the same MeSH ID. */
function entityIdentities(e: Entity): string[] {
  const byName = `${e.type}:${e.name.toLowerCase()}`;
  return e.meshId ? [byName, `${e.type}:${e.meshId}`] : [byName];
}
