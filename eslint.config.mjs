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
  ["ai", "db"],
  ["sources", "auth"],
  ["library"],
  ["report"],
  ["runs"],
  ["research", "claims"],
  ["chat"],
  ["modes.ts"],
  ["watches"],
  ["export"],
];
const ALL_LIB = LIB_LAYERS.flat();
const layerZones = LIB_LAYERS.flatMap((layer, index) => {
  const lower = new Set(LIB_LAYERS.slice(0, index).flat());
  return layer.map((folder) => ({
    target: `./lib/${folder}`,
    from: ALL_LIB.filter((other) => other !== folder && !lower.has(other)).map((other) => `./lib/${other}`),
    message: `lib/${folder} may import only from lower layers (${[...lower].join(", ") || "none"}); see eslint.config.mjs LIB_LAYERS.`,
  }));
});

/**
 * Inside lib/report, appraise/ decides (citations, quotes, critic checks, study type, GRADE, the bottom line, the
 * PRISMA flow counts) and render/ writes (Markdown, markers, prose, references, the flow diagram's drawing). render/
 * writes the judgements appraise/ hands it; appraise/ reads a report only through render/'s parsers of the report's
 * own text: its citation markers, its prose fields and its reference list.
 */
const reportZone = {
  target: "./lib/report/appraise",
  from: "./lib/report/render",
  except: ["./markers.ts", "./prose.ts", "./references.ts"],
  message:
    "lib/report/appraise reads a report only through render/markers, render/prose and render/references; it writes no text.",
};

/** The Prisma client stays in lib/db: every other folder of lib/, and everything on top of lib/, calls a lib/db function. */
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

/** The files on top of lib/: the pages and routes, the components, the command-line scripts, the benchmarks, the root modules. */
const TOP_FILES = ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "scripts/**/*.{ts,mjs}", "bench/**/*.ts", "*.ts"];

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
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@/lib/db/client", "**/lib/db/client"],
              importNames: ["getDb"],
              message: "getDb() is for lib/db only: call a lib/db function (add one there if none fits).",
            },
            {
              group: ["@prisma/client", "@prisma/client/*"],
              message: "The Prisma client is used in lib/db only: call a lib/db function.",
            },
          ],
        },
      ],
    },
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
