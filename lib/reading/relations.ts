import type { Evidence } from "@/lib/domain/evidence";
import { findMentions, predictRelations, type KnownEntity, type PairPrediction } from "@/lib/relations";
import { annotationIds, isAbbreviation, longFormOf } from "./annotations";

/**
 * Short forms defined in the text right after a long form: "doxorubicin (DOX)", "nephrogenic diabetes insipidus
 * (NDI)". Source: the rule of Schwartz & Hearst 2003 (Pac Symp Biocomput 8:451), reduced to its common case: the
 * short form, 2–10 characters without spaces, opens with the long form's first letter.
 */
const SHORT_FORM = /^\s*\(([A-Za-z][A-Za-z0-9-]{1,9})\)/;

/**
 * The short forms a record defines for its own annotated names ("DOX" for doxorubicin), as extra names of the same IDs.
 */
function shortForms(record: Evidence): KnownEntity[] {
  const text = `${record.citation.title} ${record.citation.abstract}`;
  const lower = text.toLowerCase();
  const out: KnownEntity[] = [];
  for (const e of record.entities) {
    if (e.type === "gene") continue;
    const name = e.name.toLowerCase();
    for (let at = lower.indexOf(name); at >= 0; at = lower.indexOf(name, at + 1)) {
      const m = SHORT_FORM.exec(text.slice(at + name.length, at + name.length + 16));
      if (m && m[1][0].toLowerCase() === name[0] && m[1].toLowerCase() !== name) {
        for (const id of annotationIds(e))
          out.push({ name: m[1], type: e.type, meshId: /^[CD]\d+$/.test(id) ? id : null });
        break;
      }
    }
  }
  return out;
}

/**
 * The other number of a name ("seizure" ↔ "seizures", "arrhythmia" ↔ "arrhythmias", "toxicity" ↔ "toxicities"): a
 * record's annotation keeps one name per concept, and its other mentions are often the same word in the other number.
 * Names of at most 3 characters ("NO", "DA") are left alone.
 */
function otherNumber(name: string): string[] {
  if (name.length <= 3 || !/[a-z]$/i.test(name)) return [];
  if (/ies$/i.test(name)) return [name.replace(/ies$/i, "y")];
  if (/y$/i.test(name) && !/[aeiou]y$/i.test(name)) return [name.replace(/y$/i, "ies")];
  if (/(?:ss|us|is)$/i.test(name)) return [];
  if (/s$/i.test(name)) return [name.replace(/s$/i, "")];
  return [`${name}s`];
}

/** Whether `name` occurs in `text` (both lower-cased) between non-alphanumeric characters or the ends. */
function holdsName(text: string, name: string): boolean {
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
    if (!/[a-z0-9]/.test(text[at - 1] ?? "") && !/[a-z0-9]/.test(text[at + name.length] ?? "")) return true;
  }
  return false;
}

/**
 * The record's own chemical and disease annotations as entities to find, each with its other number and, for an
 * abbreviation the record defines, its long form ("methamphetamine" for "METH" in "methamphetamine (METH)") unless it
 * holds another annotated name ("L-DOPA-induced dyskinesias" for "LID" would hide "L-DOPA"), and the short forms it
 * defines for them. Why: a record keeps one name per annotated concept (by that name alone 89% of the annotated
 * mentions of CDR_DevelopmentSet are found), and its other mentions tell the relation model how often and where the
 * concept is named, as the gold mentions it was trained on do.
 */
function ownEntities(record: Evidence): KnownEntity[] {
  const text = `${record.citation.title} ${record.citation.abstract}`;
  const named = record.entities.filter((e) => e.type !== "gene");
  const own = named.flatMap((e): KnownEntity[] => {
    const found = isAbbreviation(e.name) ? longFormOf(text, e.name.trim()) : null;
    const long = found && !named.some((o) => o !== e && holdsName(found, o.name.toLowerCase().trim())) ? found : null;
    const synonyms = [...otherNumber(e.name.trim()), ...(long ? [long] : [])];
    return annotationIds(e).map((id) => ({
      name: e.name,
      type: e.type as "chemical" | "disease",
      meshId: /^[CD]\d+$/.test(id) ? id : null,
      synonyms,
    }));
  });
  return [...own, ...shortForms(record)];
}

/**
 * The record's entities with those of the IDs a proposition asks about (`extra`'s MeSH IDs) first, others in their
 * order. Why: a composite annotation names several concepts with the same words ("haemorrhagic myocarditis" is
 * annotated D006470|D009205, Hemorrhage and Myocarditis, and BC5CDR's CID relation is with each), and the mention
 * finder keeps one concept per span, the first given; reading "Does cyclophosphamide cause cardiomyopathies?", that
 * mention is the myocarditis below Cardiomyopathies, not the hemorrhage.
 */
function askedFirst(own: KnownEntity[], extra: KnownEntity[]): KnownEntity[] {
  const asked = new Set(extra.flatMap((e) => (e.meshId ? [e.meshId] : [])));
  const isAsked = (e: KnownEntity) => e.meshId !== null && e.meshId !== undefined && asked.has(e.meshId);
  return [...own.filter(isAsked), ...own.filter((e) => !isAsked(e))];
}

/** Predictions per record and per set of extra names, computed once (records are immutable once collected). */
const cache = new WeakMap<Evidence, Map<string, PairPrediction[]>>();

/**
 * The relation model's chemical × disease predictions for one record (lib/relations: logistic regression trained
 * on BioCreative V CDR; relation "causes" / "treats" / "none", with negation), sorted by probability. Mentions are
 * found (findMentions) for the record's own annotations, the short forms it defines for them, and `extra`
 * entities (other names of the IDs a proposition asks about, so that "adriamycin" is found for doxorubicin). Cached
 * per record and extra names.
 */
export function recordRelations(record: Evidence, extra: KnownEntity[] = []): PairPrediction[] {
  const key = extra.map((e) => `${e.type}:${e.meshId ?? ""}:${e.name}:${(e.synonyms ?? []).join(",")}`).join("|");
  let byKey = cache.get(record);
  if (!byKey) cache.set(record, (byKey = new Map()));
  let out = byKey.get(key);
  if (!out) {
    const { title, abstract } = record.citation;
    const mentions = findMentions(title, abstract, [...askedFirst(ownEntities(record), extra), ...extra]);
    out = mentions.length > 0 ? predictRelations({ title, abstract, mentions }) : [];
    byKey.set(key, out);
  }
  return out;
}
