import { readQuestionEvidence } from "@/lib/reading/read";
import { stanceBalance, verdictOf, type Verdict } from "@/lib/reading/verdict";
import { answers } from "@/lib/reading/stance";
import { formatMarker } from "@/lib/grounding/markers";
import type { ConversationReferences } from "./references";

/** Records quoted in a yes/no answer (our choice: as many as the other extractive answers quote). */
const MAX_QUOTED = 5;

const VERDICT_WORDS: Record<Verdict, string> = {
  yes: "Yes",
  "probably yes": "Probably yes",
  unclear: "Unclear",
  "probably no": "Probably no",
  no: "No",
};

/**
 * A follow-up that asks whether a drug causes (or treats) a condition ("Does lithium cause renal failure?", "Is it
 * safe for the kidneys?" with the drug named) answered the way the report's bottom line and the claim check answer
 * it: the run's records read through lib/reading, weighed into a five-point verdict, and each record that bears on
 * it quoted with the sentence its reading rests on and why it was read that way. Null when the follow-up is not such
 * a question, or no record of the run names both (the other extractive answers take over).
 */
export function readingAnswer(
  followUp: string,
  conversation: ConversationReferences,
): { text: string; answered: boolean; considered: number } | null {
  const read = readQuestionEvidence(followUp, conversation.records);
  if (!read.resolved || read.proposition.kind !== "named-drug") return null;
  const bearing = read.readings
    .map((r, i) => ({ r, n: conversation.references[i].n, abstract: conversation.records[i].citation.abstract }))
    .filter((x) => answers(x.r.stance));
  if (bearing.length === 0) return null;
  const verdict = verdictOf(stanceBalance(read.readings));
  const count = (stance: string) => bearing.filter((x) => x.r.stance === stance).length;
  const parts = [`${count("yes")} point yes`, `${count("possibly")} possibly`, `${count("no")} no`].filter(
    (p) => !p.startsWith("0 "),
  );
  const lead =
    `${VERDICT_WORDS[verdict]}, by the reading the report's bottom line uses: of the run's ` +
    `${bearing.length === 1 ? "1 record that names" : `${bearing.length} records that name`} ` +
    `${read.resolved.chemical} and ` +
    `${read.resolved.organ ? `a disease of the ${read.resolved.organ}` : read.resolved.target}, ` +
    `${parts.join(", ")} ${formatMarker(bearing.map((x) => x.n))}.`;
  const quoted = bearing
    .filter((x) => x.r.passage && x.abstract.includes(x.r.passage))
    .slice(0, MAX_QUOTED)
    .map((x) => `- The record ${x.r.reason} [${x.n}]: “${x.r.passage}” [${x.n}]`);
  return {
    text: quoted.length > 0 ? `${lead}\n\n${quoted.join("\n")}` : lead,
    answered: true,
    considered: conversation.records.length,
  };
}
