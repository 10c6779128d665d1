import { FromCacheTag } from "./from-cache-tag";
import { SourceBadge } from "./source-badge";
import type { RunEventPayloads } from "@/lib/domain/events";

const PHASE = { question: "question", hypothesis: "hypothesis", judge: "judge" } as const;

/** One search: source, query, hits and time, and "from cache" when the source cache answered (no network). */
export function SearchEvent({ data }: { data: RunEventPayloads["search"] }) {
  return (
    <li data-testid="search-event" className="flex flex-wrap items-center gap-2 text-sm">
      <SourceBadge source={data.source} />
      <span className="text-muted-foreground">{PHASE[data.phase]} query</span>
      <q className="font-medium">{data.query}</q>
      <span className="tabular-nums text-muted-foreground">
        {data.hits} {data.hits === 1 ? "hit" : "hits"} · {data.durationMs} ms
      </span>
      {data.fromCache && <FromCacheTag />}
    </li>
  );
}
