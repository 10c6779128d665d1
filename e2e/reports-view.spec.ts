import { Cite } from "@citation-js/core";
import "@citation-js/plugin-bibtex";
import "@citation-js/plugin-ris";
import { download, expect, test, TRIALS, TRIALS_FILE, TRIALS_TITLE } from "@/e2e/support/seeded-runs";

// The report of a run: hover cards, evidence table, hypothesis chains, scores and exports.

/** The keys of the `--json` contract (docs/using.md, headless research). */
const CONTRACT = [
  "runId",
  "status",
  "question",
  "backend",
  "iterations",
  "evidence",
  "hypotheses",
  "assessments",
  "report",
  "markdown",
  "removedReferences",
  "shortfalls",
];

test("a citation's hover card shows its source; evidence table, hypothesis chains, scores follow the report", async ({
  page,
  trialsRun,
}, testInfo) => {
  await page.goto(`/reports/${trialsRun}`);
  const report = page.getByTestId("report");
  await expect(report.getByRole("heading", { level: 1 })).toHaveText(TRIALS_TITLE);
  // The first 10 of the 58 records, the cited ones first; the rest one click away.
  await expect(page.getByTestId("evidence-row")).toHaveCount(10);
  await expect(page.getByTestId("evidence-count")).toHaveText("58 records; the first 10 shown");

  // Hovering [1] shows the PubMed record and the sentence that cites it.
  await report.getByTestId("citation-marker").first().hover();
  const card = page.getByTestId("citation-card");
  await expect(card).toBeVisible();
  // The question names no condition, so the summary quotes the sentences that best match the question itself.
  await expect(card.getByTestId("citation-title")).toHaveText(
    "[1] The Clinical Impact of Time-restricted Eating on Cancer: A Systematic Review.",
  );
  await expect(card.getByTestId("citation-authors")).toHaveText("Stringer EJ, Cloke RWG, Van der Meer L, et al.");
  await expect(card.getByTestId("citation-venue")).toHaveText("Nutrition reviews, 2025");
  await expect(card.getByTestId("citation-study-type")).toHaveText("Systematic review");
  await expect(card.getByRole("link", { name: "PMID 39212676" })).toHaveAttribute(
    "href",
    "https://pubmed.ncbi.nlm.nih.gov/39212676/",
  );
  await expect(card.getByRole("link", { name: "DOI 10.1093/nutrit/nuae105" })).toHaveAttribute(
    "href",
    "https://doi.org/10.1093/nutrit/nuae105",
  );
  // The cited sentence is an abstract's, so the report sets it as a quotation.
  await expect(card.getByTestId("citation-sentence")).toHaveText(
    "“Original study designs, protocols, and clinical trial registries were included.” [1]",
  );
  await page.screenshot({ path: testInfo.outputPath("hover-card.png") });
  await page.mouse.move(0, 0);
  await expect(card).toHaveCount(0);

  // Focusing [5] (a trial) shows its NCT ID; Escape closes the card and keeps focus on the marker. (Records are
  // ordered by relevance to the question, which makes the 2006 trial NCT00763412 [4].)
  // The trials are cited in the clinical findings, a collapsed section of the report.
  await report.getByTestId("section-clinical").locator(":scope > summary").click();
  const trialMarker = report.getByRole("button", { name: "Reference 5", exact: true });
  await trialMarker.focus();
  await expect(card.getByTestId("citation-title")).toHaveText(
    "[5] Study of Dupilumab and Immune Responses in Adults With Atopic Dermatitis (AD)",
  );
  await expect(card.getByTestId("citation-study-type")).toHaveText("Registered trial");
  await expect(card.getByRole("link", { name: "NCT02210780" })).toHaveAttribute(
    "href",
    "https://clinicaltrials.gov/study/NCT02210780",
  );
  await page.keyboard.press("Escape");
  await expect(card).toHaveCount(0);
  await expect(trialMarker).toBeFocused();

  // The judge never found the evidence sufficient: the report says so above its text.
  await expect(page.getByTestId("report-notice")).toHaveText([
    "Insufficient evidence: The judge did not find the evidence sufficient (mechanism 0/10, clinical 0/10). " +
      "Treat its conclusions with caution.",
  ]);

  // Evidence table: filter by source, study type, year and preprint status; sort by year.
  const rows = page.getByTestId("evidence-row");
  await page.getByTestId("filter-source").selectOption({ label: "ClinicalTrials.gov" });
  await expect(rows).toHaveCount(4);
  await expect(page.getByTestId("evidence-count")).toHaveText("4 of 58 records");
  await expect(rows.getByTestId("evidence-study-type")).toHaveText(Array(4).fill("Registered trial"));
  await page.getByTestId("filter-source").selectOption({ label: "All sources" });
  // One systematic review; the proton pump inhibitor review is typed Meta-Analysis by NLM, so it is read as one.
  await page.getByTestId("filter-study-type").selectOption({ label: "Systematic review" });
  await expect(rows.getByTestId("evidence-title")).toHaveText([
    "The Clinical Impact of Time-restricted Eating on Cancer: A Systematic Review.",
  ]);
  await page.getByTestId("filter-study-type").selectOption({ label: "Meta-analysis" });
  await expect(rows).toHaveCount(2);
  await page.getByTestId("filter-study-type").selectOption({ label: "All study types" });
  await page.getByTestId("filter-year-from").selectOption("2014");
  await page.getByTestId("filter-year-to").selectOption("2018");
  // Sorted by reference number: [5] NCT02210780 (2014), [6] NCT03418623 (2018), [7] NCT02552212 (2015).
  await expect(rows.getByTestId("evidence-year")).toHaveText(["2014", "2018", "2015"]);
  await expect(rows.getByTestId("evidence-ref")).toHaveText(["[5]", "[6]", "[7]"]);
  await page.getByTestId("filter-preprint").selectOption({ label: "Preprints only" });
  await expect(rows).toHaveCount(0);
  await expect(page.getByText("No records match these filters.")).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(rows).toHaveCount(10);
  await page.getByTestId("evidence-show-all").click();
  await expect(rows).toHaveCount(58);
  await page.getByTestId("sort-year").click();
  await expect(rows.first().getByTestId("evidence-year")).toHaveText("2006");
  await page.getByTestId("sort-year").click();
  await expect(page.getByRole("columnheader", { name: /Year/ })).toHaveAttribute("aria-sort", "descending");
  await expect(rows.first().getByTestId("evidence-year")).toHaveText("2025");
  await expect(rows.last().getByTestId("evidence-year")).toHaveText("2006");

  // No chain: the question names no condition, so no drug → target → pathway → effect can be drawn (no
  // drug class or most-frequent chemical is put in its place). Typed chains are drawn in tests/unit/components.
  await expect(page.getByTestId("hypothesis-chain")).toHaveCount(0);
  // Said once, under "How this report was made" (the report's own "Hypotheses tested" list is no longer repeated).
  await expect(page.getByText("No hypothesis could be formed from the evidence.")).toHaveCount(1);

  // The judge's scores of the three iterations.
  const bars = page.getByTestId("score-bar");
  expect(
    await bars.evaluateAll((els) => els.map((e) => `${e.getAttribute("data-series")}=${e.getAttribute("data-value")}`)),
  ).toEqual([
    "mechanismScore=0",
    "clinicalScore=0",
    "mechanismScore=0",
    "clinicalScore=0",
    "mechanismScore=0",
    "clinicalScore=0",
  ]);

  await page.screenshot({ path: testInfo.outputPath("report-light.png"), fullPage: true });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.screenshot({ path: testInfo.outputPath("report-dark.png"), fullPage: true });
  await page.emulateMedia({ colorScheme: "light" });
});

test("exports download and parse: BibTeX and RIS hold one entry per reference, JSON matches the contract", async ({
  page,
  trialsRun,
}) => {
  const runs = { trials: trialsRun };
  await page.goto(`/reports/${runs.trials}`);
  const references = page.getByTestId("section-references").locator("li");
  await expect(references).toHaveCount(7);

  const bib = await download(page, "BibTeX");
  expect(bib.name).toBe(`${TRIALS_FILE}.bib`);
  expect(bib.text.match(/^@\w+\{/gm)).toHaveLength(7);
  const parsedBib = new Cite(bib.text).data;
  expect(parsedBib).toHaveLength(7);

  const ris = await download(page, "RIS");
  expect(ris.name).toBe(`${TRIALS_FILE}.ris`);
  expect(ris.text.match(/^TY {2}- /gm)).toHaveLength(7);
  expect(ris.text.match(/^ER {2}- /gm)).toHaveLength(7);

  const json = await download(page, "JSON");
  const data = JSON.parse(json.text);
  expect(Object.keys(data)).toEqual(expect.arrayContaining(CONTRACT));
  expect(data.runId).toBe(runs.trials);
  expect(data.status).toBe("completed");
  expect(data.question).toBe(TRIALS);
  expect(data.evidence).toHaveLength(58);
  expect(data.report.references).toHaveLength(7);
  // Every reference of the report is in both citation files, in order.
  expect(new Cite(ris.text).data.map((d) => d.title)).toEqual(
    data.report.references.map((r: { title: string }) => r.title),
  );
  expect(parsedBib.map((d) => d.DOI ?? null)).toEqual(data.report.references.map((r: { doi: string | null }) => r.doi));

  const md = await download(page, "Markdown");
  expect(md.name).toBe(`${TRIALS_FILE}.md`);
  // The saved Markdown with the bottom line and GRADE sections above the executive summary.
  expect(md.text.replace(/## Bottom line\n[\s\S]*?(?=## Executive summary)/, "")).toBe(data.markdown);
  expect(md.text).toContain(`## Bottom line\n\n${data.answer.sentence}\n`);
  expect(md.text.startsWith(`# ${TRIALS_TITLE}\n`)).toBe(true);

  // "Print / PDF" opens the print dialog; the print stylesheet shows the report without the app around it.
  await page.evaluate(() => {
    window.print = () => ((window as unknown as { __printed: boolean }).__printed = true);
  });
  await page.getByRole("button", { name: "Export" }).click();
  await page.getByRole("menuitem", { name: "Print / PDF" }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __printed?: boolean }).__printed)).toBe(true);
  await page.emulateMedia({ media: "print" });
  await expect(page.getByTestId("report")).toBeVisible();
  await expect(page.getByTestId("timeline")).toBeHidden();
  await expect(page.getByRole("button", { name: "Export" })).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await page.emulateMedia({ media: "screen" });
});
