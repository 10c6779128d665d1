import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FlowDiagramSvg } from "@/components/run/flow-diagram-figure";
import { flowDiagramSvg, svgToString } from "@/lib/report/render/flow-diagram-svg";
import type { RunEvent } from "@/lib/domain/events";
import { claimCheckToJson } from "@/lib/claims/json";
import { runToJson } from "@/lib/research/run-json";
import { claimCheckFlows, researchFlow } from "@/lib/report/appraise/flow-diagram";
import { researchFlowLayout } from "@/lib/report/render/flow-diagram-layout";
import { toReportRecords } from "@/lib/report/appraise/records";
import { claimCheck, research } from "@/lib/modes";
import { startRun } from "@/lib/runs/start";
import { getRunDetail } from "@/lib/runs/projections";
import { importCorpus, useTempDatabase } from "@/tests/support/temp-database";

let seq = 0;
const event = (type: string, data: unknown) =>
  ({ seq: ++seq, type, data, createdAt: "2026-11-22T00:00:00Z" }) as unknown as RunEvent;
const summaries = (n: number) => Array.from({ length: n }, () => ({}));

/**
 * Iteration 1 searches three sources (58 hits, 2 duplicates across sources), iteration 2 one (12 hits, 5 already
 * collected); a cap keeps 50 of 63 new records.
 */
const EVENTS: RunEvent[] = [
  event("search", { iteration: 1, phase: "question", source: "pubmed", query: "q", hits: 25, durationMs: 1 }),
  event("search", { iteration: 1, phase: "question", source: "europepmc", query: "q", hits: 29, durationMs: 1 }),
  event("search", { iteration: 1, phase: "question", source: "ctgov", query: "q", hits: 4, durationMs: 1 }),
  event("evidence", { iteration: 1, added: summaries(45), duplicates: 2, total: 45 }),
  event("search", { iteration: 2, phase: "judge", source: "pubmed", query: "q2", hits: 12, durationMs: 1 }),
  event("evidence", { iteration: 2, added: summaries(5), duplicates: 5, total: 50 }),
];
// Every fourth record does not bear on the question by the run's reading (pmid:4, 8, …, 48).
const RECORDS = Array.from({ length: 50 }, (_, i) => ({
  id: `pmid:${i + 1}`,
  hasAbstract: i % 10 !== 9,
  retracted: i === 44,
  bears: i % 4 !== 3,
}));
const REPORT = { references: [1, 2, 3, 10, 20].map((n) => ({ evidenceId: `pmid:${n}` })) } as never;

describe("the PRISMA 2020 flow of a research run", () => {
  it("counts identified, removed, screened, excluded by eligibility reason and included, and the counts add up", () => {
    const flow = researchFlow({ events: EVENTS, records: RECORDS, report: REPORT });
    expect(flow).toEqual({
      identified: { pubmed: 37, europepmc: 29, ctgov: 4 },
      identifiedByIteration: [
        { iteration: 1, identified: { pubmed: 25, europepmc: 29, ctgov: 4 } },
        { iteration: 2, identified: { pubmed: 12 } },
      ],
      duplicatesRemoved: 7,
      removedBeforeScreening: [{ reason: "over the run's evidence cap", n: 13 }],
      screened: 50,
      readInFull: 0,
      // pmid:10 and pmid:20 lack an abstract but are cited; 3 others lack one and are not; pmid:45 is retracted; of
      // the 12 that do not bear on the question, pmid:20 is cited and pmid:40 has no abstract. The 36 others that bear
      // on it are included, 5 of them cited.
      excluded: [
        { reason: "retracted publication", n: 1 },
        { reason: "no abstract", n: 3 },
        { reason: "does not bear on the question", n: 10 },
      ],
      included: 36,
      cited: 5,
    });
    const identified = Object.values(flow.identified).reduce((s, n) => s + n, 0);
    expect(identified).toBe(flow.duplicatesRemoved + flow.removedBeforeScreening[0].n + flow.screened);
    expect(flow.screened).toBe(flow.included + flow.excluded.reduce((s, r) => s + r.n, 0));
  });

  it("draws the PRISMA boxes as an accessible SVG whose text carries every count", () => {
    const svg = renderToStaticMarkup(
      createElement(FlowDiagramSvg, {
        layout: researchFlowLayout(researchFlow({ events: EVENTS, records: RECORDS, report: REPORT })),
      }),
    );
    expect(svg).toContain('role="img"');
    expect(svg).toContain(
      'aria-label="PRISMA 2020 flow diagram: 70 records identified, 7 duplicates removed, 50 screened, 14 ' +
        'excluded, 36 included, 5 of them cited in the report."',
    );
    const texts = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(texts).toEqual([
      "Identification",
      "Screening",
      "Included",
      "Records identified (n = 70)",
      "PubMed: n = 37",
      "Europe PMC: n = 29",
      "ClinicalTrials.gov: n = 4",
      "Removed before screening (n = 20)",
      "Duplicates: n = 7",
      "Over the run&#x27;s evidence cap: n = 13",
      "Records screened (n = 50)",
      "Read by the agents",
      "Records excluded (n = 14)",
      "Retracted publication: n = 1",
      "No abstract: n = 3",
      "Does not bear on the question: n = 10",
      "Records included (n = 36)",
      "Cited in the report: n = 5",
      "Counted in the bottom line: n = 31",
    ]);
    // The downloadable SVG file is the same figure.
    const file = svgToString(
      flowDiagramSvg(researchFlowLayout(researchFlow({ events: EVENTS, records: RECORDS, report: REPORT }))),
    );
    expect([...file.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1].replace("'", "&#x27;"))).toEqual(texts);
    expect(
      file.startsWith(
        '<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="PRISMA 2020 flow diagram: 70 records ' +
          "identified",
      ),
    ).toBe(true);
  });
});

describe("the full-text articles assessed", () => {
  // The report read pmid:2 and pmid:7 in full; pmid:999 is not among the screened records (another version's).
  const report = { ...(REPORT as object), readInFull: ["pmid:2", "pmid:7", "pmid:999"] } as never;

  it("counts the screened records the report read in full, in a row of their own", () => {
    const flow = researchFlow({ events: EVENTS, records: RECORDS, report });
    expect([flow.screened, flow.readInFull, flow.included, flow.cited]).toEqual([50, 2, 36, 5]);
    const svg = renderToStaticMarkup(createElement(FlowDiagramSvg, { layout: researchFlowLayout(flow) }));
    expect(svg).toContain(
      'aria-label="PRISMA 2020 flow diagram: 70 records identified, 7 duplicates removed, 50 screened, 14 ' +
        'excluded, 2 full-text articles assessed, 36 included, 5 of them cited in the report."',
    );
    const texts = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(texts.slice(0, 4)).toEqual(["Identification", "Screening", "Full text", "Included"]);
    expect(texts.slice(-7)).toEqual([
      "Full-text articles assessed (n = 2)",
      "Read in full",
      "Abstract only (n = 48)",
      "No open full text read",
      "Records included (n = 36)",
      "Cited in the report: n = 5",
      "Counted in the bottom line: n = 31",
    ]);
  });
});

describe("PRISMA flows of real runs on the imported corpus", () => {
  let cleanup: () => void;
  beforeAll(async () => {
    ({ cleanup } = await useTempDatabase("prisma"));
    await importCorpus();
  });
  afterAll(() => cleanup());

  it("a research run's --json prisma adds up, cites the report's references and excludes only by reason", async () => {
    const { runId, done } = await startRun(research, {
      question: "Is lithium nephrotoxic, and by what mechanism?",
      sources: ["local"],
      maxIterations: 3,
    });
    await done;
    const detail = (await getRunDetail(runId))!;
    const json = runToJson(detail);
    const hits = json.prisma.identified.local!;
    expect(hits).toBeGreaterThan(0);
    expect(hits).toBe(
      json.prisma.duplicatesRemoved +
        json.prisma.removedBeforeScreening.reduce((s, r) => s + r.n, 0) +
        json.prisma.screened,
    );
    expect(json.prisma.screened).toBe(json.evidence.length);
    expect(json.prisma.cited).toBe(json.report!.references.length);
    // Included: the cited records and the uncited ones the report's evidence meter counts (they bear on the question).
    const cited = new Set(detail.report!.references.map((r) => r.evidenceId));
    const meter = toReportRecords(detail.evidence, detail.report!.references, detail.run.question);
    const counted = meter.filter((r) => !cited.has(r.id) && r.hasAbstract && r.stance !== "irrelevant").length;
    expect(json.prisma.included).toBe(json.prisma.cited + counted);
    expect(json.prisma.excluded.map((r) => r.reason)).toEqual(["does not bear on the question"]);
    expect(json.prisma.screened).toBe(json.prisma.included + json.prisma.excluded.reduce((s, r) => s + r.n, 0));
  });

  it("a claim check's --json prisma follows each claim from search to citation", async () => {
    const { runId, done } = await startRun(claimCheck, {
      text: "Doxorubicin has no effect on the heart",
      sources: ["local"],
    });
    await done;
    const detail = (await getRunDetail(runId))!;
    const json = claimCheckToJson(detail);
    expect(json.prisma).toEqual(claimCheckFlows(detail.events));
    expect(json.prisma).toHaveLength(1);
    const [flow] = json.prisma;
    const scored = detail.events.find((e) => e.type === "claim-scored")!.data as {
      found: number;
      scored: number;
      aboveThreshold: number;
    };
    const cited = new Set(json.claims[0].citations.map((c) => c.evidenceId)).size;
    expect(flow.screened).toBe(scored.scored);
    expect(flow.included).toBe(cited);
    expect(flow.excluded).toEqual([
      { reason: "scored below 3 of 5", n: scored.scored - scored.aboveThreshold },
      ...(scored.aboveThreshold - cited > 0
        ? [{ reason: "no passage verified in the abstract", n: scored.aboveThreshold - cited }]
        : []),
    ]);
    expect(flow.identified.keyword + flow.identified.semantic + flow.identified.hyde).toBe(
      flow.removedBeforeScreening + scored.found,
    );
  });
});
