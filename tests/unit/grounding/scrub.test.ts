import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ReportReading } from "@/components/run/report-reading";
import type { ResearchReport } from "@/lib/domain/report";
import { reportToMarkdown } from "@/lib/report/render/markdown";
import { referenceFromEvidence } from "@/lib/grounding/references";
import { emptyTally, scrubContext, scrubText } from "@/lib/grounding/scrub";
import { restingSentences, withPublishedSupport } from "@/lib/report/appraise/support";
import { LITHIUM_EVIDENCE } from "@/tests/support/llm";
import { HOSTILE_TEXT } from "@/tests/support/model-personas";

describe("one scrub for every model-written string", () => {
  it(
    "removes identifiers naming no retrieved record, markers past the references, author–year citations and " +
      "invented quotations, and counts them",
    () => {
      const tally = emptyTally();
      expect(scrubText(HOSTILE_TEXT, scrubContext(LITHIUM_EVIDENCE), tally)).toBe(
        "Metformin reverses renal injury in all patients at 2500 mg daily.",
      );
      // PMID, URL and DOI (never their values); [42], [1] and "(Smith et al., 2024)"; one quotation.
      expect(tally).toEqual({ identifiers: ["PMID", "URL", "DOI"], markers: 3, quotes: 1 });
      // Idempotent.
      const again = emptyTally();
      expect(
        scrubText(
          "Metformin reverses renal injury in all patients at 2500 mg daily.",
          scrubContext(LITHIUM_EVIDENCE),
          again,
        ),
      ).toBe("Metformin reverses renal injury in all patients at 2500 mg daily.");
      expect(again).toEqual({ identifiers: [], markers: 0, quotes: 0 });
    },
  );

  it(
    "keeps what names the evidence: a retrieved record's PMID, keys of the run, markers within the references, a " +
      "quotation its record holds",
    () => {
      const ctx = scrubContext(LITHIUM_EVIDENCE, { references: 2, keys: new Set(["E1", "E2"]) });
      const tally = emptyTally();
      const text =
        'Rats became polyuric [2] (PMID 9406968; E1.2): "The male Wistar rats consuming a diet that contained ' +
        'LiCl" [E2], unlike [E9] and [3].';
      expect(scrubText(text, ctx, tally)).toBe(
        'Rats became polyuric [2] (PMID 9406968; E1.2): "The male Wistar rats consuming a diet that contained ' +
          'LiCl" [E2], unlike.',
      );
      expect(tally).toEqual({ identifiers: [], markers: 2, quotes: 0 });
    },
  );
});

describe("a report whose model draft failed the critic", () => {
  const e = LITHIUM_EVIDENCE[0];
  const base: ResearchReport = {
    title: "Lithium and polyuria",
    executiveSummary: "Lithium raised AVP in rats [1].",
    researchQuestion: "Q",
    methodology: { title: "Methodology", content: "Backend: extractive (no language model)." },
    hypothesesTested: [],
    mechanisticFindings: { title: "Mechanistic findings", content: "" },
    clinicalFindings: { title: "Clinical findings", content: "" },
    drugCandidates: [],
    limitations: ["Rat data."],
    conclusion: "Plausible [1].",
    references: [referenceFromEvidence(e, 1)],
    sourcesSearched: ["PubMed"],
    totalPapersReviewed: 4,
    searchIterations: 1,
    confidenceScore: 0.5,
    removedReferences: 0,
    verification: { status: "verified", failedChecks: [], attempts: 1 },
  };
  const report: ResearchReport = {
    ...base,
    failedModelDraft: {
      ...base,
      title: "The model's title",
      methodology: { title: "Methodology", content: "Searched." },
      verification: { status: "unverified", failedChecks: ["Conclusion is missing or empty"], attempts: 3 },
    },
  };

  it(
    "publishes the extractive report, says so, and keeps the model's draft collapsed at the end (closed " +
      "<details>)",
    () => {
      const html = renderToStaticMarkup(createElement(ReportReading, { report, records: [] }));
      expect(html).toContain(
        "<strong>Extractive report.</strong> The model&#x27;s report still failed the critic&#x27;s checks after " +
          "3 drafts",
      );
      const at = html.indexOf('<details class="report-section" data-testid="failed-model-draft">');
      expect(at).toBeGreaterThan(html.indexOf("section-references"));
      expect(html.slice(at)).toContain("The model&#x27;s title");
      expect(html.slice(0, at)).not.toContain("The model&#x27;s title");
      expect(html.slice(0, at)).not.toContain("Unverified report.");
      expect(reportToMarkdown(report)).toContain(
        "> **Extractive report.** The model's report still failed the critic's checks after 3 drafts",
      );
      expect(reportToMarkdown(report)).not.toContain("Unverified");
    },
  );
});

describe("what a cited sentence rests on (report.support)", () => {
  const e = LITHIUM_EVIDENCE[0];
  const AVP =
    "Plasma concentration of AVP and transcripts of AVP gene in the PVN and SON were significantly increased in " +
    "the Li-treated rats compared with controls.";
  const support = [{ sentence: "Lithium raised AVP in rats.", evidenceId: e.id, sentences: [{ n: 3, text: AVP }] }];

  it("a citation card finds the record's exact sentence for the sentence as shown, markers and all", () => {
    expect(restingSentences(support, "Lithium raised AVP in rats [1].", e.id)).toEqual([AVP]);
    expect(restingSentences(support, "Lithium raised AVP in rats [1].", "pmid:7453952")).toEqual([]);
    expect(restingSentences(support, "Another sentence [1].", e.id)).toEqual([]);
  });

  it("a sentence a later check removed takes its support with it", () => {
    const report = {
      title: "T",
      executiveSummary: "Other text [1].",
      methodology: { title: "M", content: "" },
      mechanisticFindings: { title: "", content: "" },
      clinicalFindings: { title: "", content: "" },
      limitations: [],
      conclusion: "",
      support,
    } as unknown as ResearchReport;
    expect(withPublishedSupport(report).support).toBeUndefined();
    expect(withPublishedSupport({ ...report, executiveSummary: "Lithium raised AVP in rats [1]." }).support).toEqual(
      support,
    );
  });
});
