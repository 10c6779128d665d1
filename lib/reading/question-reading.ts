import type { QuestionReading } from "@/lib/domain/reading";
import { conceptVocabularyVersion } from "@/lib/vocabularies";
import { chemicalConcept, conditionConcepts, organConcepts } from "./concepts";
import { propositionText } from "./proposition";
import type { EvidenceReading } from "./read";

/**
 * How a question or claim was read, for the run JSON and the timeline (lib/domain/reading.ts questionReadingSchema):
 * the proposition in one line, its concepts (those resolved against the records, else the vocabulary's reading of
 * its words), the related concepts found, and the vocabulary's version.
 */
export function questionReading(read: Pick<EvidenceReading, "proposition" | "resolved">): QuestionReading {
  const p = read.proposition;
  const concepts = read.resolved?.concepts ?? [
    ...p.chemicals.slice(0, 1).flatMap((c) => chemicalConcept(c) ?? []),
    ...(p.organ ? organConcepts(p.organ) : p.conditions.flatMap(conditionConcepts)),
  ];
  return {
    proposition: propositionText(p),
    concepts,
    related: read.resolved?.related ?? [],
    vocabulary: conceptVocabularyVersion(),
  };
}
