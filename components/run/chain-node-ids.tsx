import { targetStatus, type MechanismHypothesis } from "@/lib/domain/hypothesis";

/**
 * The typed identifiers of a chain, so a reader can look each node up, collapsed under "Identifiers" (database ids
 * are not words a reader of the hypothesis needs): the target's NCBI Gene symbol and ID (linked to NCBI Gene), or a
 * note that it names no known gene or protein; the pathway's GO ID (linked to QuickGO); the drug's and effect's MeSH
 * IDs. Nothing is shown for hypotheses saved before chains were typed.
 */
export function ChainNodeIds({ h }: { h: MechanismHypothesis }) {
  const status = targetStatus(h);
  if (status !== "recognised" && status !== "unrecognised" && !h.pathwayGoId && !h.drugMeshId && !h.effectMeshId)
    return null;
  return (
    <details className="text-xs" data-testid="chain-ids">
      <summary className="cursor-pointer text-muted-foreground">Identifiers</summary>
      <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
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
          <span data-testid="target-unrecognised">the target is not a known gene or protein (NCBI Gene)</span>
        )}
        {h.pathwayGoId && (
          <a
            data-testid="pathway-go"
            href={`https://www.ebi.ac.uk/QuickGO/term/${h.pathwayGoId}`}
            target="_blank"
            rel="noreferrer noopener"
            className="text-accent underline underline-offset-2"
          >
            pathway: Gene Ontology {h.pathwayGoId}
          </a>
        )}
        {h.drugMeshId && <span className="text-muted-foreground">drug: MeSH {h.drugMeshId}</span>}
        {h.effectMeshId && <span className="text-muted-foreground">effect: MeSH {h.effectMeshId}</span>}
      </span>
    </details>
  );
}

/**
 * Where a curated link comes from, in words: "NCBI Gene GO annotation GO:0003091" (as saved) reads "the gene's Gene
 * Ontology annotation in NCBI Gene"; the GO ID stays under the chain's "Identifiers".
 */
function curatedSource(curated: string): string {
  return curated.replace(/^NCBI Gene GO annotation GO:\d+$/, "the gene's Gene Ontology annotation in NCBI Gene");
}

/** A link's record count, or "curated: …" for a link that rests on a curated database annotation. */
export function linkSupportLabel(l: { evidenceIds: string[]; curated?: string }): string {
  if (l.curated && l.evidenceIds.length === 0) return `curated: ${curatedSource(l.curated)}`;
  const n = l.evidenceIds.length;
  return `${n} ${n === 1 ? "record" : "records"}${l.curated ? `; curated: ${curatedSource(l.curated)}` : ""}`;
}
