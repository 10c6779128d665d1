import { ChainNodeIds, linkSupportLabel } from "@/components/run/chain-node-ids";
import { Badge } from "@/components/ui/badge";
import { chainLabel, type MechanismHypothesis } from "@/lib/domain/hypothesis";
import type { RunEventPayloads } from "@/lib/domain/events";
import { mergeRepeatedLines } from "@/lib/report/render/merge-lines";
import { joinSentences } from "@/lib/report/render/sentence-list";

function HypothesisCard({ h, primary }: { h: MechanismHypothesis; primary: boolean }) {
  const steps = [h.drug, h.target, h.pathway, h.effect];
  return (
    <li data-testid="hypothesis-card" className="rounded-md border border-border bg-background p-3">
      <div className="flex flex-wrap items-center gap-1.5 text-sm font-medium" aria-label={chainLabel(h)}>
        {steps.map((step, i) => (
          <span key={i} className="inline-flex items-center gap-1.5">
            {i > 0 && (
              <span aria-hidden className="text-muted-foreground">
                →
              </span>
            )}
            <span data-testid="chain-step" className="rounded bg-muted px-1.5 py-0.5">
              {step}
            </span>
          </span>
        ))}
        {primary && <Badge tone="accent">primary</Badge>}
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-3 text-xs text-muted-foreground">
        <span data-testid="hypothesis-confidence">confidence {Math.round(h.confidence * 100)}%</span>
        <span>{h.supportingEvidence.length} supporting</span>
        <span>{h.contradictingEvidence.length} contradicting</span>
        <ChainNodeIds h={h} />
      </div>
      {h.links.length > 0 && (
        <ul className="mt-2 space-y-0.5 text-xs text-muted-foreground">
          {h.links.map((l, i) => (
            <li key={i}>
              {l.from} → {l.to}: {linkSupportLabel(l)}
              {l.evidenceIds.length > 0 &&
                ` (${l.evidenceIds
                  .slice(0, 4)
                  .map((id) => id.replace(/^pmid:/, "PMID "))
                  .join(", ")}${l.evidenceIds.length > 4 ? ", …" : ""})`}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The hypothesis agent's output for one iteration: hypothesis cards and knowledge gaps (repeated gaps merged). */
export function HypothesesEvent({ data }: { data: RunEventPayloads["hypotheses"] }) {
  const { assessment } = data;
  const primary = assessment.primaryHypothesis ? chainLabel(assessment.primaryHypothesis) : null;
  return (
    <li data-testid="hypotheses-event" className="space-y-2">
      <h4 className="text-sm font-semibold">
        {assessment.hypotheses.length} {assessment.hypotheses.length === 1 ? "hypothesis" : "hypotheses"}
      </h4>
      <ul className="grid gap-2 md:grid-cols-2">
        {assessment.hypotheses.map((h, i) => (
          <HypothesisCard key={i} h={h} primary={chainLabel(h) === primary} />
        ))}
      </ul>
      {assessment.hypotheses.length === 0 && assessment.noHypothesisReason && (
        <p className="text-sm text-muted-foreground" data-testid="no-hypothesis-reason">
          No hypothesis proposed: {assessment.noHypothesisReason}
        </p>
      )}
      {assessment.knowledgeGaps.length > 0 && (
        <div className="text-sm">
          <span className="font-medium">Knowledge gaps: </span>
          <span className="text-muted-foreground">{joinSentences(mergeRepeatedLines(assessment.knowledgeGaps))}</span>
        </div>
      )}
    </li>
  );
}
