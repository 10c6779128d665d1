import { Badge } from "@/components/ui/badge";
import type { FollowUpClassification } from "@/lib/domain/chat";

const LABELS = { evidence: "Question about the evidence", research: "Request for more research" } as const;

/**
 * The backend's reading of a follow-up, shown so the user sees how the question was taken: kind and reason,
 * and "chosen by the model" when the language model chose it (the rules choose without a model).
 */
export function FollowUpKind({ data }: { data: FollowUpClassification }) {
  return (
    <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground" data-testid="follow-up-kind">
      <Badge tone={data.kind === "research" ? "accent" : "neutral"}>{LABELS[data.kind]}</Badge>
      <span>{data.decidedBy === "model" ? `chosen by the model: ${data.reason}` : data.reason}</span>
    </p>
  );
}
