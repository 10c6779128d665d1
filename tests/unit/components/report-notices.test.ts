import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ReportNotices, type ReportNoticeInput } from "@/components/run/report-notices";
import type { JudgeAssessment } from "@/lib/domain/judge";
import type { ResearchReport } from "@/lib/domain/report";
import type { ReportRecord } from "@/lib/report/appraise/records";

const REFERENCE = {
  n: 1,
  evidenceId: "pmid:1",
  source: "europepmc" as const,
  title: "A preprint",
  authors: [],
  journal: null,
  year: 2025,
  pmid: "1",
  doi: null,
  nctId: null,
  url: "https://europepmc.org/article/PPR/PPR1",
};
const REPORT = {
  references: [REFERENCE],
  removedReferences: 2,
  removedMarkers: 1,
  removedQuotes: 3,
} as unknown as ResearchReport;
const ASSESSMENT = { mechanismScore: 4, clinicalScore: 2, sufficient: false } as JudgeAssessment;

/** The notices' items as plain text lines. */
function notices(input: ReportNoticeInput): string[] {
  const html = renderToStaticMarkup(createElement(ReportNotices, input));
  return [
    ...html.matchAll(
      /<li data-testid="report-notice" data-kind="([^"]+)">(.*?)<\/li>(?=<li data-testid|<\/ul><\/section>)/g,
    ),
  ].map((m) => `${m[1]}: ${m[2].replace(/<[^>]+>/g, "").replace(/&#x27;/g, "'")}`);
}

describe("ReportNotices", () => {
  it(
    'lists shortfalls first, then the critic\'s "Unverified" verdict, then every other reason for caution under ' +
      "its own label",
    () => {
      expect(
        notices({
          shortfalls: [{ iteration: 2, source: "pubmed", message: "PubMed: timed out after 15 s, 0 records" }],
          lastAssessment: { iteration: 3, assessment: ASSESSMENT, forced: true },
          report: {
            ...REPORT,
            verification: {
              status: "unverified",
              failedChecks: ["Dosage without a citation: “300 mg”"],
              attempts: 2,
            },
          },
          records: new Map([["pmid:1", { preprint: true } as ReportRecord]]),
        }),
      ).toEqual([
        "shortfall: Shortfall: PubMed: timed out after 15 s, 0 records (iteration 2). Records this search would " +
          "have found are missing from the report.",
        "critic-unverified: Unverified: The critic's checks still failed after 2 reviews (1 failed check, listed " +
          "under the report's title).",
        "not-sufficient: Insufficient evidence: The judge did not find the evidence sufficient (mechanism 4/10, " +
          "clinical 2/10); the report was written because the iteration cap was reached. Treat its conclusions with " +
          "caution.",
        "removed-references: References removed: Citation validation removed 2 references that did not match any " +
          "collected evidence; the statements that cited them are unverified.",
        "removed-markers: Markers removed: 1 citation marker pointed to no collected record and was removed.",
        "removed-quotes: Quotations removed: 3 quoted passages were removed because no cited source contains them.",
        "preprint: Preprint: [1] is a preprint, not peer-reviewed.",
      ]);
    },
  );

  it('never labels a report "Unverified" that the critic verified, so the notices agree with the footer', () => {
    const lines = notices({
      shortfalls: [],
      lastAssessment: { iteration: 1, assessment: ASSESSMENT, forced: false },
      report: {
        ...REPORT,
        removedReferences: 0,
        removedMarkers: 0,
        removedQuotes: 0,
        verification: { status: "verified", failedChecks: [], attempts: 1 },
      },
      records: new Map([["pmid:1", { preprint: false } as ReportRecord]]),
    });
    expect(lines).toEqual([
      "not-sufficient: Insufficient evidence: The judge did not find the evidence sufficient (mechanism 4/10, " +
        "clinical 2/10). Treat its conclusions with caution.",
    ]);
  });

  it("shows nothing for a verified report on sufficient evidence without shortfalls", () => {
    const html = renderToStaticMarkup(
      createElement(ReportNotices, {
        shortfalls: [],
        lastAssessment: { iteration: 1, assessment: { ...ASSESSMENT, sufficient: true }, forced: false },
        report: {
          ...REPORT,
          removedReferences: 0,
          removedMarkers: 0,
          removedQuotes: 0,
          verification: { status: "verified", failedChecks: [], attempts: 1 },
        },
        records: new Map([["pmid:1", { preprint: false } as ReportRecord]]),
      }),
    );
    expect(html).toBe("");
  });
});
