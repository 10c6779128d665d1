import fs from "node:fs";
import path from "node:path";
import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

/**
 * The layers of lib/, lowest first. A folder may import only from folders in lower layers (and from itself);
 * folders of the same layer do not import each other. Type-only imports count: the rule sees every import.
 * app/, components/, scripts/ and bench/ sit on top and may import any layer, but neither the Prisma client nor getDb()
 * (see the rules below).
 */
const LIB_LAYERS = [
  ["domain", "text"],
  ["config.ts"],
  // net: the guarded client for URLs users give (webhooks).
  ["evidence", "relations", "vocabularies", "net"],
  // A question or claim → a proposition; a record's stance on it (research, claims and chat read through it).
  ["reading"],
  // What keeps model output honest (scrub, quotations, markers, identifiers, references): below every agent.
  ["grounding"],
  ["ai", "db"],
  ["sources", "auth"],
  ["library"],
  ["report"],
  ["runs"],
  ["research", "claims"],
  ["chat"],
  ["modes.ts", "prompts.ts"],
  ["watches"],
  ["export"],
];
const ALL_LIB = LIB_LAYERS.flat();
const layerZones = LIB_LAYERS.flatMap((layer, index) => {
  const lower = new Set(LIB_LAYERS.slice(0, index).flat());
  return layer.map((folder) => ({
    target: `./lib/${folder}`,
    from: ALL_LIB.filter((other) => other !== folder && !lower.has(other)).map((other) => `./lib/${other}`),
    message:
      `lib/${folder} may import only from lower layers (${[...lower].join(", ") || "none"}); ` +
      "see eslint.config.mjs LIB_LAYERS.",
  }));
});

/**
 * Inside lib/report, appraise/ decides (citations, critic checks, study type, GRADE, the bottom line, the PRISMA flow
 * counts) and render/ writes (Markdown, the reading page, the opening, the flow diagram's drawing). render/ writes the
 * judgements appraise/ hands it; appraise/ writes no text and reads a report's markers, prose fields and references
 * through lib/grounding, as the agents do.
 */
const reportZone = {
  target: "./lib/report/appraise",
  from: "./lib/report/render",
  message:
    "lib/report/appraise writes no text: it imports nothing of lib/report/render (read reports with lib/grounding).",
};

/** The Prisma client stays in lib/db: every other folder of lib/, and everything on top of lib/, calls lib/db. */
const prismaZone = {
  target: [
    "./app",
    "./components",
    "./scripts",
    "./bench",
    "./proxy.ts",
    "./instrumentation.ts",
    ...ALL_LIB.filter((f) => f !== "db").map((f) => `./lib/${f}`),
  ],
  from: "./lib/generated",
  message: "The Prisma client is used in lib/db only: call a lib/db function.",
};

/**
 * The modes' own folders: each folder of lib/ that holds a mode.ts (lib/research, lib/claims), and each folder of
 * components/modes (a mode's presentation). Only there may code compare a run's mode with a name.
 */
const MODE_FOLDERS = [
  ...fs
    .readdirSync("lib", { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(`lib/${d.name}/mode.ts`))
    .map((d) => `lib/${d.name}/**`),
  "components/modes/*/**",
];

/** `x.mode === "claim-check"`, `mode !== "research"`, `switch (run.mode)`: a branch on a mode's name. */
const ASK_THE_MODE = "Ask the run's mode (lib/modes.ts registry: RunMode; components/modes presentations)";
const MODE_BRANCHES = [
  {
    selector:
      "BinaryExpression[operator=/^[!=]==?$/]" +
      ":matches([left.name='mode'], [left.property.name='mode'], [right.name='mode'], [right.property.name='mode'])" +
      ":matches([left.type='Literal'], [right.type='Literal'])",
    message: `${ASK_THE_MODE} instead of comparing its name.`,
  },
  {
    selector: "SwitchStatement:matches([discriminant.name='mode'], [discriminant.property.name='mode'])",
    message: `${ASK_THE_MODE} instead of switching on its name.`,
  },
];

/** What the files on top of lib/ may not import: the database handle getDb() and the ORM's client (by package). */
const TOP_IMPORTS = [
  {
    group: ["@/lib/db/client", "**/lib/db/client"],
    importNames: ["getDb"],
    message: "getDb() is for lib/db only: call a lib/db function (add one there if none fits).",
  },
  {
    group: ["@prisma/client", "@prisma/client/*"],
    message: "The Prisma client is used in lib/db only: call a lib/db function.",
  },
];

/** The files on top of lib/: pages and routes, components, command-line scripts, benchmarks, the root modules. */
const TOP_FILES = ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "scripts/**/*.{ts,mjs}", "bench/**/*.ts", "*.ts"];

/**
 * One import style: a module of the importing file's own folder by "./name", any other module of the project by
 * its "@/…" path (never "../"). The fix rewrites the specifier; a path that leaves the project (the shared fixtures
 * beside it) is left as written.
 */
const importStyle = {
  meta: {
    type: "suggestion",
    fixable: "code",
    schema: [],
    messages: { style: 'Import "{{preferred}}": "./" within the folder, "@/" across folders.' },
  },
  create(context) {
    const dir = path.posix.dirname(path.relative(context.cwd, context.physicalFilename).split(path.sep).join("/"));
    const check = (node) => {
      const source = node.source;
      if (source?.type !== "Literal" || typeof source.value !== "string") return;
      const spec = source.value;
      let target;
      if (spec.startsWith("@/")) target = spec.slice(2);
      else if (spec.startsWith("./") || spec.startsWith("../")) target = path.posix.join(dir, spec);
      else return;
      if (target.startsWith("..")) return;
      const preferred = path.posix.dirname(target) === dir ? `./${path.posix.basename(target)}` : `@/${target}`;
      if (preferred === spec) return;
      context.report({
        node: source,
        messageId: "style",
        data: { preferred },
        fix: (fixer) => fixer.replaceText(source, JSON.stringify(preferred)),
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

const eslintConfig = defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    files: ["lib/**/*.ts", "lib/**/*.tsx"],
    // "@/…" is this project's path alias, not a scoped package: without this, no-cycle skips it as external.
    settings: { "import/internal-regex": "^@/" },
    rules: {
      // No file-level import circle inside lib/ either (a circle within one folder escapes the layer rule).
      "import/no-cycle": ["error", { ignoreExternal: true }],
      "import/no-restricted-paths": [
        "error",
        {
          zones: [
            ...layerZones,
            {
              target: "./lib",
              from: ["./app", "./components", "./scripts", "./bench"],
              message: "lib/ must not import app/, components/, scripts/ or bench/.",
            },
            prismaZone,
            reportZone,
          ],
        },
      ],
    },
  },
  {
    // app/, components/, scripts/ and bench/ sit on top of lib/ and go through its public modules: neither the ORM's
    // client (by path or by package) nor the database handle getDb() (tests may seed rows with it).
    files: TOP_FILES,
    rules: {
      "import/no-restricted-paths": ["error", { zones: [prismaZone] }],
      "no-restricted-imports": ["error", { patterns: TOP_IMPORTS }],
    },
  },
  {
    // What a mode decides, it says itself: no code outside its own folders branches on its name.
    files: ["lib/**/*.{ts,tsx}", "app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}"],
    ignores: MODE_FOLDERS,
    rules: { "no-restricted-syntax": ["error", ...MODE_BRANCHES] },
  },
  {
    // The benchmarks measure lib/; a command-line script is not a module to build on (shared code goes in lib/).
    files: ["bench/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...TOP_IMPORTS,
            {
              group: ["@/scripts/*", "**/scripts/*"],
              message: "bench/ imports no script: move what both need into lib/.",
            },
          ],
        },
      ],
    },
  },
  {
    // One width and one import style for every source file (prettier formats to the same 120).
    files: ["**/*.{ts,tsx,mts,mjs}"],
    plugins: { critica: { rules: { "import-style": importStyle } } },
    rules: {
      "max-len": ["error", { code: 120, tabWidth: 2 }],
    },
  },
  {
    // The root's config files are loaded by tools that do not all read tsconfig's "@/" paths.
    files: ["{app,components,lib,bench,scripts,tests,e2e}/**/*.{ts,tsx,mts}"],
    rules: { "critica/import-style": "error" },
  },
  // Override default ignores of eslint-config-next.
  globalIgnores([
    // Default ignores of eslint-config-next:
    ".next/**",
    ".next-*/**",
    "out/**",
    "build/**",
    "next-env.d.ts",
    "lib/generated/**",
    // Routes the Workflow SDK generates at build time (withWorkflow in next.config.ts).
    "app/.well-known/workflow/**",
    "playwright-report/**",
    "test-results/**",
  ]),
]);

export default eslintConfig;
