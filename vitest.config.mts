import { defineConfig } from "vitest/config";
import path from "node:path";

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
    include: ["tests/unit/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
