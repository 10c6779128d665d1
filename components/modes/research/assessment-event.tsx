import { Badge } from "@/components/ui/badge";
import { ScoreGauge } from "@/components/run/score-gauge";
import type { RunEventPayloads } from "@/lib/domain/events";
import { plainWords } from "@/lib/report/render/plain-words";

/** The judge's assessment of one iteration: scores, sufficiency, recommendation and next queries. */
export function AssessmentEvent({ data }: { data: RunEventPayloads["assessment"] }) {
  const a = data.assessment;
  return (
    <li data-testid="assessment" className="space-y-2 rounded-md border border-border bg-background p-3">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-semibold">Judge assessment</span>
        <Badge tone={a.sufficient ? "success" : "warning"} testId="assessment-sufficient">
          {a.sufficient ? "sufficient" : "not sufficient"}
        </Badge>
        <Badge testId="assessment-recommendation">{a.recommendation}</Badge>
        {data.forced && <Badge tone="warning">synthesis forced at the iteration cap</Badge>}
        <span className="text-muted-foreground">confidence {Math.round(a.confidence * 100)}%</span>
      </div>
      <div className="flex flex-wrap gap-4">
        <ScoreGauge label="Mechanism" value={a.mechanismScore} testId="mechanism-score" />
        <ScoreGauge label="Clinical" value={a.clinicalScore} testId="clinical-score" />
      </div>
      <p className="text-sm text-muted-foreground">{plainWords(a.reasoning)}</p>
      {a.recommendation === "continue" && a.nextSearchQueries.length > 0 && (
        <p className="text-sm">
          <span className="font-medium">Next queries: </span>
          {a.nextSearchQueries.map((q) => `“${q}”`).join(", ")}
        </p>
      )}
    </li>
  );
}
