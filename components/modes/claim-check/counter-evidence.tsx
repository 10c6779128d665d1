import { Badge } from "@/components/ui/badge";
import { SourceBadge } from "@/components/run/source-badge";
import { FoundBy } from "./found-by";
import { RelationLine } from "./claim-sides";
import type { CounterCitation, DocumentRelation, DroppedPassage } from "@/lib/domain/claim-check";

/** "exact match in the abstract" or "97% match in the abstract": how the passage was verified. */
function verification(similarity: number): string {
  return similarity >= 1 ? "exact match in the abstract" : `${Math.floor(similarity * 100)}% match in the abstract`;
}

/**
 * The counter-evidence of one claim: each cited document with its verified passage (quoted from its abstract),
 * its score 0–5, the strategies that found it, the relation the model read in it (polar claims), and how the passage
 * matched; then the passages that were dropped
 * because they were not found in their abstracts.
 */
export function CounterEvidence({
  citations,
  dropped,
  idPrefix,
  relations = new Map(),
}: {
  citations: CounterCitation[];
  dropped: DroppedPassage[];
  idPrefix: string;
  /** The relation the model read in each cited document (by evidence id), when the claim was read with a polarity. */
  relations?: ReadonlyMap<string, DocumentRelation>;
}) {
  return (
    <div className="space-y-2">
      {citations.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="no-counter-evidence">
          No counter-evidence with a verified passage.
        </p>
      ) : (
        <ol data-testid="counter-evidence" className="space-y-3">
          {citations.map((c) => (
            <li key={c.n} id={`${idPrefix}-cite-${c.n}`} data-testid="counter-citation" className="space-y-1 text-sm">
              <div className="flex flex-wrap items-baseline gap-2">
                <span className="font-semibold tabular-nums">[{c.n}]</span>
                <span className="font-medium">{c.title}</span>
              </div>
              <div className="flex flex-wrap items-center gap-2 text-muted-foreground">
                <SourceBadge source={c.source} />
                {c.journal && <span>{c.journal}</span>}
                {c.year && <span>{c.year}</span>}
                <a
                  href={c.url}
                  target="_blank"
                  rel="noreferrer noopener"
                  className="text-accent underline underline-offset-2"
                >
                  {c.pmid ? `PMID ${c.pmid}` : (c.nctId ?? c.doi ?? "record")}
                </a>
                <Badge
                  tone={c.score >= 4 ? "danger" : "warning"}
                  testId="citation-score"
                  title="Support for the counter-statement, 0–5"
                >
                  score {c.score}/5
                </Badge>
                <FoundBy strategies={c.foundBy} />
              </div>
              <blockquote data-testid="verified-passage" className="border-l-2 border-accent pl-3 italic">
                {c.passage}
              </blockquote>
              {relations.get(c.evidenceId) && <RelationLine relation={relations.get(c.evidenceId)!} />}
              <p data-testid="passage-check" className="text-xs text-muted-foreground">
                ✓ {verification(c.similarity)}
              </p>
            </li>
          ))}
        </ol>
      )}
      {dropped.length > 0 && (
        <details data-testid="dropped-passages" className="text-sm text-muted-foreground">
          <summary className="cursor-pointer select-none">
            {dropped.length} {dropped.length === 1 ? "passage" : "passages"} dropped: not found in{" "}
            {dropped.length === 1 ? "its abstract" : "their abstracts"}
          </summary>
          <ul className="mt-1 space-y-1 border-l border-border pl-3">
            {dropped.map((d, i) => (
              <li key={i} data-testid="dropped-passage">
                <span className="line-through">{d.passage}</span> ({d.evidenceId}, best match{" "}
                {Math.floor(d.similarity * 100)}%)
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
