import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The import rules of eslint.config.mjs, run through ESLint's Node API on snippets placed (virtually) where a developer
// would write them: each rule must fire on the import it forbids, and stay quiet on the ones it allows.
const ROOT = path.resolve(import.meta.dirname, "../../..");
// The snippets are checked without import/no-cycle (tested on real files below), which would walk lib/'s whole graph.
const eslint = new ESLint({ cwd: ROOT, overrideConfig: { rules: { "import/no-cycle": "off" } } });

/** The rule id and message of every problem ESLint reports for `code` as the file `file` (relative to the root). */
async function problems(file: string, code: string): Promise<Array<{ rule: string | null; message: string }>> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages.map((m) => ({ rule: m.ruleId, message: m.message }));
}

const PRISMA = "The Prisma client is used in lib/db only: call a lib/db function.";

describe("the import rules of eslint.config.mjs", { timeout: 180_000 }, () => {
  it("refuse the Prisma client outside lib/db: in app/, components/, scripts/, bench/ and lib/", async () => {
    const code = 'import type { PrismaClient } from "@/lib/generated/sqlite/client";\nexport type Db = PrismaClient;\n';
    for (const file of [
      "app/api/runs/fixture.ts",
      "components/run/fixture.tsx",
      "scripts/fixture.ts",
      "bench/fixture.ts",
      "lib/runs/fixture.ts",
    ]) {
      expect(await problems(file, code), file).toEqual([
        {
          rule: "import/no-restricted-paths",
          message: `Unexpected path "@/lib/generated/sqlite/client" imported in restricted zone. ${PRISMA}`,
        },
      ]);
    }
    expect(
      await problems(
        "app/api/runs/fixture.ts",
        'import { PrismaClient } from "@prisma/client";\nexport const client = PrismaClient;\n',
      ),
    ).toEqual([
      {
        rule: "no-restricted-imports",
        message: `'@prisma/client' import is restricted from being used by a pattern. ${PRISMA}`,
      },
    ]);
    expect(await problems("lib/db/fixture.ts", code)).toEqual([]);
  });

  it("refuse getDb() on top of lib/, and allow the lib/db functions", async () => {
    const code = 'import { getDb } from "@/lib/db/client";\nexport const count = () => getDb().run.count();\n';
    for (const file of ["app/api/runs/fixture.ts", "scripts/fixture.ts", "bench/fixture.ts"]) {
      expect(await problems(file, code), file).toEqual([
        {
          rule: "no-restricted-imports",
          message:
            "'getDb' import from '@/lib/db/client' is restricted from being used by a pattern. " +
            "getDb() is for lib/db only: call a lib/db function (add one there if none fits).",
        },
      ]);
    }
    expect(
      await problems(
        "scripts/fixture.ts",
        'import { disconnectDb } from "@/lib/db/client";\nimport { countRuns } from "@/lib/db/history";\n' +
          "export const done = () => countRuns().then(disconnectDb);\n",
      ),
    ).toEqual([]);
  });

  it("refuse a file circle in lib/, also through the @/ alias", async () => {
    // Two real files (no-cycle reads the import graph from disk), in a folder of their own, removed afterwards.
    const dir = path.join(ROOT, "lib", "runs", `lint-fixture-${process.pid}`);
    fs.mkdirSync(dir);
    try {
      // a.ts and inner/b.ts import each other by "@/" (the style for another folder).
      fs.mkdirSync(path.join(dir, "inner"));
      fs.writeFileSync(
        path.join(dir, "a.ts"),
        `import { b } from "@/lib/runs/lint-fixture-${process.pid}/inner/b";\n` +
          "export const a = (): number => b() + 1;\n",
      );
      fs.writeFileSync(
        path.join(dir, "inner", "b.ts"),
        `import { a } from "@/lib/runs/lint-fixture-${process.pid}/a";\n` +
          "export const b = (): number => (a.length ? 0 : 1);\n",
      );
      const results = await new ESLint({ cwd: ROOT }).lintFiles([path.join(dir, "**/*.ts")]);
      expect(
        results.map((r) => [path.basename(r.filePath), r.messages.map((m) => `${m.ruleId}: ${m.message}`)]),
      ).toEqual([
        ["a.ts", ["import/no-cycle: Dependency cycle detected."]],
        ["b.ts", ["import/no-cycle: Dependency cycle detected."]],
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("keep lib/report one way: appraise/ imports no render/; both read reports with lib/grounding", async () => {
    const file = "lib/report/appraise/fixture.ts";
    for (const from of ["@/lib/report/render/markdown", "@/lib/report/render/quoted-prose"]) {
      expect(await problems(file, `import * as render from "${from}";\nexport const all = render;\n`), from).toEqual([
        {
          rule: "import/no-restricted-paths",
          message:
            `Unexpected path "${from}" imported in restricted zone. lib/report/appraise writes no text: ` +
            "it imports nothing of lib/report/render (read reports with lib/grounding).",
        },
      ]);
    }
    const grounding =
      'import { citedNumbers } from "@/lib/grounding/markers";\nimport { proseTexts } from "@/lib/grounding/prose";\n' +
      'import { referenceFromEvidence } from "@/lib/grounding/references";\n' +
      "export const all = [citedNumbers, proseTexts, referenceFromEvidence];\n";
    expect(await problems(file, grounding)).toEqual([]);
    expect(await problems("lib/report/render/fixture.ts", grounding)).toEqual([]);
    // render/ writes what appraise/ decides: it may import it.
    expect(
      await problems(
        "lib/report/render/fixture.ts",
        'import { gradeCertainty } from "@/lib/report/appraise/grade";\nexport const grade = gradeCertainty;\n',
      ),
    ).toEqual([]);
  });

  it("keep lib/grounding below the agents and the report: it imports neither", async () => {
    for (const from of ["@/lib/report/appraise/grade", "@/lib/ai/structured", "@/lib/research/run"]) {
      const found = await problems(
        "lib/grounding/fixture.ts",
        `import * as above from "${from}";\nexport const all = above;\n`,
      );
      expect(
        found.map((p) => p.rule),
        from,
      ).toEqual(["import/no-restricted-paths"]);
      expect(found[0].message, from).toContain("lib/grounding may import only from lower layers");
    }
    expect(
      await problems(
        "lib/grounding/fixture.ts",
        'import { evidenceLookup } from "@/lib/evidence/identity";\nexport const lookup = evidenceLookup;\n',
      ),
    ).toEqual([]);
  });

  it("refuse an upward import between the layers of lib/", async () => {
    const found = await problems(
      "lib/runs/fixture.ts",
      'import { researchMode } from "@/lib/research/mode";\nexport const mode = researchMode;\n',
    );
    expect(found.map((p) => p.rule)).toEqual(["import/no-restricted-paths"]);
    // The list of lower layers grows with LIB_LAYERS; research is never in it.
    const prefix = 'Unexpected path "@/lib/research/mode" imported in restricted zone. lib/runs may import only from ';
    expect(found[0].message.startsWith(`${prefix}lower layers (`)).toBe(true);
    expect(found[0].message.endsWith("); see eslint.config.mjs LIB_LAYERS.")).toBe(true);
    const lower = /lower layers \(([^)]+)\)/.exec(found[0].message)?.[1];
    expect(lower?.split(", ")).toEqual(expect.arrayContaining(["config.ts", "domain", "db", "report"]));
    expect(lower?.split(", ")).not.toContain("research");
  });

  it("refuse a script imported by a benchmark", async () => {
    const found = await problems(
      "bench/fixture.ts",
      'import { runCli } from "@/scripts/cli-support";\nexport const r = runCli;\n',
    );
    expect(found).toEqual([
      {
        rule: "no-restricted-imports",
        message: expect.stringContaining("bench/ imports no script: move what both need into lib/."),
      },
    ]);
  });

  it("keep one import style: ./ within the folder, @/ across folders, never ../; its fix rewrites", async () => {
    const file = "lib/runs/fixture.ts";
    const code =
      'import { getRunDetail } from "../db/history";\nimport { followPlan } from "@/lib/runs/plan";\n' +
      "export const all = [getRunDetail, followPlan];\n";
    expect(await problems(file, code)).toEqual([
      {
        rule: "critica/import-style",
        message: 'Import "@/lib/db/history": "./" within the folder, "@/" across folders.',
      },
      { rule: "critica/import-style", message: 'Import "./plan": "./" within the folder, "@/" across folders.' },
    ]);
    const fixer = new ESLint({ cwd: ROOT, fix: true, overrideConfig: { rules: { "import/no-cycle": "off" } } });
    const [fixed] = await fixer.lintText(code, { filePath: path.join(ROOT, file) });
    expect(fixed.output).toBe(
      'import { getRunDetail } from "@/lib/db/history";\nimport { followPlan } from "./plan";\n' +
        "export const all = [getRunDetail, followPlan];\n",
    );
    expect(fixed.messages).toEqual([]);
  });
});

describe("the rule on a run's mode", { timeout: 180_000 }, () => {
  const BRANCH = "Ask the run's mode (lib/modes.ts registry: RunMode; components/modes presentations) instead of";
  const code = [
    'export const isCheck = (run: { mode: string }) => run.mode === "claim-check";',
    'export const notResearch = (mode: string) => "research" !== mode;',
    "export function noun(run: { mode: string }) {",
    "  switch (run.mode) {",
    '    case "claim-check":',
    "      return 1;",
    "  }",
    "  return 0;",
    "}",
    "",
  ].join("\n");

  it("refuses a branch on a mode's name in lib/, app/ and components/", async () => {
    for (const file of ["lib/export/fixture.ts", "app/reports/fixture.ts", "components/run/fixture.tsx"]) {
      expect(await problems(file, code), file).toEqual([
        { rule: "no-restricted-syntax", message: `${BRANCH} comparing its name.` },
        { rule: "no-restricted-syntax", message: `${BRANCH} comparing its name.` },
        { rule: "no-restricted-syntax", message: `${BRANCH} switching on its name.` },
      ]);
    }
  });

  it("allows it inside a mode's own folders", async () => {
    for (const file of ["lib/claims/fixture.ts", "lib/research/fixture.ts", "components/modes/claim-check/fixture.tsx"])
      expect(await problems(file, code), file).toEqual([]);
  });
});
