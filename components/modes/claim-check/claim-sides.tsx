import { Badge } from "@/components/ui/badge";
import { SourceBadge } from "@/components/run/source-badge";
import { FoundBy } from "./found-by";
import { readingText, relationText, sideCountText } from "@/lib/claims/side-text";
import type { ClaimReading, ClaimSide, DocumentRelation } from "@/lib/domain/claim-check";
import { plainWords } from "@/lib/report/render/plain-words";

/** "Read as: Cocaine — does not cause — diseases of the heart (…)": how the claim's polarity was read. */
export function ClaimReadingLine({ reading }: { reading: ClaimReading }) {
  return (
    <p className="text-sm text-muted-foreground" data-testid="claim-reading">
      Read as: {plainWords(readingText(reading))}
    </p>
  );
}

/**
 * The relation the model read in one document, as a small line in plain words; the model's probability, a number a
 * reader need not weigh, is the line's title.
 */
export function RelationLine({ relation }: { relation: DocumentRelation }) {
  return (
    <p
      data-testid="document-relation"
      className="text-xs text-muted-foreground"
      title={`relation probability ${relation.probability.toFixed(2)}`}
    >
      Relation model: {plainWords(relationText(relation))}
    </p>
  );
}

/** A side's heading with its count: "Against the claim: 12 documents, 9 shown with verified passages". */
export function SideHeading({ label, side, testId }: { label: string; side: ClaimSide; testId: string }) {
  return (
    <h3 className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
      {label}:{" "}
      <span data-testid={testId} className="normal-case tracking-normal">
        {sideCountText(side)}
      </span>
    </h3>
  );
}

/** The documents in line with the claim, each with its verified passage, the relation read in it and its provenance. */
export function SupportingEvidence({ side }: { side: ClaimSide }) {
  if (side.documents.length === 0) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="no-supporting-evidence">
        No document in line with the claim with a verified passage.
      </p>
    );
  }
  return (
    <ul data-testid="supporting-evidence" className="space-y-3">
      {side.documents.map((d) => (
        <li key={d.evidenceId} data-testid="supporting-document" className="space-y-1 text-sm">
          <div className="font-medium">{d.title}</div>
          <div className="flex flex-wrap items-center gap-2 text-muted-foreground">
            <SourceBadge source={d.source} />
            {d.year && <span>{d.year}</span>}
            <a
              href={d.url}
              target="_blank"
              rel="noreferrer noopener"
              className="text-accent underline underline-offset-2"
            >
              {d.pmid ? `PMID ${d.pmid}` : d.evidenceId}
            </a>
            <Badge tone="success">in line with the claim</Badge>
            <FoundBy strategies={d.foundBy} />
          </div>
          <blockquote data-testid="verified-passage" className="border-l-2 border-success pl-3 italic">
            {d.passage}
          </blockquote>
          {d.relation && <RelationLine relation={d.relation} />}
          <p data-testid="passage-check" className="text-xs text-muted-foreground">
            ✓{" "}
            {d.similarity >= 1
              ? "exact match in the abstract"
              : `${Math.floor(d.similarity * 100)}% match in the abstract`}
          </p>
        </li>
      ))}
    </ul>
  );
}
