import { configDefaults, defineConfig } from "vitest/config";
import path from "node:path";

/**
 * The lint tests read lib/ from disk, and import-rules writes a deliberate import circle into lib/ while it runs: with
 * two files at a time, import-cycles could read it. They run last, one at a time (a project with maxWorkers 1 is
 * its own sequential group).
 */
const LIB_READERS = ["tests/unit/lint/**/*.test.ts"];

/**
 * Files that share one module graph (isolate: false) instead of re-importing lib each: pure functions over their
 * arguments, with no database, process.env, mocks, timers, servers, globals or test-support state (checked by grep
 * and by running them together). A file that gains such state belongs in the isolated project.
 */
const SHARED_MODULES = [
  "tests/unit/ai/provider-errors.test.ts",
  "tests/unit/ai/structured-stream.test.ts",
  "tests/unit/auth/client-address.test.ts",
  "tests/unit/auth/engine-gate.test.ts",
  "tests/unit/auth/papers-rules.test.ts",
  "tests/unit/auth/rules.test.ts",
  "tests/unit/auth/security-txt.test.ts",
  "tests/unit/chat/classify.test.ts",
  "tests/unit/claims/polarity.test.ts",
  "tests/unit/components/form-limits.test.ts",
  "tests/unit/components/relevance-event.test.ts",
  "tests/unit/components/report-document.test.ts",
  "tests/unit/components/report-notices.test.ts",
  "tests/unit/components/typed-chains.test.ts",
  "tests/unit/docs/prompts-doc.test.ts",
  "tests/unit/domain/run-input.test.ts",
  "tests/unit/export/watch-feed.test.ts",
  "tests/unit/grounding/key-citations.test.ts",
  "tests/unit/grounding/markers.test.ts",
  "tests/unit/grounding/sentence-buffer.test.ts",
  "tests/unit/grounding/statement-support.test.ts",
  "tests/unit/hostile/csrf.test.ts",
  "tests/unit/relations/eval.test.ts",
  "tests/unit/relations/mentions.test.ts",
  "tests/unit/relations/patterns.test.ts",
  "tests/unit/relations/predict.test.ts",
  "tests/unit/relations/priors.test.ts",
  "tests/unit/relations/pubtator.test.ts",
  "tests/unit/relations/weights.test.ts",
  "tests/unit/report/appraise/validate-citations.test.ts",
  "tests/unit/report/render/markdown.test.ts",
  "tests/unit/report/render/passage-citations.test.ts",
  "tests/unit/report/render/sentence-list.test.ts",
  "tests/unit/research/normalise-chain.test.ts",
  "tests/unit/research/question.test.ts",
  "tests/unit/runs/stale-step-locks.test.ts",
  "tests/unit/sources/http.test.ts",
  "tests/unit/sources/local-query.test.ts",
  "tests/unit/sources/reachability.test.ts",
  "tests/unit/text/methods.test.ts",
  "tests/unit/text/negation.test.ts",
  "tests/unit/text/quantities.test.ts",
  "tests/unit/watches/schedule.test.ts",
  "tests/unit/watches/view.test.ts",
];

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname, "."),
      // lib/db is `import "server-only"`; Next.js resolves that marker on the server, tests run as the server too.
      "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js"),
    },
  },
  test: {
    environment: "node",
    // Suites not about accounts run as a personal install (no sign-in in their way); tests/unit/auth sets
    // CRITICA_AUTH=on itself.
    env: { CRITICA_AUTH: "off" },
    // Two files at a time: vitest's default on 2 cores is one (cores - 1), which leaves a core idle while a file
    // waits on its loopback servers, databases and delays. Each file owns its temp folders, ports and databases.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      // Projects extend the root config by merging arrays, so each names its own files (no root include).
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          exclude: [...configDefaults.exclude, ...SHARED_MODULES, ...LIB_READERS],
        },
      },
      { extends: true, test: { name: "unit-shared", include: SHARED_MODULES, isolate: false } },
      { extends: true, test: { name: "unit-lint", include: LIB_READERS, maxWorkers: 1 } },
    ],
  },
});
