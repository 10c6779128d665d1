import { describe, expect, it } from "vitest";
import { analyzeDocument } from "@/lib/relations/analyze";
import { contextFeatures } from "@/lib/relations/context";
import { patternFeatures } from "@/lib/relations/patterns";
import { cdrRecord } from "./corpus";

/** The pattern features of one pair of a real record, over the sentences its chemical and disease share. */
function patternsOf(pmid: string, chemicalId: string, diseaseId: string): string[] {
  const a = analyzeDocument(cdrRecord("TrainingSet", pmid).document);
  const chem = a.chemicals.get(chemicalId) ?? [];
  const dis = a.diseases.get(diseaseId) ?? [];
  const shared = [...new Set(chem.map((m) => m.sentence))]
    .filter((s) => dis.some((m) => m.sentence === s))
    .sort((x, y) => x - y);
  const names = new Set<string>();
  patternFeatures(a, chem, dis, shared, (n) => names.add(n));
  return [...names].sort();
}

describe("relation patterns on real CDR training records", () => {
  it("PMID 10342929 'Angioedema due to ACE inhibitors', then 'angioedema during … (ACE) inhibitor treatment'", () => {
    // The title: the disease, "due to", the chemical; the abstract: "during" and the exposure noun "treatment".
    expect(patternsOf("10342929", "D000806", "D000799")).toEqual([
      "p_any",
      "p_multi",
      "p_title_pattern",
      "p_y_after_x_admin",
      "p_y_by_x",
      "p_y_by_x_close",
      "s_only_pair",
    ]);
  });

  it("PMID 1085609 'convulsions due to isoniazid therapy': also the exposure noun after the chemical", () => {
    expect(patternsOf("1085609", "D007538", "D012640")).toContain("p_y_after_x_admin");
  });

  it(
    "PMID 2572625 'Clotiazepam-induced acute hepatitis.': the chemical, a causation verb, the disease, in the " +
      "title and again later",
    () => {
      expect(patternsOf("2572625", "C084599", "D056486")).toEqual([
        "p_any",
        "p_multi",
        "p_title_pattern",
        "p_x_verb_y",
        "p_x_verb_y_close",
        "s_only_pair",
      ]);
    },
  );
});

describe("document-context features", () => {
  it(
    "rank a pair among its chemical's and its disease's pairs and mark a more specific disease of the same " +
      "chemical",
    () => {
      // PMID 2572625 names hepatitis (D056486) and extensive hepatocellular necrosis (D047508).
      const a = analyzeDocument(cdrRecord("TrainingSet", "2572625").document);
      const pairs = [
        { chemicalId: "C084599", diseaseId: "D056486", probability: 0.8 },
        { chemicalId: "C084599", diseaseId: "D047508", probability: 0.2 },
        { chemicalId: "D001569", diseaseId: "D056486", probability: 0.4 },
      ];
      const [top, second, other] = contextFeatures(a, pairs);
      expect(top.get("ctx_rank_dis_1")).toBe(1);
      expect(top.get("ctx_rank_chem_1")).toBe(1);
      expect(top.get("ctx_rel_doc")).toBe(1);
      expect(top.get("ctx_logit")).toBeCloseTo(Math.log(4) / 5, 12);
      expect(second.get("ctx_rank_dis_2")).toBe(1);
      expect(second.get("ctx_rel_chem")).toBeCloseTo(0.25, 12);
      expect(other.get("ctx_rank_chem_2")).toBe(1);
      expect(other.get("ctx_rel_dis")).toBeCloseTo(0.5, 12);
      expect(top.get("bias")).toBe(1);
      expect(top.get("ctx_pairs_above")).toBeCloseTo(0.2, 12);
    },
  );
});
