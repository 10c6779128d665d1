import { mentionIds, type CdrRecord } from "@/lib/relations/pubtator";
import { isOrganDisease, organNamed } from "@/lib/vocabularies/organs";

/** The "-toxic" adjectives asked, with the organ each names (lib/vocabularies/organs.ts organNamed). */
const ORGAN_ADJECTIVES: ReadonlyArray<[adjective: string, organ: string]> = [
  ["cardiotoxic", "heart"],
  ["hepatotoxic", "liver"],
  ["nephrotoxic", "kidney"],
  ["ototoxic", "ears"],
  ["neurotoxic", "nerves"],
];

/** The organ words of the organ questions, for the benchmark's notes. */
export const ORGAN_QUESTION_WORDS = ORGAN_ADJECTIVES.map(([a]) => a);

/** An organ question with the CID relations of the split that make its answer yes. */
export interface OrganQuestion {
  question: string;
  chemicalId: string;
  /** "chemical → disease" CID relations of the split behind it (surface forms). */
  because: string[];
}

/**
 * The organ questions of a split: for every chemical with a CID relation to a disease whose annotated name is a
 * disease of an organ (isOrganDisease: "ventricular tachycardia" of the heart, "acute renal failure" of the kidneys),
 * "Is <chemical> <organ>toxic?", the chemical named by its most frequent surface form in its first such record.
 * One question per chemical and organ, in first-seen order.
 */
export function organQuestionFor(records: CdrRecord[]): OrganQuestion[] {
  return organQuestions(records, true);
}

/**
 * The counterpart of {@link organQuestionFor}: chemicals named in a record of the split with a disease of the organ
 * but in no CID relation of the split to any disease of that organ, asked the same way. Their yes-rate shows how
 * often an organ question is answered yes without an annotated toxicity (an honest check on the organ rule).
 */
export function organQuestionsWithout(records: CdrRecord[]): OrganQuestion[] {
  const toxic = new Set(organQuestions(records, true).map((q) => `${q.chemicalId}|${q.question.split(" ").at(-1)}`));
  return organQuestions(records, false).filter((q) => !toxic.has(`${q.chemicalId}|${q.question.split(" ").at(-1)}`));
}

function organQuestions(records: CdrRecord[], cid: boolean): OrganQuestion[] {
  const out = new Map<string, OrganQuestion>();
  for (const r of records) {
    const names = (id: string) => r.document.mentions.filter((m) => mentionIds(m.id).includes(id)).map((m) => m.text);
    const pairs: Array<[string, string]> = cid
      ? r.relations
      : [...new Set(r.document.mentions.filter((m) => m.type === "chemical").flatMap((m) => mentionIds(m.id)))].flatMap(
          (c) =>
            [...new Set(r.document.mentions.filter((m) => m.type === "disease").flatMap((m) => mentionIds(m.id)))].map(
              (d): [string, string] => [c, d],
            ),
        );
    for (const [chemicalId, diseaseId] of pairs) {
      const chemical = mostFrequent(names(chemicalId));
      const diseaseNames = names(diseaseId);
      if (!chemical || diseaseNames.length === 0) continue;
      for (const [adjective, organName] of ORGAN_ADJECTIVES) {
        const organ = organNamed(organName)!;
        if (!diseaseNames.some((d) => isOrganDisease(d, organ))) continue;
        const key = `${chemicalId}|${adjective}`;
        const because = `${chemical} → ${mostFrequent(diseaseNames)}`;
        const known = out.get(key);
        if (known) {
          if (!known.because.includes(because)) known.because.push(because);
        } else out.set(key, { question: `Is ${chemical} ${adjective}?`, chemicalId, because: [because] });
      }
    }
  }
  return [...out.values()];
}

function mostFrequent(names: string[]): string | null {
  const counts = new Map<string, number>();
  for (const n of names) counts.set(n, (counts.get(n) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}
