// Its own module: client components word a claim's relation, and lib/reading's question parsing reads the concept
// vocabulary from disk, which a browser bundle cannot import.

/** "causes", "does not cause", "treats or prevents", "does not treat or prevent". */
export function relationPhrase(p: { relation: "causes" | "treats"; negated: boolean }): string {
  if (p.relation === "causes") return p.negated ? "does not cause" : "causes";
  return p.negated ? "does not treat or prevent" : "treats or prevents";
}
