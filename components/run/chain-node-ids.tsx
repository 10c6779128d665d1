import { Badge } from "@/components/ui/badge";
import { targetStatus, type MechanismHypothesis } from "@/lib/domain/hypothesis";

/**
 * The typed identifiers of a chain, so a reader can look each node up: the target's NCBI Gene symbol and ID (linked to
 * NCBI Gene), or "unrecognised" when normalisation found no gene or protein; the pathway's GO ID (linked to QuickGO);
 * the drug's and effect's MeSH IDs. Nothing is shown for hypotheses saved before chains were typed.
 */
export function ChainNodeIds({ h }: { h: MechanismHypothesis }) {
  const status = targetStatus(h);
  return (
    <span className="inline-flex flex-wrap items-center gap-1.5 text-xs" data-testid="chain-ids">
      {status === "recognised" && (
        <a
          data-testid="target-gene"
          href={`https://www.ncbi.nlm.nih.gov/gene/${h.targetGeneId}`}
          target="_blank"
          rel="noreferrer noopener"
          className="text-accent underline underline-offset-2"
        >
          {h.targetSymbol ? `${h.targetSymbol} · ` : ""}NCBI Gene {h.targetGeneId}
        </a>
      )}
      {status === "unrecognised" && (
        <Badge
          tone="warning"
          testId="target-unrecognised"
          title="The target matches no known gene or protein (NCBI Gene)"
        >
          target unrecognised
        </Badge>
      )}
      {h.pathwayGoId && (
        <a
          data-testid="pathway-go"
          href={`https://www.ebi.ac.uk/QuickGO/term/${h.pathwayGoId}`}
          target="_blank"
          rel="noreferrer noopener"
          className="text-accent underline underline-offset-2"
        >
          {h.pathwayGoId}
        </a>
      )}
      {h.drugMeshId && <span className="text-muted-foreground">drug MeSH {h.drugMeshId}</span>}
      {h.effectMeshId && <span className="text-muted-foreground">effect MeSH {h.effectMeshId}</span>}
    </span>
  );
}

/** A link's record count, or "curated (GO)" for a link that rests on a curated database annotation. */
export function linkSupportLabel(l: { evidenceIds: string[]; curated?: string }): string {
  if (l.curated && l.evidenceIds.length === 0) return `curated: ${l.curated}`;
  const n = l.evidenceIds.length;
  return `${n} ${n === 1 ? "record" : "records"}${l.curated ? `; curated: ${l.curated}` : ""}`;
}
