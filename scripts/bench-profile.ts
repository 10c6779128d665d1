// `node --cpu-prof --import tsx --conditions=react-server scripts/bench-profile.ts [n]`: runs the extractive backend's
// agents on
// the first n records (default 500) of a fresh library holding the whole corpus, for a CPU profile (to
// find what dominates the extractive backend's time and check that it grows linearly with the evidence count).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { disconnectDb } from "@/lib/db/client";
import { listLibraryRecords } from "@/lib/db/evidence";
import { applyMigrations } from "@/lib/db/migrate";
import { createExtractiveBackend } from "@/lib/research/agents/extractive";
import { importLibrary } from "@/bench/classic";

async function main() {
  const n = Number(process.argv[2] ?? 500);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "critica-profile-"));
  process.env.DATABASE_URL = `file:${path.join(dir, "profile.db")}`;
  try {
    await applyMigrations();
    await importLibrary(console.error);
    const evidence = (await listLibraryRecords()).slice(0, n);
    const backend = createExtractiveBackend();
    const question = "Is lithium nephrotoxic, and by what mechanism?";
    for (const label of ["cold", "warm"]) {
      const cpu = process.cpuUsage();
      const t0 = performance.now();
      const hypotheses = await backend.hypothesize({ question, evidence, previous: null });
      const t1 = performance.now();
      const assessment = await backend.judge({ question, evidence, hypotheses, iteration: 1, maxIterations: 1 });
      const t2 = performance.now();
      await backend.report({
        question,
        evidence,
        hypotheses,
        assessments: [assessment],
        sourcesSearched: ["local"],
        iterations: 1,
        shortfalls: [],
      });
      const t3 = performance.now();
      const used = process.cpuUsage(cpu);
      console.error(
        `${label}: ${evidence.length} records, hypothesis ${(t1 - t0).toFixed(0)} ms, judge ` +
          `${(t2 - t1).toFixed(0)} ms, report ${(t3 - t2).toFixed(0)} ms; CPU ` +
          `${((used.user + used.system) / 1000).toFixed(0)} ms`,
      );
    }
  } finally {
    await disconnectDb();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
