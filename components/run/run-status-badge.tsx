import { Badge } from "@/components/ui/badge";
import type { RunStatus } from "@/lib/domain/run";

const TONE = {
  queued: "neutral",
  running: "accent",
  completed: "success",
  failed: "danger",
  cancelled: "warning",
  interrupted: "warning",
} as const;

/** A run's status as a coloured badge. */
export function RunStatusBadge({ status }: { status: RunStatus }) {
  return (
    <Badge tone={TONE[status]} testId="run-status">
      {status}
    </Badge>
  );
}
