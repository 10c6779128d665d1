import { Badge } from "@/components/ui/badge";
import type { RunEventPayloads } from "@/lib/domain/events";

/** How each question kind is described in the timeline. */
const KIND_LABELS: Record<RunEventPayloads["question-classified"]["kind"], string> = {
  "named-drug": "about a named drug",
  open: "open: which drugs cause the condition",
  repurposing: "repurposing: which existing drugs could treat the condition",
  other: "not about a drug: read for its findings",
};

/**
 * The question's classification: its kind, the drugs and conditions it names, and the concepts it was read as with the
 * vocabulary's version ("statins = Hydroxymethylglutaryl-CoA Reductase Inhibitors (D019161, a class) · MeSH 2024 ·
 * Disease Ontology 2016-09-01").
 */
export function QuestionEvent({ data }: { data: RunEventPayloads["question-classified"] }) {
  return (
    <li data-testid="question-event" className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-muted-foreground">Question</span>
      <Badge tone="accent" testId="question-kind">
        {KIND_LABELS[data.kind]}
      </Badge>
      {data.drugs.length > 0 && (
        <span>
          <span className="text-muted-foreground">drugs: </span>
          <span className="font-medium">{data.drugs.join(", ")}</span>
        </span>
      )}
      {data.reading && (
        <span data-testid="question-reading">
          <span className="text-muted-foreground">read as: </span>
          <span className="font-medium">{data.reading}</span>
        </span>
      )}
      {data.conditions.length > 0 && (
        <span>
          <span className="text-muted-foreground">conditions: </span>
          <span className="font-medium">{data.conditions.join(", ")}</span>
        </span>
      )}
      {data.concepts && data.concepts.length > 0 && (
        <span data-testid="question-concepts">
          <span className="text-muted-foreground">concepts: </span>
          {data.concepts
            .map((c) => `${c.written} = ${c.name} (${c.id}${c.kind === "class" ? ", a class" : ""})`)
            .join("; ")}
          {data.vocabulary && <span className="text-muted-foreground"> · {data.vocabulary}</span>}
        </span>
      )}
    </li>
  );
}
