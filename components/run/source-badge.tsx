import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { SOURCE_LABELS, type Provenance, type SourceId } from "@/lib/domain/evidence";
import { pubmedUrl, retractionNoticeUrl } from "@/lib/evidence/provenance";

/**
 * The name of a literature source as a badge; `failed` (a source whose searches failed in the run: a shortfall) is
 * red, crossed out and says so in words, so it never reads as a source that answered.
 */
export function SourceBadge({ source, failed = false }: { source: SourceId; failed?: boolean }) {
  if (failed) {
    return (
      <Badge
        tone="danger"
        testId="source-failed"
        title={`${SOURCE_LABELS[source]} failed in this run: its records are missing`}
      >
        <span className="line-through">{SOURCE_LABELS[source]}</span>
        <span className="ml-1">failed</span>
      </Badge>
    );
  }
  return <Badge tone={source === "local" ? "neutral" : "accent"}>{SOURCE_LABELS[source]}</Badge>;
}

function LinkedBadge({ href, children }: { href: string | null; children: ReactNode }) {
  if (!href) return <>{children}</>;
  return (
    <a href={href} target="_blank" rel="noreferrer noopener" className="hover:underline">
      {children}
    </a>
  );
}

/**
 * The provenance flags of a record as badges: a red "Retracted" linking to the retraction notice, "Expression
 * of concern" and "Erratum" linking to the notice, "Published version" for a record that stands in for a preprint,
 * "Notice" for a record that is itself a retraction/concern/erratum notice, "Stale registry" for a trial record not
 * updated through completion. Nothing when the record has no flag.
 */
export function ProvenanceBadges({ provenance }: { provenance?: Provenance | null }) {
  if (!provenance) return null;
  const p = provenance;
  return (
    <>
      {p.retracted && (
        <LinkedBadge href={retractionNoticeUrl(p)}>
          <Badge
            tone="danger"
            testId="badge-retracted"
            title={
              p.retractionIn.length ? `Retraction notice: PMID ${p.retractionIn.join(", ")}` : "Retracted publication"
            }
          >
            Retracted
          </Badge>
        </LinkedBadge>
      )}
      {p.expressionOfConcern && (
        <LinkedBadge href={p.expressionOfConcernIn[0] ? pubmedUrl(p.expressionOfConcernIn[0]) : null}>
          <Badge tone="warning" testId="badge-concern">
            Expression of concern
          </Badge>
        </LinkedBadge>
      )}
      {p.erratum && (
        <LinkedBadge href={p.erratumIn[0] ? pubmedUrl(p.erratumIn[0]) : null}>
          <Badge tone="warning" testId="badge-erratum">
            Erratum
          </Badge>
        </LinkedBadge>
      )}
      {p.notice && (
        <Badge testId="badge-notice">
          {p.notice === "retraction"
            ? "Retraction notice"
            : p.notice === "erratum"
              ? "Erratum notice"
              : "Concern notice"}
        </Badge>
      )}
      {p.preprintOf && (
        <Badge
          tone="success"
          testId="badge-published-version"
          title={`Published version of preprint ${p.preprintOf.doi ?? p.preprintOf.id}`}
        >
          Published version of a preprint
        </Badge>
      )}
      {p.registry?.stale && (
        <Badge
          tone="warning"
          testId="badge-stale-registry"
          title={`Last update ${p.registry.lastUpdatePosted}, completion ${p.registry.completionDate}`}
        >
          Stale registry record
        </Badge>
      )}
    </>
  );
}
