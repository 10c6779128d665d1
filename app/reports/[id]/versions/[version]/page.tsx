import { notFound } from "next/navigation";
import { connection } from "next/server";
import { versionViewOf } from "@/components/modes/versions";
import { readableRun } from "@/lib/auth/access";
import { getRunEvidence, listRunEvents } from "@/lib/db/runs";
import { getWatchOfRun, listChecks } from "@/lib/db/watches";
import { getCaller } from "@/app/_server/caller";

export const metadata = { title: "Report version" };

/**
 * One version of a run (a report version, a watch's re-check), as its mode draws it (ModeVersionView.Version) from
 * the run's events, records and watch checks. Readable by whoever may read the run; 404 otherwise, and for a mode
 * whose runs have no versions.
 */
export default async function ReportVersionPage({ params }: PageProps<"/reports/[id]/versions/[version]">) {
  await connection();
  const { id, version } = await params;
  const run = await readableRun(await getCaller(), id);
  const n = Number(version);
  const Version = run ? versionViewOf(run.mode)?.Version : undefined;
  if (!run || !Version || !Number.isInteger(n)) notFound();
  const [events, evidence, watch] = await Promise.all([
    listRunEvents(run.id),
    getRunEvidence(run.id),
    getWatchOfRun(run.id),
  ]);
  const checks = watch ? await listChecks(watch.id) : [];
  return <Version run={run} n={n} events={events} evidence={evidence} checks={checks} />;
}
