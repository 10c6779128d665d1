import { Card } from "@/components/ui/card";
import type { RunPartial } from "@/lib/domain/partial";

/**
 * The hypothesis cards of an iteration while the model writes them (LLM backend): each chain's parts as far as
 * written ("…" for a part not yet reached) and the confidence once given. Replaced by the saved hypotheses event.
 */
export function HypothesesPartial({ partial }: { partial: Extract<RunPartial, { kind: "hypotheses" }> }) {
  return (
    <div data-testid="hypotheses-partial" aria-live="polite" aria-busy="true" className="space-y-2">
      <h4 className="text-sm font-semibold">
        Iteration {partial.iteration}: proposing hypotheses…{" "}
        <span className="font-normal text-muted-foreground">(being written)</span>
      </h4>
      <ul className="grid gap-2 md:grid-cols-2">
        {partial.hypotheses.map((h, i) => (
          <li
            key={i}
            data-testid="hypothesis-card-partial"
            className="rounded-md border border-dashed border-border bg-background p-3"
          >
            <div className="flex flex-wrap items-center gap-1.5 text-sm font-medium">
              {[h.drug, h.target, h.pathway, h.effect].map((step, j) => (
                <span key={j} className="inline-flex items-center gap-1.5">
                  {j > 0 && (
                    <span aria-hidden className="text-muted-foreground">
                      →
                    </span>
                  )}
                  <span data-testid="chain-step" className="rounded bg-muted px-1.5 py-0.5">
                    {step || "…"}
                  </span>
                </span>
              ))}
            </div>
            {h.confidence !== null && (
              <div className="mt-2 text-xs text-muted-foreground">confidence {Math.round(h.confidence * 100)}%</div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The report as the model writes it (LLM backend), section by section, as plain text without citations: they
 * are checked and numbered when the draft is complete, and the checked report replaces this draft.
 */
export function ReportDraft({ partial }: { partial: Extract<RunPartial, { kind: "report" }> }) {
  const status =
    partial.attempt > 1 ? `Report: revision ${partial.attempt - 1}, being written…` : "Report: being written…";
  return (
    <Card testId="report-draft" label={status}>
      <div aria-live="polite" aria-busy="true" className="space-y-3">
        <p className="text-sm text-muted-foreground">{status}</p>
        {partial.title && <h2 className="text-lg font-semibold">{partial.title}</h2>}
        {partial.sections.map((s) => (
          <section key={s.label} data-testid="report-draft-section">
            <h3 className="text-sm font-semibold">{s.label}</h3>
            {s.text.split("\n").map((line, i) => (
              <p key={i} className="text-sm leading-relaxed">
                {line}
              </p>
            ))}
          </section>
        ))}
        <p className="text-xs text-muted-foreground">Citations are checked and numbered when the draft is complete.</p>
      </div>
    </Card>
  );
}
