import { negationScopes, negationTokens } from "@/lib/text/negation";
import { PROTECTION_CUE } from "@/lib/text/relation-cues";
import { isDrugClass, isUbiquitousChemical } from "./concept-filters";
import type { ConceptIndex } from "./concepts";

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The character ranges of a sentence's negation scopes (lib/text/negation.ts, "without" left out as in findings), with
 * the trigger's start.
 */
export function scopeRanges(sentence: string): Array<{ trigger: number; start: number; end: number }> {
  const tokens = negationTokens(sentence);
  return negationScopes(
    tokens.map((t) => t.lower),
    { reader: "findings" },
  )
    .filter((s) => s.to > s.from)
    .map((s) => ({ trigger: tokens[s.trigger].start, start: tokens[s.from].start, end: tokens[s.to - 1].end }));
}

/** Character offsets of every occurrence of a form in a sentence. */
export function formOffsets(sentence: string, form: string): number[] {
  const out: number[] = [];
  for (let at = sentence.indexOf(form); at >= 0; at = sentence.indexOf(form, at + 1)) out.push(at);
  return out;
}

/**
 * Records that contradict a link: in one sentence, a negation scope (NegEx-style, lib/text/negation.ts) holds a form
 * of one of `otherKeys`, and the drug is written before the trigger (as the subject: "lithium did not impair …") or
 * inside the scope ("… are not the initiating factor in doxorubicin cardiotoxicity"). Heuristic: comparison
 * sentences can still match.
 * @returns record indices, ascending.
 */
export function contradictingRecords(
  index: ConceptIndex,
  drugKeys: ReadonlySet<string>,
  otherKeys: ReadonlySet<string>,
): number[] {
  const out: number[] = [];
  for (const record of index.records) {
    const hit = record.sentenceConcepts.some((found, s) => {
      const sentence = record.sentences[s];
      const drugForms = [...found.entries()].filter(([k]) => drugKeys.has(k)).flatMap(([, forms]) => forms);
      if (drugForms.length === 0) return false;
      const otherForms = [...found.entries()].filter(([k]) => otherKeys.has(k)).flatMap(([, forms]) => forms);
      return scopeRanges(sentence).some((scope) => {
        const inScope = (f: string) => formOffsets(sentence, f).some((at) => at >= scope.start && at < scope.end);
        const drugInScope = drugForms.some(
          (f) => formOffsets(sentence, f).some((at) => at < scope.trigger) || inScope(f),
        );
        return drugInScope && otherForms.some(inScope);
      });
    });
    if (hit) out.push(record.index);
  }
  return out;
}

/** A chemical reported as protective, with the records that say so. */
export interface ProtectiveAgent {
  key: string;
  records: number[];
}

/**
 * Chemicals reported to protect against the drug's effect: in a record that mentions the drug, in a sentence that
 * mentions the drug or the effect
 * and a protection cue ({@link PROTECTION_CUE}), the chemicals introduced by "by/of/with" after the cue
 * ("attenuation … by amiloride", "protection of ICRF-187"), or else the first chemical written before the cue
 * (the subject: "Carvedilol protects against …"). The drug itself, ubiquitous chemicals and drug classes are skipped.
 * The
 * first-chemical condition keeps co-listed drugs out ("… protects against … etoposide and daunorubicin").
 * @returns agents sorted by number of records (desc), then key.
 */
export function protectiveAgents(
  index: ConceptIndex,
  drugKeys: ReadonlySet<string>,
  effectKeys: ReadonlySet<string>,
): ProtectiveAgent[] {
  const found = new Map<string, Set<number>>();
  for (const record of index.records) {
    // Protection against the drug's effect: the record must be about the drug, not only about the effect
    // (a cisplatin nephrotoxicity study names no protector against lithium nephrotoxicity).
    if (!record.sentenceConcepts.some((concepts) => [...concepts.keys()].some((k) => drugKeys.has(k)))) continue;
    record.sentenceConcepts.forEach((concepts, s) => {
      const sentence = record.sentences[s];
      const cue = PROTECTION_CUE.exec(sentence);
      if (!cue) return;
      if (![...concepts.keys()].some((k) => drugKeys.has(k) || effectKeys.has(k))) return;
      const cueAt = cue.index ?? 0;
      const after = sentence.slice(cueAt);
      const candidates = [...concepts.entries()]
        .filter(([key]) => {
          const info = index.concepts.get(key);
          return (
            !!info &&
            info.kind === "chemical" &&
            !drugKeys.has(key) &&
            !isUbiquitousChemical(info) &&
            !isDrugClass(info)
          );
        })
        .map(([key, forms]) => ({
          key,
          forms,
          at: Math.min(...forms.map((f) => sentence.indexOf(f)).filter((i) => i >= 0)),
        }));
      const introduced = candidates.filter((c) =>
        c.forms.some((f) =>
          new RegExp(`\\b(?:by|of|with)\\s+(?:the\\s+|a\\s+)?${escape(f)}(?![\\p{L}\\p{N}])`, "iu").test(after),
        ),
      );
      // Passive voice ("the protection by GSPE") names the agent after the cue; otherwise take the subject.
      const agents =
        introduced.length > 0
          ? introduced
          : candidates
              .filter((c) => c.at < cueAt)
              .sort((a, b) => a.at - b.at)
              .slice(0, 1);
      for (const c of agents) found.set(c.key, (found.get(c.key) ?? new Set()).add(record.index));
    });
  }
  return [...found.entries()]
    .map(([key, recs]) => ({ key, records: [...recs].sort((a, b) => a - b) }))
    .sort((a, b) => b.records.length - a.records.length || a.key.localeCompare(b.key));
}
