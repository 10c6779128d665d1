import type { Evidence } from "@/lib/domain/evidence";
import type { EmitEvent } from "@/lib/domain/events";
import type { RunPartial } from "@/lib/domain/partial";

/** Where a run saves what it finds. `emit` saves an event before it is shown. */
export interface RunRecorder {
  emit: EmitEvent;
  /** Saves newly collected evidence records (in order) before the evidence event that announces them. */
  saveEvidence(records: Evidence[], iteration: number): Promise<void>;
  /** Shows live viewers an agent's answer as it streams; never saved (optional: recorders without viewers omit it). */
  partial?(partial: RunPartial): void;
}
