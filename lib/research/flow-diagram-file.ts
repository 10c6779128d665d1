import type { RunDetail } from "@/lib/runs/projections";
import { researchFlow, screenedRecords } from "@/lib/report/appraise/flow-diagram";
import { readQuestionEvidence } from "@/lib/reading/read";
import { researchFlowLayout } from "@/lib/report/render/flow-diagram-layout";
import { flowDiagramSvg, svgToString } from "@/lib/report/render/flow-diagram-svg";
import { exportFile, type ExportFile } from "@/lib/domain/export";

/**
 * A research run's PRISMA 2020 flow diagram as a standalone SVG file, the same figure as the report page's
 * (flowDiagramSvg), with an XML declaration. Null for a run without a report.
 */
export function flowDiagramSvgFile(detail: RunDetail): ExportFile | null {
  if (!detail.report) return null;
  const flow = researchFlow({
    events: detail.events,
    records: screenedRecords(detail.evidence, readQuestionEvidence(detail.run.question, detail.evidence).readings),
    report: detail.report,
  });
  const svg = svgToString(flowDiagramSvg(researchFlowLayout(flow)));
  return exportFile("prisma", detail.report.title, `<?xml version="1.0" encoding="UTF-8"?>\n${svg}\n`, "-prisma");
}
