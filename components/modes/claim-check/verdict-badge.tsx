import { Badge } from "@/components/ui/badge";
import type { ClaimVerdict, VerdictConfidence } from "@/lib/domain/claim-check";

const TONE = { contradicts: "danger", supports: "success", undecided: "neutral" } as const;

/** The verdict on the original claim as a coloured badge, with its confidence beside it. */
export function VerdictBadge({ verdict, confidence }: { verdict: ClaimVerdict; confidence: VerdictConfidence }) {
  return (
    <span className="inline-flex items-center gap-2">
      <Badge tone={TONE[verdict]} testId="claim-verdict" title="What the evidence does to the original claim">
        {verdict}
      </Badge>
      <span data-testid="verdict-confidence" className="text-sm text-muted-foreground">
        {confidence} confidence
      </span>
    </span>
  );
}
