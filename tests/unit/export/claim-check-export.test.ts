import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimCheck, registry } from "@/lib/modes";
import { startRun } from "@/lib/runs/start";
import { claimResultsFromEvents } from "@/lib/claims/json";
import { exportRun } from "@/lib/export/report";
import { getRunDetail } from "@/lib/runs/projections";
import { importCorpus, useTempDatabase } from "@/tests/support/temp-database";

const CLAIM = "Doxorubicin has no effect on the heart. Doxorubicin does not cause cardiomyopathy.";

describe("claim-check exports", () => {
  let cleanup: () => void;
  beforeAll(async () => {
    ({ cleanup } = await useTempDatabase("claim-check-export"));
    await importCorpus(["bc5cdr_pubtator/CDR_TestSet.PubTator.txt"]);
  }, 120_000);
  afterAll(() => cleanup());

  it("exports Markdown, BibTeX and RIS, one entry per distinct cited record, and npm run check's JSON", async () => {
    const { runId, done } = await startRun(claimCheck, { text: CLAIM, sources: ["local"] });
    expect((await done).status).toBe("completed");
    const detail = (await getRunDetail(runId))!;
    const results = claimResultsFromEvents(detail.events);
    const distinct = new Set(results.flatMap((r) => r.citations.map((c) => c.evidenceId)));
    // 2 claims (both contradicted), 10 + 5 citations read through lib/reading, 11 distinct records (16 citations
    // before the relation model read each pair against its document's others)
    expect([results.length, results.reduce((n, r) => n + r.citations.length, 0), distinct.size]).toEqual([2, 15, 11]);

    const bib = exportRun("bibtex", detail, registry)!;
    expect(bib.filename).toBe("critica-claim-check-doxorubicin-has-no-effect-on-the-heart-doxorubicin-does-not.bib");
    expect(bib.body.match(/^@\w+\{/gm)).toHaveLength(distinct.size);
    for (const id of distinct) expect(bib.body).toContain(id.replace("pmid:", ""));
    expect(exportRun("ris", detail, registry)!.body.match(/^TY {2}- /gm)).toHaveLength(distinct.size);

    const md = exportRun("markdown", detail, registry)!.body;
    expect(md.startsWith(`# Claim check\n\n## Checked text\n\n${CLAIM}\n`)).toBe(true);
    expect(md).toContain(`## Claim 1: ${results[0].claim}`);
    expect(md).toContain(`**Verdict:** `);
    expect(md).toContain(`   > ${results[0].citations[0].passage.replace(/([\\`*_~[\]<>])/g, "\\$1")}`);

    const json = JSON.parse(exportRun("json", detail, registry)!.body);
    expect(json.text).toBe(CLAIM);
    expect(json.claims).toHaveLength(results.length);
    expect(json.runId).toBe(runId);
    expect(JSON.parse(exportRun("json", detail, registry, { runId: null })!.body).runId).toBeNull();
  }, 180_000);
});
