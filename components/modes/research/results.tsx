"use client";

import { ReportPanel } from "@/components/run/report-panel";
import { ReportDraft } from "@/components/run/partial-answer";
import type { ModeResultsProps } from "@/components/modes/presentation";

/**
 * A research run's results: its report (one version of it, see ReportPanel) once written, drawn with that version's
 * records and events; before that, the report agent's draft as the model writes it.
 */
export function ResearchResults({ events, partial, ...shown }: ModeResultsProps) {
  const report = events.findLast((e) => e.type === "report");
  if (report) return <ReportPanel events={events} report={report.data} {...shown} />;
  return partial?.kind === "report" ? <ReportDraft partial={partial} /> : null;
}
