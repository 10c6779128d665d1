import { retryUnreachableSource } from "@/app/_server/research-actions";
import { Button } from "@/components/ui/button";
import { SOURCE_LABELS } from "@/lib/domain/evidence";
import { utcTime, type UnreachableSource } from "@/lib/sources/reachability";

/**
 * One quiet line above the forms when live sources failed their DNS lookup (an offline machine): "Live sources
 * unreachable; searching your library". Its details, on demand, name each source with when it failed and until when
 * runs skip it, and "Retry" asks it again on the next run (closed, they stay out of the tab order before the form).
 */
export function UnreachableSources({ sources: marked }: { sources: UnreachableSource[] }) {
  if (marked.length === 0) return null;
  // In the forms' order (PubMed, Europe PMC, ClinicalTrials.gov), not the order their lookups happened to fail in.
  const order = Object.keys(SOURCE_LABELS);
  const sources = [...marked].sort((a, b) => order.indexOf(a.source) - order.indexOf(b.source));
  const names = sources.map((s) => SOURCE_LABELS[s.source]).join(", ");
  return (
    <details data-testid="unreachable-sources" className="text-sm text-muted-foreground">
      <summary className="cursor-pointer">Live sources unreachable ({names}); searching your library.</summary>
      <div className="mt-1 space-y-1 rounded-md bg-warning-soft px-3 py-2 text-warning">
        {sources.map((s) => (
          <form key={s.source} action={retryUnreachableSource} className="flex flex-wrap items-center gap-2">
            <input type="hidden" name="source" value={s.source} />
            <span>
              {`${SOURCE_LABELS[s.source]}: its DNS lookup failed at ${utcTime(s.since)}, so runs skip it until `}
              {utcTime(s.until)}.
            </span>
            <Button type="submit" variant="secondary">{`Retry ${SOURCE_LABELS[s.source]}`}</Button>
          </form>
        ))}
      </div>
    </details>
  );
}
