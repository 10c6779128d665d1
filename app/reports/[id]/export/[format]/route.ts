import { connection } from "next/server";
import { listMessages } from "@/lib/db/messages";
import { getRunDetail } from "@/lib/runs/projections";
import { exportRun } from "@/lib/export/report";
import { isExportFormat } from "@/lib/domain/export";
import { registry } from "@/lib/modes";
import { downloadResponse } from "@/app/reports/_export/download-response";
import { readableRun } from "@/lib/auth/access";
import { getCaller } from "@/app/_server/caller";

/**
 * GET /reports/<runId>/export/<format>: the run as a download, format markdown | bibtex | ris | json | prisma (the
 * PRISMA 2020 flow diagram as SVG), as its mode writes them (exportRun; a research run's Markdown and JSON with the
 * follow-ups as an appendix). Readable by whoever can open the run page (lib/auth/rules.ts canReadRun). 404 for an
 * unknown run or format, for a run the caller may not read; 409 when the run has nothing in that format (no report
 * yet, or a format its mode does not offer; JSON is always available).
 */
export async function GET(_request: Request, ctx: RouteContext<"/reports/[id]/export/[format]">) {
  await connection();
  const { id, format } = await ctx.params;
  if (!isExportFormat(format) || !/^[0-9a-f-]{36}$/.test(id)) return new Response("Not found", { status: 404 });
  const detail = (await readableRun(await getCaller(), id)) ? await getRunDetail(id) : null;
  if (!detail) return new Response("Not found", { status: 404 });
  const file = exportRun(format, detail, registry, { messages: await listMessages(id) });
  if (!file) return new Response("This run has no report yet.", { status: 409 });
  return downloadResponse(file);
}
