import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

/**
 * The layers of lib/, lowest first. A folder may import only from folders in lower layers (and from itself);
 * folders of the same layer do not import each other. Type-only imports count: the rule sees every import.
 * app/, components/ and scripts/ sit on top and may import any layer.
 */
const LIB_LAYERS = [
  ["config.ts", "domain", "text"],
  ["evidence", "relations", "vocabularies"],
  // A question or claim → a proposition; a record's stance on it (research, claims and chat read through it).
  ["reading"],
  ["ai", "db"],
  ["sources", "auth"],
  ["library"],
  ["report"],
  ["runs"],
  ["research", "claims"],
  ["chat"],
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

const eslintConfig = defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    files: ["lib/**/*.ts", "lib/**/*.tsx"],
    rules: {
      "import/no-restricted-paths": [
        "error",
        {
          zones: [
            ...layerZones,
            { target: "./lib", from: ["./app", "./components", "./scripts"], message: "lib/ must not import app/, components/ or scripts/." },
            {
              target: ["./app", "./components", "./scripts", ...ALL_LIB.filter((f) => f !== "db").map((f) => `./lib/${f}`)],
              from: "./lib/generated",
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
