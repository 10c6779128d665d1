import type { NextConfig } from "next";
import path from "node:path";
import { withWorkflow } from "workflow/next";

// The durable engine's world, chosen before withWorkflow reads it (it would otherwise put the local world's data
// under the build folder, which `next build` deletes): with a Postgres DATABASE_URL, the Postgres world on the same
// database; otherwise the local world, storing its files beside the SQLite database so they persist across builds
// and restarts (and a fresh database comes with fresh workflow data).
const databaseUrl = process.env.DATABASE_URL ?? "file:./data/critica.db";
if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
  process.env.WORKFLOW_TARGET_WORLD ??= "@workflow/world-postgres";
  process.env.WORKFLOW_POSTGRES_URL ??= databaseUrl;
} else {
  process.env.WORKFLOW_TARGET_WORLD ??= "local";
  process.env.WORKFLOW_LOCAL_DATA_DIR ??= `${path.resolve(databaseUrl.replace(/^file:/, ""))}.workflow`;
}

const nextConfig: NextConfig = {
  // NEXT_DIST_DIR lets parallel builds (e.g. two developers' e2e runs on one machine) use separate folders.
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  turbopack: {
    rules: {
      "*.css": {
        loaders: ["@tailwindcss/turbopack"],
        as: "*.css",
      },
    },
  },
  poweredByHeader: false,
  // pdf.js runs its worker code in the server's own thread from its package files; bundling it breaks that.
  serverExternalPackages: ["pdfjs-dist"],
  experimental: {
    // Uploads to "My papers" pass through the proxy (proxy.ts), whose default body limit is 10 MB; the upload route
    // refuses files over CRITICA_MAX_PAPER_MB (at most 100) itself.
    proxyClientMaxBodySize: "110mb",
  },
  // scripts/test.sh type-checks the whole tree (`npm run typecheck`) before it builds; checking again in `next build`
  // costs about a minute there. Any other build, a deployment's included, type-checks.
  typescript: { ignoreBuildErrors: process.env.CRITICA_BUILD_TYPECHECKED === "1" },
};

// withWorkflow compiles the "use workflow" / "use step" functions of the durable engine (lib/research/workflow.ts)
// and generates their routes under app/.well-known/workflow/v1 (git-ignored).
export default withWorkflow(nextConfig);
