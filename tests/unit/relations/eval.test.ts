import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCdr } from "@/scripts/eval-cdr";

describe("npm run eval -- cdr", () => {
  const result = runCdr([]);
  const row = (name: string) => result.rows.find((r) => r.name === name);

  it("measures the co-occurrence baselines on CDR_TestSet (500 documents, 1066 gold relations)", () => {
    expect(result.split).toBe("CDR_TestSet");
    expect(result.goldRelations).toBe(1066);
    expect(row("doc co-occurrence baseline")).toMatchObject({ tp: 1066, fp: 4339, fn: 0 });
    expect(row("sentence co-occurrence baseline")).toMatchObject({ tp: 749, fp: 1679, fn: 317 });
    expect(row("doc co-occurrence baseline")?.f1).toBeCloseTo(0.329, 3);
    expect(row("sentence co-occurrence baseline")?.f1).toBeCloseTo(0.429, 3);
  });

  it("lists the published BioCreative V rows and the model's own row with counts", () => {
    expect(row("best BioCreative V team (own NER)")).toEqual({
      name: "best BioCreative V team (own NER)",
      source: "published",
      f1: 0.57,
    });
    expect(row("BioCreative V ensemble")?.f1).toBe(0.628);
    const model = row("Critica relation model");
    expect((model?.tp ?? 0) + (model?.fn ?? 0)).toBe(1066);
  });

  it("exits 2 with usage for an unknown benchmark", () => {
    const tsx = path.resolve("node_modules/.bin/tsx");
    // As package.json's "eval" runs it: the server's conditions (the vocabularies' loaders are server-only).
    const run = spawnSync(tsx, ["--conditions=react-server", "scripts/eval.ts", "nosuchbenchmark"], {
      encoding: "utf8",
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("usage: npm run eval -- <benchmark>");
    expect(run.stderr).toContain("cdr");
  });

  it("never names the held-out split in the training code", () => {
    const files = [
      "scripts/train-relations.ts",
      "scripts/relations-fit.ts",
      "scripts/relations-featurize.ts",
      "scripts/cdr-corpus.ts",
    ];
    const banned = ["CDR", "TestSet"].join("_");
    for (const f of files) expect(readFileSync(f, "utf8")).not.toContain(banned);
    expect(execFileSync("git", ["ls-files", "--", "*.PubTator.txt"], { encoding: "utf8" })).toBe("");
  });
});
