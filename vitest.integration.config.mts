import { defineConfig } from "vitest/config";
import path from "node:path";

// Integration tests: they start the production build (`npm run build` first) as real `next start` processes that
// they own, kill them and restart them. Run by scripts/test.sh after the build: `npx vitest run -c vitest.integration.config.mts`.
export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname, ".") } },
  test: {
    environment: "node",
    include: ["tests/integration/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
