import { ChainNodeIds, linkSupportLabel } from "./chain-node-ids";
import { Badge } from "@/components/ui/badge";
import { chainLabel, type HypothesisSet, type MechanismHypothesis } from "@/lib/domain/hypothesis";
import type { ReportRecord } from "@/lib/report/appraise/records";

/** A record cited by id: its reference number when the report cites it, title linked to the record, study type. */
function RecordLine({ id, records }: { id: string; records: Map<string, ReportRecord> }) {
  const r = records.get(id);
  if (!r) return <li className="text-muted-foreground">{id.replace(/^pmid:/, "PMID ")}</li>;
  return (
    <li data-testid="chain-record">
      {r.referenceNumber !== null && <span className="mr-1 tabular-nums">[{r.referenceNumber}]</span>}
      <a href={r.url} target="_blank" rel="noreferrer noopener" className="text-accent underline underline-offset-2">
        {r.title}
      </a>{" "}
      <span className="text-muted-foreground">
        ({[r.studyTypeLabel, r.year].filter(Boolean).join(", ")}
        {r.pmid ? `, PMID ${r.pmid}` : ""})
      </span>
    </li>
  );
}

/**
 * The chain drawn as four boxes joined by arrows; each arrow is labelled with the number of records behind that link.
 */
function Chain({ h }: { h: MechanismHypothesis }) {
  const steps = [h.drug, h.target, h.pathway, h.effect];
  const linkLabel = (from: string, to: string) => {
    const link = h.links.find((l) => l.from === from && l.to === to);
    return link ? linkSupportLabel(link) : "";
  };
  return (
    <ol className="flex flex-wrap items-center gap-y-2 text-sm" aria-label={chainLabel(h)} data-testid="chain">
      {steps.map((step, i) => {
        const label = i > 0 ? linkLabel(steps[i - 1], step) : "";
        return (
          <li key={i} className="inline-flex items-center">
            {i > 0 && (
              <span
                className="mx-1 inline-flex flex-col items-center px-1 text-xs text-muted-foreground"
                data-testid="chain-link"
              >
                <span>{label}</span>
                <span aria-hidden className="text-base leading-none text-foreground">
                  ⟶
                </span>
              </span>
            )}
            <span
              data-testid="chain-node"
              className={
                `rounded-md border px-2 py-1 font-medium ` +
                (i === 0
                  ? "border-accent bg-accent-soft text-accent"
                  : i === 3
                    ? "border-border bg-muted"
                    : "border-border bg-background")
              }
            >
              {step}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The final iteration's hypotheses as drug → target → pathway → effect chains, with supporting and contradicting
 * record counts, confidence, and (expandable) the records behind each link of the chain and those contradicting it.
 */
export function HypothesisChains({
  assessment,
  records,
}: {
  assessment: HypothesisSet;
  records: Map<string, ReportRecord>;
}) {
  if (assessment.hypotheses.length === 0)
    return <p className="text-sm text-muted-foreground">No hypothesis could be formed from the evidence.</p>;
  const primary = assessment.primaryHypothesis ? chainLabel(assessment.primaryHypothesis) : null;
  return (
    <ul className="space-y-3" data-testid="hypothesis-chains">
      {assessment.hypotheses.map((h, i) => (
        <li
          key={i}
          data-testid="hypothesis-chain"
          className="space-y-2 rounded-md border border-border bg-background p-3"
        >
          <Chain h={h} />
          <div className="flex flex-wrap items-center gap-2 text-xs">
            {chainLabel(h) === primary && <Badge tone="accent">primary</Badge>}
            <Badge tone="success" testId="chain-support">
              {h.supportingEvidence.length} supporting
            </Badge>
            <Badge tone={h.contradictingEvidence.length > 0 ? "danger" : "neutral"} testId="chain-contradiction">
              {h.contradictingEvidence.length} contradicting
            </Badge>
            <span className="text-muted-foreground">confidence {Math.round(h.confidence * 100)}%</span>
            <ChainNodeIds h={h} />
          </div>
          {(h.links.length > 0 || h.contradictingEvidence.length > 0) && (
            <details className="text-sm">
              <summary className="cursor-pointer select-none text-muted-foreground hover:text-foreground">
                Evidence behind each link
              </summary>
              <div className="mt-2 space-y-2">
                {h.links.map((l, j) => (
                  <div key={j}>
                    <p className="font-medium">
                      {l.from} → {l.to}
                      {l.curated && (
                        <span className="ml-2 text-xs font-normal text-muted-foreground">curated: {l.curated}</span>
                      )}
                    </p>
                    <ul className="ml-4 list-disc space-y-0.5">
                      {l.evidenceIds.map((id) => (
                        <RecordLine key={id} id={id} records={records} />
                      ))}
                    </ul>
                  </div>
                ))}
                {h.contradictingEvidence.length > 0 && (
                  <div>
                    <p className="font-medium text-danger">Contradicting</p>
                    <ul className="ml-4 list-disc space-y-0.5">
                      {h.contradictingEvidence.map((id) => (
                        <RecordLine key={id} id={id} records={records} />
                      ))}
                    </ul>
                  </div>
                )}
              </div>
            </details>
          )}
        </li>
      ))}
    </ul>
  );
}
