import type { RunEventPayloads } from "@/lib/domain/events";

const READER = { hypothesis: "the hypotheses", judge: "the judge", report: "the report" } as const;

/**
 * One relevance pass: how many records the next agent reads and how many were left out as not bearing on the
 * question. Nothing when the pass scored no record and left none out (the run had read them all before).
 */
export function RelevanceEvent({ data }: { data: RunEventPayloads["relevance"] }) {
  if (data.scored === 0 && data.dropped.length === 0) return null;
  const records = (n: number) => `${n} ${n === 1 ? "record" : "records"}`;
  return (
    <li data-testid="relevance-event" className="text-sm text-muted-foreground">
      Relevance: {records(data.shown)} read for {READER[data.agent]}
      {data.scored > 0 ? ` (${data.scored} scored now)` : ""}
      {data.dropped.length > 0 ? `; ${records(data.dropped.length)} left out as not bearing on the question` : ""}.
    </li>
  );
}
