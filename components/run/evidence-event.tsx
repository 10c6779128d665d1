import { Badge } from "@/components/ui/badge";
import { SourceBadge } from "./source-badge";
import type { EvidenceSummary, RunEventPayloads } from "@/lib/domain/events";

/** Identifier line of a record: PMID, NCT ID or DOI, linked to the record's page. */
export function RecordIdentifier({ e }: { e: EvidenceSummary }) {
  const label = e.pmid ? `PMID ${e.pmid}` : e.nctId ? e.nctId : e.doi ? `doi:${e.doi}` : "link";
  return (
    <a href={e.url} target="_blank" rel="noreferrer noopener" className="text-accent underline underline-offset-2">
      {label}
    </a>
  );
}

/** New evidence from one search step: counts, then the records (collapsed). */
export function EvidenceEvent({ data }: { data: RunEventPayloads["evidence"] }) {
  const summary =
    `${data.added.length} new ` +
    `${data.added.length === 1 ? "record" : "records"}` +
    `${data.duplicates ? `, ${data.duplicates} duplicates removed` : ""} · ${data.total} in total`;
  if (data.added.length === 0) {
    return (
      <li data-testid="evidence-event" className="text-sm text-muted-foreground">
        <span data-testid="evidence-summary">{summary}</span>
      </li>
    );
  }
  return (
    <li data-testid="evidence-event" className="text-sm">
      <details>
        <summary className="cursor-pointer select-none" data-testid="evidence-summary">
          {summary}
        </summary>
        <ul className="mt-2 space-y-1.5 border-l border-border pl-3">
          {data.added.map((e) => (
            <li key={e.id} data-testid="evidence-item">
              <span className="font-medium">{e.title}</span>{" "}
              <span className="inline-flex flex-wrap items-center gap-1.5 text-muted-foreground">
                <SourceBadge source={e.source} />
                {e.journal && <span>{e.journal}</span>}
                {e.year && <span>{e.year}</span>}
                {e.trialPhase && <Badge>{e.trialPhase}</Badge>}
                {e.trialStatus && (
                  <Badge tone={/TERMINATED|WITHDRAWN|SUSPENDED/.test(e.trialStatus) ? "warning" : "neutral"}>
                    {e.trialStatus}
                  </Badge>
                )}
                {e.preprint && <Badge tone="warning">not peer-reviewed</Badge>}
                <RecordIdentifier e={e} />
              </span>
            </li>
          ))}
        </ul>
      </details>
    </li>
  );
}
