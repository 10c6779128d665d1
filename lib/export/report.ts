import type { RunDetail } from "@/lib/runs/projections";
import type { ModeRegistry } from "@/lib/runs/registry";
import { followUpsForExport, followUpsMarkdown } from "@/lib/chat/appendix";
import type { ChatUIMessage } from "@/lib/domain/chat";
import type { RunEvent } from "@/lib/domain/events";
import { exportFile, type ExportFile, type ExportFormat } from "@/lib/domain/export";

/**
 * A run as a downloadable file of `format`, as its mode writes it (RunMode.export): JSON is the mode's `--json`
 * contract, with `runId` replaced by `options.runId` when given (share links pass null so a shared copy never reveals
 * the run's id); the other formats are the mode's files. Where the mode says so (`followUps`), with
 * `options.messages` (the run's conversation) Markdown ends with an appendix of the follow-ups and their answers, and
 * JSON carries them as `followUps` (lib/chat/appendix followUpsForExport).
 * @returns null when the run's mode does not offer the format, or the run has nothing to put in it yet (it ended
 *   before its report or verdict); JSON is always there for a mode the registry knows.
 */
export function exportRun(
  format: ExportFormat,
  detail: RunDetail,
  registry: ModeRegistry,
  options: { runId?: string | null; messages?: ChatUIMessage[] } = {},
): ExportFile | null {
  const mode = registry.named(detail.run.mode);
  if (!mode?.export.formats.includes(format)) return null;
  const followUps =
    mode.export.followUps && options.messages ? followUpsForExport(options.messages, detail.events) : null;
  if (format === "json") {
    const json = { ...mode.export.json(detail), ...(followUps ? { followUps } : {}) };
    const body = "runId" in options ? { ...json, runId: options.runId ?? null } : json;
    return exportFile(format, mode.export.title(detail), `${JSON.stringify(body, null, 2)}\n`);
  }
  const file = mode.export.file(format, detail);
  const appendix = file && format === "markdown" && followUps ? followUpsMarkdown(followUps) : "";
  return file && appendix ? { ...file, body: `${file.body.trimEnd()}\n\n${appendix}` } : file;
}

/**
 * What a run's export menu offers: its mode's formats once the run has its results (RunMode.export.ready: a report,
 * a verdict), else JSON only; and whether its page prints as a report (then too). None for a mode the registry does
 * not know.
 */
export function exportChoices(
  mode: string,
  events: RunEvent[],
  registry: ModeRegistry,
): { formats: ExportFormat[]; printable: boolean } {
  const exports = registry.named(mode)?.export;
  if (!exports) return { formats: [], printable: false };
  const ready = exports.ready(events);
  return { formats: exports.formats.filter((f) => ready || f === "json"), printable: ready };
}
