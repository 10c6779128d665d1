import type { RunDetail } from "@/lib/runs/projections";
import { researchPrisma, screenedRecords } from "@/lib/report/prisma";
import { researchPrismaLayout } from "@/lib/report/prisma-layout";
import { prismaSvg, svgToString } from "@/lib/report/prisma-svg";
import { exportBaseName, type ExportFile } from "./files";

/** The export format of the PRISMA 2020 flow diagram ("Export → PRISMA (SVG)"). */
export const PRISMA_FORMAT = "prisma";

/**
 * A research run's PRISMA 2020 flow diagram as a standalone SVG file, the same figure as the report page's
 * (prismaSvg), with an XML declaration. Null for a run without a report.
 */
export function prismaSvgFile(detail: RunDetail): ExportFile | null {
  if (!detail.report) return null;
  const flow = researchPrisma({ events: detail.events, records: screenedRecords(detail.evidence), report: detail.report });
  return {
    body: `<?xml version="1.0" encoding="UTF-8"?>\n${svgToString(prismaSvg(researchPrismaLayout(flow)))}\n`,
    contentType: "image/svg+xml; charset=utf-8",
    filename: `${exportBaseName(detail.report.title)}-prisma.svg`,
  };
}
