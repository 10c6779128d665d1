import { negatesMentions } from "@/lib/text/negation";
import { recordsWithAny, type ConceptIndex } from "./concepts";
import { formOffsets } from "./cues";

/**
 * Whether a sentence negates the relation between two of its terms (NegEx-style, lib/text/negation.ts): a negation
 * scope reaches a form of either term ("5-HT1A signs were not evoked by haloperidol", "lithium did not impair AQP2
 * expression").
 * @param forms surface forms of the two terms as written in the sentence.
 */
export function negatesPair(sentence: string, forms: string[]): boolean {
  return negatesMentions(
    sentence,
    forms.flatMap((f) => formOffsets(sentence, f).map((at) => ({ start: at, end: at + f.length }))),
    { reader: "findings" },
  );
}

/** One record's support for a link: the record index and the sentence positions (0 = title) that state it. */
export interface LinkRecord {
  record: number;
  sentences: number[];
}

/**
 * Records in which a sentence names a concept of `a` and a concept of `b` and does not negate their relation
 * (a link that rests on "X did not affect Y" would be drawn from its denial). With `titleScope`, a title naming `a`
 * makes `a` the subject of the whole record (a record titled "Lithium-induced nephrogenic diabetes insipidus" speaks
 * of lithium in every sentence), so any non-negated sentence naming `b` counts. Ascending record indices.
 */
export function linkRecords(
  index: ConceptIndex,
  a: ReadonlySet<string>,
  b: ReadonlySet<string>,
  titleScope = false,
): LinkRecord[] {
  const out: LinkRecord[] = [];
  // Only records that name both a concept of `a` and one of `b` can hold such a sentence: visiting those (from the
  // concepts' record sets) instead of every record keeps the chain search linear in the evidence count (it
  // was targets × records).
  const withA = recordsWithAny(index, a);
  const candidates = [...recordsWithAny(index, b)].filter((r) => withA.has(r)).sort((x, y) => x - y);
  for (const record of candidates.map((r) => index.records[r])) {
    const sentences: number[] = [];
    const titleA = titleScope && [...(record.sentenceConcepts[0]?.keys() ?? [])].some((k) => a.has(k));
    record.sentenceConcepts.forEach((found, s) => {
      const formsA = [...found.entries()].filter(([k]) => a.has(k)).flatMap(([, f]) => f);
      const formsB = [...found.entries()].filter(([k]) => b.has(k) && !a.has(k)).flatMap(([, f]) => f);
      if (formsB.length === 0 || (formsA.length === 0 && !titleA)) return;
      if (!negatesPair(record.sentences[s], [...formsA, ...formsB])) sentences.push(s);
    });
    if (sentences.length > 0) out.push({ record: record.index, sentences });
  }
  return out;
}

/** Record indices of {@link linkRecords}. */
export function linkRecordIndices(
  index: ConceptIndex,
  a: ReadonlySet<string>,
  b: ReadonlySet<string>,
  titleScope = false,
): number[] {
  return linkRecords(index, a, b, titleScope).map((l) => l.record);
}
