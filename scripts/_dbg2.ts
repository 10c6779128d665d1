import { withTempLibrary } from "@/scripts/eval-support";
import { cdrSplitFile, heldOutDevWeights } from "@/scripts/cdr-pairs";
import { useRelationWeights } from "@/lib/relations/predict";
async function main() {
  useRelationWeights(heldOutDevWeights());
  await withTempLibrary("dbg-", async () => {
    const { applyMigrations } = await import("@/lib/db/migrate");
    await applyMigrations();
    const { importFile } = await import("@/lib/library/import");
    await importFile(cdrSplitFile("dev"));
    const { askResearch } = await import("@/scripts/bottomline-runs");
    for (const q of process.argv.slice(2)) {
      const r = await askResearch(q, 3);
      console.log("Q:", q, "→", r.verdict, r.outcome.report?.verification?.failedChecks);
      if (process.env.SHOW) console.log(r.outcome.markdown);
    }
  });
}
main();
