import { Badge } from "@/components/ui/badge";
import { STRATEGY_NAMES } from "./strategy-names";
import type { SearchStrategy } from "@/lib/domain/claim-check";

/** Which search strategies found a document (provenance), as small badges. */
export function FoundBy({ strategies }: { strategies: SearchStrategy[] }) {
  return (
    <span
      data-testid="found-by"
      className="inline-flex flex-wrap items-center gap-1"
      aria-label={`found by ${strategies.map((s) => STRATEGY_NAMES[s]).join(", ")}`}
    >
      {strategies.map((s) => (
        <Badge key={s} tone="accent">
          {STRATEGY_NAMES[s]}
        </Badge>
      ))}
    </span>
  );
}
