import type { Shortfall } from "@/lib/domain/run";
import { SOURCE_LABELS } from "@/lib/domain/evidence";
import type { HypothesisSet } from "@/lib/domain/hypothesis";
import { plural } from "./evidence-labels";
import type { EvidenceFeatures } from "./evidence-features";

/**
 * The limitations of an extractive report, as sentences:
 * the method (quoted sentences and co-occurrence, no causal reading), abstracts only, every source shortfall, a
 * named drug or condition the evidence does not mention (the question terms' notes),
 * study-design caveats computed from the relevant records (mostly animal evidence when animal studies are more
 * than half of the mechanistic records; no randomized trial or meta-analysis among the human studies; human
 * evidence mostly case reports when they are at least half of it), weak links (knowledge gaps), and the
 * heuristic nature of negation detection when any record was counted as contradicting.
 */
export function reportLimitations(f: EvidenceFeatures, hypotheses: HypothesisSet, shortfalls: Shortfall[]): string[] {
  const out = [
    "Extractive method: findings are sentences quoted from the retrieved abstracts and hypotheses come from " +
      "concept co-occurrence; co-occurrence in an abstract does not establish causation, and no language model " +
      "interpreted the text.",
    "Abstracts and titles only: full texts, supplementary data, doses and effect sizes beyond the abstracts " +
      "were not read.",
  ];
  for (const s of shortfalls) out.push(`Source shortfall: ${SOURCE_LABELS[s.source]}: ${s.message}`);
  // A named drug or a condition absent from the evidence is a shortfall of the evidence itself, said so rather than
  // answered around.
  for (const note of f.terms.notes) out.push(`Evidence shortfall: ${note}`);
  const animal = f.mechanistic.filter((r) => f.designs[r].design === "animal").length;
  if (f.mechanistic.length > 0 && animal * 2 > f.mechanistic.length) {
    out.push(
      `Most mechanistic evidence comes from animal studies (${animal} of ` +
        `${plural(f.mechanistic.length, "mechanistic record")}); effects in people may differ.`,
    );
  }
  const human = f.human.map((r) => f.designs[r].design);
  if (human.length === 0) {
    out.push("No human study bears on the question; clinical relevance is unknown.");
  } else {
    if (!human.some((d) => d === "randomized-trial" || d === "meta-analysis" || d === "systematic-review")) {
      out.push(
        `No randomized trial or meta-analysis bears on the question; human evidence rests on ` +
          `${plural(human.length, "observational study or report", "observational studies or reports")}.`,
      );
    }
    const cases = human.filter((d) => d === "case-report").length;
    if (cases * 2 >= human.length && cases > 0) {
      out.push(
        `Human evidence is mostly case reports (${cases} of ${human.length}), which show that harm can occur ` +
          `but not how often.`,
      );
    }
  }
  const weak = hypotheses.knowledgeGaps.filter((g) => g.startsWith("Only one record"));
  if (weak.length > 0)
    out.push(
      `${plural(weak.length, "hypothesis link rests", "hypothesis links rest")} on a single record (see ` +
        `knowledge gaps).`,
    );
  const contradicting = new Set(hypotheses.hypotheses.flatMap((h) => h.contradictingEvidence));
  if (contradicting.size > 0) {
    out.push(
      `${plural(contradicting.size, "record was", "records were")} counted as contradicting by a negation-cue ` +
        `rule (NegEx-style), which can misread comparisons and knockout experiments.`,
    );
  }
  return out;
}
