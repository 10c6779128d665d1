"use client";

import { ReportPanel } from "@/components/run/report-panel";
import type { RunEvent, RunEventPayloads } from "@/lib/domain/events";
import type { ReportRecord } from "@/lib/report/appraise/records";

/**
 * A report version's full report panel (bottom line, report with hover cards, evidence table, chains, scores), in the
 * browser.
 */
export function VersionReport(props: {
  events: RunEvent[];
  report: RunEventPayloads["report"];
  records: ReportRecord[];
  question: string;
  maxIterations: number;
}) {
  return <ReportPanel {...props} />;
}
