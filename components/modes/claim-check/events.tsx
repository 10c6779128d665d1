import { Badge } from "@/components/ui/badge";
import { FromCacheTag } from "@/components/run/from-cache-tag";
import { SourceBadge } from "@/components/run/source-badge";
import { STRATEGY_NAMES } from "./strategy-names";
import type { ModeTimeline } from "@/components/modes/presentation";
import type { RunEventPayloads } from "@/lib/domain/events";

/** Timeline entry: the claims taken from the pasted text. */
export function ClaimsExtractedEvent({ data }: { data: RunEventPayloads["claims-extracted"] }) {
  return (
    <li data-testid="claims-extracted-event" className="text-sm">
      <span className="font-medium">
        {data.claims.length} {data.claims.length === 1 ? "claim" : "claims"} to check
      </span>{" "}
      <span className="text-muted-foreground">
        from {data.sentences} {data.sentences === 1 ? "sentence" : "sentences"} (
        {data.method === "llm" ? "chosen by the model" : "finding sentences: comparisons, effect verbs, numbers"})
      </span>
    </li>
  );
}

/** Timeline entry: a claim's counter-statement and keyword query. */
export function CounterStatementEvent({ data }: { data: RunEventPayloads["counter-statement"] }) {
  return (
    <li data-testid="counter-statement-event" className="text-sm">
      <span className="text-muted-foreground">Claim {data.claim} · counter-statement </span>
      <q className="font-medium">{data.counterStatement}</q>
      <span className="text-muted-foreground">
        {" "}
        · keyword query <code>{data.keywordQuery}</code>
        {data.hydeAbstracts.length > 0 &&
          ` · ${data.hydeAbstracts.length} example abstracts written to find similar real ones`}
      </span>
    </li>
  );
}

/** Timeline entry: one source call of one search strategy, and "from cache" when the source cache answered it. */
export function ClaimSearchEvent({ data }: { data: RunEventPayloads["claim-search"] }) {
  return (
    <li data-testid="claim-search-event" className="flex flex-wrap items-center gap-2 text-sm">
      <SourceBadge source={data.source} />
      <Badge tone="accent">{STRATEGY_NAMES[data.strategy]}</Badge>
      <span className="text-muted-foreground">claim {data.claim}</span>
      <q className="max-w-xl truncate font-medium">{data.query}</q>
      <span className="tabular-nums text-muted-foreground">
        {/* A similarity search ranks a pool of candidates and keeps the most similar: the statistics count those
            kept. */}
        {data.strategy === "keyword"
          ? `${data.hits} ${data.hits === 1 ? "hit" : "hits"}`
          : `${data.hits} candidates compared, the most similar kept`}{" "}
        · {data.durationMs} ms
      </span>
      {data.fromCache && <FromCacheTag />}
    </li>
  );
}

/** Timeline entry: the documents of a claim scored 0–5. */
export function ClaimScoredEvent({ data }: { data: RunEventPayloads["claim-scored"] }) {
  return (
    <li data-testid="claim-scored-event" className="text-sm">
      <span className="text-muted-foreground">Claim {data.claim} · </span>
      {data.scored} documents scored, {data.aboveThreshold} at or above {data.threshold}/5
      <span className="text-muted-foreground">
        {" "}
        (keyword {data.byStrategy.keyword}, semantic {data.byStrategy.semantic}, example abstracts{" "}
        {data.byStrategy.hyde}
        {data.modelCalls > 0 ? `; ${data.modelCalls} model ${data.modelCalls === 1 ? "call" : "calls"}` : ""})
      </span>
    </li>
  );
}

/** Timeline entry: a claim's counter-report was written. */
export function CounterReportEvent({ data }: { data: RunEventPayloads["counter-report"] }) {
  return (
    <li data-testid="counter-report-event" className="text-sm">
      <span className="text-muted-foreground">Claim {data.claim} · </span>
      counter-report with {data.citations.length} {data.citations.length === 1 ? "citation" : "citations"}
      {data.dropped.length > 0 &&
        `; ${data.dropped.length} ${data.dropped.length === 1 ? "passage" : "passages"} dropped (not in the abstract)`}
    </li>
  );
}

/** Timeline entry: the verdict on a claim. */
export function ClaimVerdictEvent({ data }: { data: RunEventPayloads["claim-verdict"] }) {
  return (
    <li data-testid="claim-verdict-event" className="text-sm">
      <span className="text-muted-foreground">Claim {data.claim} · verdict </span>
      <span className="font-medium">{data.result.verdict}</span> ({data.result.confidence} confidence)
    </li>
  );
}

/** A claim check's timeline entries (its full results are drawn by ./results). */
export const claimCheckTimeline: ModeTimeline = {
  events: {
    "claims-extracted": (d) => <ClaimsExtractedEvent data={d} />,
    "counter-statement": (d) => <CounterStatementEvent data={d} />,
    "claim-search": (d) => <ClaimSearchEvent data={d} />,
    "claim-scored": (d) => <ClaimScoredEvent data={d} />,
    "counter-report": (d) => <CounterReportEvent data={d} />,
    "claim-verdict": (d) => <ClaimVerdictEvent data={d} />,
  },
};
