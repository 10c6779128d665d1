import type { Evidence } from "@/lib/domain/evidence";
import { findMentions, predictRelations, type KnownEntity, type PairPrediction } from "@/lib/relations";
import { annotationIds } from "./annotations";

/**
 * Short forms defined in the text right after a long form: "doxorubicin (DOX)", "nephrogenic diabetes insipidus
 * (NDI)". Source: the rule of Schwartz & Hearst 2003 (Pac Symp Biocomput 8:451), reduced to its common case: the
 * short form, 2–10 characters without spaces, opens with the long form's first letter.
 */
const SHORT_FORM = /^\s*\(([A-Za-z][A-Za-z0-9-]{1,9})\)/;

/** The short forms a record defines for its own annotated names ("DOX" for doxorubicin), as extra names of the same IDs. */
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
        for (const id of annotationIds(e)) out.push({ name: m[1], type: e.type, meshId: /^[CD]\d+$/.test(id) ? id : null });
        break;
      }
    }
  }
  return out;
}

/** The record's own chemical and disease annotations as entities to find, with the short forms it defines. */
function ownEntities(record: Evidence): KnownEntity[] {
  const own = record.entities.flatMap((e): KnownEntity[] =>
    e.type === "gene" ? [] : annotationIds(e).map((id) => ({ name: e.name, type: e.type as "chemical" | "disease", meshId: /^[CD]\d+$/.test(id) ? id : null })),
  );
  return [...own, ...shortForms(record)];
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
    const mentions = findMentions(title, abstract, [...ownEntities(record), ...extra]);
    out = mentions.length > 0 ? predictRelations({ title, abstract, mentions }) : [];
    byKey.set(key, out);
  }
  return out;
}
