import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ReportDocument } from "@/components/run/report-document";
import { classifyStudy } from "@/lib/evidence/study-design/classify";
import type { Evidence } from "@/lib/domain/evidence";
import type { ResearchReport } from "@/lib/domain/report";
import { runToJson } from "@/lib/research/run-json";
import type { RunDetail } from "@/lib/runs/projections";
import { runDeterministicChecks } from "@/lib/report/appraise/critic-checks";
import { escapeProse, reportToMarkdown } from "@/lib/report/render/markdown";
import { referenceFromEvidence } from "@/lib/grounding/references";
import { studyTypeOf } from "@/lib/report/appraise/study-type";
import { validateReportCitations } from "@/lib/report/appraise/validate-citations";
import { parsePubTator } from "@/lib/sources/parse/pubtator";
import { readFixture } from "@/tests/support/fixtures";

const TRAINING = parsePubTator(readFixture("corpus/bc5cdr_pubtator/CDR_TrainingSet.PubTator.txt"));
const DEVELOPMENT = parsePubTator(readFixture("corpus/bc5cdr_pubtator/CDR_DevelopmentSet.PubTator.txt"));
const record = (set: Evidence[], pmid: string) => set.find((e) => e.citation.pmid === pmid)!;

/** A report whose prose fields are given; every other field empty. */
function report(prose: Partial<ResearchReport>, references: ResearchReport["references"] = []): ResearchReport {
  return {
    title: "T",
    executiveSummary: "",
    researchQuestion: "Q",
    methodology: { title: "Methodology", content: "Sources searched: Local library." },
    hypothesesTested: [],
    mechanisticFindings: { title: "Mechanistic findings", content: "" },
    clinicalFindings: { title: "Clinical findings", content: "" },
    drugCandidates: [],
    limitations: [],
    conclusion: "",
    references,
    sourcesSearched: [],
    totalPapersReviewed: 1,
    searchIterations: 1,
    confidenceScore: 0,
    removedReferences: 0,
    ...prose,
  };
}

describe("study types from publication types, MeSH and design words", () => {
  it("labels the two human rabbit-syndrome case reports as case reports, not animal studies", () => {
    for (const pmid of ["11532387", "1786266"]) {
      const e = record(TRAINING, pmid);
      expect(classifyStudy(e)).toMatchObject({ design: "case-report", human: true, level: 4 });
      expect(studyTypeOf(e).label).toBe("Case report or series");
    }
  });

  it("trusts the MeSH check tags: Animals without Humans is animal work, Humans keeps a record human", () => {
    const base = record(TRAINING, "1786266");
    const withMesh = (terms: string[]): Evidence => ({
      ...base,
      citation: { ...base.citation, meshTerms: terms.map((term) => ({ term, majorTopic: false })) },
    });
    expect(classifyStudy(withMesh(["Animals", "Rabbits"])).design).toBe("animal");
    expect(classifyStudy(withMesh(["Humans", "Male"])).design).toBe("case-report");
  });
});

describe("the critic's deterministic checks", () => {
  it("passes a dose cited at the end of its sentence after an abbreviation in brackets", () => {
    const r = report(
      { mechanisticFindings: { title: "Mechanistic findings", content: "- Haloperidol (10-30 mg/kg p.o.) [1]." } },
      [referenceFromEvidence(record(TRAINING, "1786266"), 1)],
    );
    const dosage = runDeterministicChecks(r, [record(TRAINING, "1786266")]).find((c) => c.id === "dosage-citations")!;
    expect(dosage).toEqual({
      id: "dosage-citations",
      label: "Every dosage is cited in its sentence",
      passed: true,
      issues: [],
    });
  });

  it("does not check Critica's own summary lines as claims", () => {
    const r = report({
      clinicalFindings: { title: "Clinical findings", content: "Human evidence: 1 other human study." },
    });
    const paragraphs = runDeterministicChecks(r, []).find((c) => c.id === "paragraph-citations")!;
    expect(paragraphs.passed).toBe(true);
    expect(paragraphs.issues).toEqual([]);
  });
});

describe("abstract and model text is shown literally", () => {
  const sentence =
    "[Ca(2+)](i) overload induced by aconitine or ouabain was reduced in isolated myocytes pretreated with " +
    "pilocarpine.";

  it("the abstract really contains the sentence (PMID of the pilocarpine record, BC5CDR development set)", () => {
    expect(DEVELOPMENT.some((e) => e.citation.abstract.includes(sentence))).toBe(true);
  });

  it("escapes Markdown in prose but keeps [n] markers and list markers", () => {
    expect(escapeProse(`- ${sentence.slice(0, -1)} [2].`)).toBe(
      "- \\[Ca(2+)\\](i) overload induced by aconitine or ouabain was reduced in isolated myocytes pretreated " +
        "with pilocarpine [2].",
    );
    const markup = "a *b* _c_ ~d~ `e` <f> [1, 3–4]";
    expect(escapeProse(markup)).toBe("a \\*b\\* \\_c\\_ \\~d\\~ \\`e\\` \\<f\\> [1, 3–4]");
  });

  it("renders the quoted sentence exactly, with no link", () => {
    const e = DEVELOPMENT.find((x) => x.citation.abstract.includes(sentence))!;
    const r = report(
      { mechanisticFindings: { title: "Mechanistic findings", content: `- ${sentence.slice(0, -1)} [1].` } },
      [referenceFromEvidence(e, 1)],
    );
    const html = renderToStaticMarkup(
      createElement(ReportDocument, { markdown: reportToMarkdown(r), references: r.references, records: [] }),
    );
    const item = /<li>(.*?)<\/li>/.exec(html.slice(html.indexOf("Mechanistic findings")))![1];
    expect(item.replace(/<span class="relative" data-testid="citation">.*$/, "")).toBe(
      "[Ca(2+)](i) overload induced by aconitine or ouabain was reduced in isolated myocytes pretreated with " +
        "pilocarpine ",
    );
    expect(html).not.toContain('href="(i)"');
  });
});

describe("identifiers in prose that name no retrieved record", () => {
  const lithium = record(TRAINING, "1786266");
  const fabricated = report(
    {
      executiveSummary:
        `Imipramine caused rabbit syndrome [1]. See https://fabricated.example/paper/7 and doi 10.9999/fake.123, ` +
        `PMID 99999999 and NCT01234567; the record itself is https://pubmed.ncbi.nlm.nih.gov/1786266/ (PMID ` +
        `1786266).`,
    },
    [referenceFromEvidence(lithium, 1)],
  );

  it("are neutralised as plain text marked “not retrieved” and counted; identifiers of the evidence stay", () => {
    const v = validateReportCitations(fabricated, [lithium]);
    expect(v.report.executiveSummary).toBe(
      "Imipramine caused rabbit syndrome [1]. See fabricated.example/paper/7 (not retrieved) and doi " +
        "10.9999/fake.123 (not retrieved), PMID 99999999 (not retrieved) and NCT01234567 (not retrieved); the " +
        "record itself is https://pubmed.ncbi.nlm.nih.gov/1786266/ (PMID 1786266).",
    );
    expect(v.neutralisedIdentifiers).toEqual([
      "URL https://fabricated.example/paper/7",
      "DOI 10.9999/fake.123",
      "PMID 99999999",
      "NCT01234567",
    ]);
    expect(v.report.removedIdentifiers).toBe(4);
    // A second pass finds nothing more.
    const again = validateReportCitations(v.report, [lithium]);
    expect(again.neutralisedIdentifiers).toEqual([]);
    expect(again.report.removedIdentifiers).toBe(4);
  });

  it("are never rendered as links, and the footer and --json count them", () => {
    const v = validateReportCitations(fabricated, [lithium]).report;
    const markdown = reportToMarkdown(v);
    const html = renderToStaticMarkup(
      createElement(ReportDocument, { markdown, references: v.references, records: [] }),
    );
    const summary = html.slice(html.indexOf("Executive summary"), html.indexOf("Research question"));
    expect([...summary.matchAll(/href="([^"]*)"/g)].map((m) => m[1])).toEqual([
      "https://pubmed.ncbi.nlm.nih.gov/1786266/",
    ]);
    expect(markdown).toContain("4 identifiers naming no retrieved record marked “not retrieved”.");
    const json = runToJson({
      report: v,
      markdown,
      events: [],
      run: { id: "r", question: "Does imipramine cause rabbit syndrome?" },
      evidence: [],
      hypotheses: [],
      assessments: [],
      shortfalls: [],
    } as unknown as RunDetail);
    expect(json.removedIdentifiers).toBe(4);
  });
});
