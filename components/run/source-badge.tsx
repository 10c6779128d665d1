import { Badge } from "@/components/ui/badge";
import { SOURCE_LABELS, type SourceId } from "@/lib/domain/evidence";

/** The name of a literature source as a badge. */
export function SourceBadge({ source }: { source: SourceId }) {
  return <Badge tone={source === "local" ? "neutral" : "accent"}>{SOURCE_LABELS[source]}</Badge>;
}
