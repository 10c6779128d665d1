import { classTarget, conceptById, conceptVocabularyVersion } from "@/lib/vocabularies";
import { expandQuery } from "./query-expansion";

/** Narrower concepts named per concept in a prompt. Source: our choice (a few examples tell the model the level). */
const NAMED = 5;

/**
 * The concepts a question or claim names, as a prompt section for the model path (the extractive backend reads the
 * same concepts through lib/reading): each concept's MeSH heading and ID, a class's members or a disease's narrower
 * concepts by name, the target a class is named after, and how to read records at each level. "" when the
 * vocabulary recognises no concept, so prompts of other questions are unchanged.
 * Example line: "- statins = Hydroxymethylglutaryl-CoA Reductase Inhibitors (MeSH D019161, a drug class: members
 * include atorvastatin, fluvastatin, lovastatin …; named after its target HMGCR)".
 */
export function promptConcepts(text: string): string {
  const concepts = expandQuery(text);
  if (concepts.length === 0) return "";
  const lines = concepts.map((c) => {
    const kind = c.kind === "class" ? "a drug class" : c.kind === "drug" ? "a drug" : "a disease";
    const below = c.narrowerIds
      .slice(0, NAMED)
      .map((id) => conceptById(id)?.name.toLowerCase())
      .filter(Boolean);
    const word = c.kind === "class" ? "members include" : "narrower concepts include";
    const target = c.kind === "class" ? classTarget(c.id)?.gene?.symbol : undefined;
    const details = [
      below.length > 0 ? `${word} ${below.join(", ")}${c.narrowerIds.length > NAMED ? " …" : ""}` : "",
      target ? `named after its target ${target}` : "",
    ].filter(Boolean);
    return `- ${c.written} = ${c.name} (MeSH ${c.id}, ${kind}${details.length > 0 ? `: ${details.join("; ")}` : ""})`;
  });
  return [
    `## Concepts of the question (${conceptVocabularyVersion() ?? "MeSH"})`,
    ...lines,
    "A record on a member of a class or a narrower disease answers the question directly; a record on a broader or " +
      "related condition is related evidence only; a record naming both without reporting the effect is neither " +
      "for nor against.",
  ].join("\n");
}
