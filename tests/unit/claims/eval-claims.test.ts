import { describe, expect, it } from "vitest";
import { runClaims } from "@/scripts/eval-claims";

describe("npm run eval -- claims", () => {
  it(
    "checks sampled CDR_DevelopmentSet pairs on a temporary library and scores the verdicts against the gold CID " +
      "relations",
    async () => {
      const before = process.env.DATABASE_URL;
      const result = await runClaims(["--split", "dev", "--pairs", "40"]);
      expect(process.env.DATABASE_URL).toBe(before);
      expect(result).toMatchObject({ benchmark: "claims", documents: 500 });
      // Dev records are read by the relation model fitted on the training set alone, so these are held-out figures.
      expect(result.split).toBe(
        "CDR_DevelopmentSet (library: dev records only; read by the relation model fitted on the training set alone)",
      );
      expect(result.goldRelations).toBe(7);
      expect(result.model).toEqual({
        pairs: 40,
        seed: 20160601,
        // A record that names the pair without reporting it no longer counts against the claim: the non-CID pairs
        // the records name without a relation are undecided, not contradicted (21 contradicted, 7 undecided before).
        verdicts: { supports: 10, contradicts: 1, undecided: 29 },
      });
      expect(result.rows.map((r) => [r.name, r.tp, r.fp, r.fn])).toEqual([
        ["co-occurrence (supports every pair)", 7, 33, 0],
        // 6, 7, 1 before the relation model's second stage: one false positive fewer; seven pairs the records name
        // without
        // a clear reading are undecided (3 before), since a record naming a pair without the relation weighs little.
        ["“<chemical> causes <disease>.” → supports", 6, 6, 1],
        ["“… does not cause …” contradicted (6 of 7 true relations)", 6, 0, 1],
      ]);
      expect(result.rows[1].precision).toBeCloseTo(6 / 12, 6);
      expect(result.rows[1].f1).toBeCloseTo(12 / 19, 6);
    },
    120_000,
  );

  it("rejects an unknown split and a bad pair count with a clear message", async () => {
    await expect(runClaims(["--split", "train"])).rejects.toThrow('unknown split "train" (use test or dev)');
    await expect(runClaims(["--pairs", "0"])).rejects.toThrow("--pairs needs a positive whole number");
  });
});
