import { defineConfig } from "vitest/config";
import path from "node:path";

// Integration tests: they start the production build (`npm run build` first) as real `next start` processes that
// they own, kill them and restart them. Run by scripts/test.sh after the build: `npx vitest run -c
// vitest.integration.config.mts`.
export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname, "."),
      // lib/db is `import "server-only"`; the test process reads the database as the server does.
      "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js"),
    },
  },
  test: {
    environment: "node",
    // Suites not about accounts run as a personal install (no sign-in in their way); tests/unit/auth sets
    // CRITICA_AUTH=on itself.
    env: { CRITICA_AUTH: "off" },
    include: ["tests/integration/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // Two files at a time: each owns its servers on free ports, temp folders and Postgres databases, and mostly waits
    // on delayed loopback sources and restarts. The 18 files took 394 s so, all passing at load average 8, where one
    // at a time took about 14 min.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
