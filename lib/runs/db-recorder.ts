import { addRunEvidence, appendRunEvent, saveReport, updateRun } from "@/lib/db/runs";
import type { RunEventPayloads, RunEventType } from "@/lib/domain/events";
import type { RunRecorder } from "./recorder";
import { clearRunPartial, publishRunPartial } from "./partials";
import { notifyRunEvent } from "./event-feed";

/**
 * A RunRecorder that saves everything to the database: each event as a RunEvent row with the next sequence
 * number, plus the rows it implies (RunEvidence, Report) and the Run's
 * progress fields. Rows are written before the event, so a page that sees an event can load its rows. Partial
 * answers go to the process's live viewers only (lib/runs/partials), never to the database.
 * `firstSeq` is the last seq already saved for the run (0 for a new run) and `firstOrdinal` the number of evidence
 * records already linked to it, so a durable step that resumes a run continues both without gaps or overlaps.
 * `lastSeq()` is the seq of the last event saved so far; `flush()` resolves once every event emitted so far is saved
 * or has failed (an emit nobody awaited, such as an embedder's fallback notice).
 */
export function createDbRecorder(
  runId: string,
  firstSeq = 0,
  firstOrdinal = 0,
): RunRecorder & { lastSeq(): number; flush(): Promise<void> } {
  let seq = firstSeq;
  let ordinal = firstOrdinal;
  // Events are saved strictly in order even if a caller forgets to await.
  let queue: Promise<unknown> = Promise.resolve();

  const persist = async <K extends RunEventType>(type: K, data: RunEventPayloads[K]) => {
    const payload = data as RunEventPayloads[RunEventType];
    switch (type) {
      case "run-started":
        await updateRun(runId, { status: "running" });
        break;
      case "iteration-started":
        await updateRun(runId, { iterations: (payload as RunEventPayloads["iteration-started"]).iteration });
        break;
      case "evidence":
        await updateRun(runId, { evidenceCount: (payload as RunEventPayloads["evidence"]).total });
        break;
      case "assessment": {
        const p = payload as RunEventPayloads["assessment"];
        await updateRun(runId, { confidence: p.assessment.confidence });
        break;
      }
      case "report": {
        const p = payload as RunEventPayloads["report"];
        await saveReport(runId, p.report, p.markdown);
        await updateRun(runId, { confidence: p.report.confidenceScore });
        break;
      }
      case "run-finished": {
        const p = payload as RunEventPayloads["run-finished"];
        await updateRun(runId, { status: p.status, error: p.message, finishedAt: new Date() });
        break;
      }
    }
    seq += 1;
    await appendRunEvent(runId, seq, type, data);
    // The final answer is saved: its streamed partial is no longer shown.
    if (type === "hypotheses" || type === "report" || type === "run-finished")
      clearRunPartial(runId, type === "run-finished");
    // This process's viewers of the run get the event at once (lib/runs/event-feed.ts).
    notifyRunEvent(runId);
  };

  return {
    lastSeq: () => seq,
    flush: async () => void (await queue),
    emit: (type, data) => {
      const next = queue.then(() => persist(type, data));
      queue = next.catch(() => undefined);
      return next;
    },
    partial: (partial) => publishRunPartial(runId, partial),
    saveEvidence: async (records, iteration) => {
      const first = ordinal;
      ordinal += records.length;
      await addRunEvidence(runId, records, iteration, first);
    },
  };
}
