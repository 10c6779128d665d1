import { Badge } from "@/components/ui/badge";
import type { RunEventPayloads } from "@/lib/domain/events";

const OUTCOME_TEXT = {
  verified: "report verified",
  revise: "sent back to the report agent with this feedback",
  unverified: "published with the “unverified” flag",
  replaced:
    "not published: the extractive report of the same evidence is published instead (this draft is kept, collapsed)",
} as const;

/**
 * One critic verdict on a report draft: attempt, PASS/FAIL, each deterministic check, the entailment check's
 * issues, what was removed from the draft, and what happens next.
 */
export function CriticEvent({ data }: { data: RunEventPayloads["critic"] }) {
  const failed = data.checks.filter((c) => !c.passed);
  return (
    <li data-testid="critic-event" className="space-y-2 rounded-md border border-border bg-background p-3">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-semibold">
          Critic, draft {data.attempt} of {data.maxAttempts}
        </span>
        <Badge tone={data.verdict === "PASS" ? "success" : "danger"} testId="critic-verdict">
          {data.verdict}
        </Badge>
        <span data-testid="critic-outcome" className="text-muted-foreground">
          {OUTCOME_TEXT[data.outcome]}
        </span>
      </div>
      <ul className="flex flex-wrap gap-1.5" aria-label="Deterministic checks">
        {data.checks.map((c) => (
          <li key={c.id}>
            <Badge tone={c.passed ? "success" : "warning"} testId={`critic-check-${c.id}`}>
              {c.passed ? "✓" : "✗"} {c.label}
            </Badge>
          </li>
        ))}
        <li>
          <Badge
            tone={data.entailment === null ? "neutral" : data.entailment.verdict === "PASS" ? "success" : "warning"}
            testId="critic-entailment"
          >
            {data.entailment === null
              ? "entailment not checked"
              : `${data.entailment.verdict === "PASS" ? "✓" : "✗"} entailment of ` +
                `${data.entailment.claimsChecked} cited ` +
                `${data.entailment.claimsChecked === 1 ? "sentence" : "sentences"}`}
          </Badge>
        </li>
      </ul>
      {(failed.length > 0 || (data.entailment?.issues.length ?? 0) > 0) && (
        <ul data-testid="critic-issues" className="list-disc space-y-0.5 pl-5 text-sm text-muted-foreground">
          {failed.flatMap((c) => c.issues.map((issue, i) => <li key={`${c.id}-${i}`}>{issue}</li>))}
          {data.entailment?.issues.map((i, k) => (
            <li key={`e-${k}`}>
              {i.section}: “{i.sentence}”: {i.issue}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
