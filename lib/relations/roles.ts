import type { DocAnalysis, PlacedMention } from "./analyze";

/**
 * Document roles of a mention that speak for or against a CID relation, read from the words next to it.
 * Word lists: our reading of BC5CDR training abstracts (false positives of the first model on dev).
 */

/** Nouns after a disease that make it the population's condition ("epileptic patients", "AIDS patients"). */
const POPULATION_AFTER = new Set([
  "patient",
  "patients",
  "children",
  "subjects",
  "rats",
  "mice",
  "women",
  "men",
  "cases",
  "population",
  "volunteers",
  "infants",
  "adults",
  "group",
  "model",
]);

/** Words before a disease that make it a pre-existing condition ("patients with Y", "history of Y"). */
const CONDITION_BEFORE = new Set([
  "with",
  "history",
  "suffering",
  "underlying",
  "known",
  "pre",
  "existing",
  "preexisting",
]);

const words = (a: DocAnalysis, m: PlacedMention, from: number, to: number) =>
  a.tokens[m.sentence].slice(Math.max(0, from), Math.max(0, to)).map((t) => t.lower);

/** Some mention of the disease names the population or a pre-existing condition rather than an outcome. */
export function diseaseAsPopulation(a: DocAnalysis, dis: PlacedMention[]): boolean {
  return dis.some((m) => {
    const after = words(a, m, m.tokEnd, m.tokEnd + 1);
    const before = words(a, m, m.tokStart - 2, m.tokStart);
    return POPULATION_AFTER.has(after[0] ?? "") || before.some((w) => CONDITION_BEFORE.has(w));
  });
}

/** Some mention of the chemical sits in a list of chemicals ("X, Y and Z"), i.e. is one agent among several. */
export function inList(a: DocAnalysis, ms: PlacedMention[]): boolean {
  return ms.some((m) => {
    const inS = a.bySentence[m.sentence].filter((o) => o.type === m.type && o.id !== m.id);
    return inS.some((o) => {
      const lo = Math.min(m.tokEnd, o.tokEnd);
      const hi = Math.max(m.tokStart, o.tokStart);
      const mid = a.tokens[m.sentence].slice(lo, hi).map((t) => t.lower);
      return hi - lo <= 2 && mid.every((w) => w === "," || w === "and" || w === "or" || w === "/");
    });
  });
}

/**
 * "X for Y", "X in the treatment of Y", "X therapy for Y", "Y prophylaxis with X": the disease is the chemical's
 * indication.
 */
export function indicationPattern(a: DocAnalysis, chem: PlacedMention[], dis: PlacedMention[]): boolean {
  return chem.some(
    (c) =>
      dis.some((d) => {
        if (c.sentence !== d.sentence || d.tokStart < c.tokEnd || d.tokStart - c.tokEnd > 6) return false;
        const mid = words(a, c, c.tokEnd, d.tokStart);
        return (
          (mid[0] === "for" ||
            mid.join(" ").startsWith("in the treatment of") ||
            (mid[1] === "for" && /^(therapy|treatment|prophylaxis)$/.test(mid[0] ?? ""))) &&
          !mid.some((w) => /^(induc|caus|associat)/.test(w))
        );
      }) ||
      dis.some((d) => {
        // "Y prophylaxis with X", "Y treatment with X": the disease first, then its therapy word and the chemical.
        if (c.sentence !== d.sentence || c.tokStart < d.tokEnd || c.tokStart - d.tokEnd > 4) return false;
        const mid = words(a, c, d.tokEnd, c.tokStart);
        return /^(prophylaxis|treatment|therapy|management)$/.test(mid[0] ?? "") && mid.includes("with");
      }),
  );
}
