import { connection } from "next/server";
import { getSharedSnapshot } from "@/lib/db/share-links";
import { exportRun } from "@/lib/export/report";
import { isExportFormat } from "@/lib/domain/export";
import { registry } from "@/lib/modes";
import { snapshotToDetail } from "@/lib/runs/projections";
import { downloadResponse } from "@/app/reports/_export/download-response";

/**
 * GET /share/<token>/export/<format>: the shared copy's report as a download, built from the frozen snapshot only
 * (never from live rows), so it matches the share page even after the run changed or was deleted. The JSON's
 * runId is null: a shared copy does not reveal the run's id (which would open the live run page).
 * 404 for an unknown or revoked token or an unknown format; 409 when the copy has no report.
 */
export async function GET(_request: Request, ctx: RouteContext<"/share/[token]/export/[format]">) {
  await connection();
  const { token, format } = await ctx.params;
  if (!isExportFormat(format)) return new Response("Not found", { status: 404 });
  const snapshot = await getSharedSnapshot(token).catch(() => null);
  if (!snapshot) return new Response("Not found", { status: 404 });
  const detail = snapshotToDetail(snapshot);
  const file = exportRun(format, detail, registry, { runId: null, messages: snapshot.messages ?? [] });
  if (!file) return new Response("This shared copy has no report.", { status: 409 });
  return downloadResponse(file);
}
