import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { submitResearch } from "@/e2e/support/research-form";

// The e2e server runs the extractive backend on the real BC5CDR + MEDLINE records, so every value is exact.
const LITHIUM = "Is lithium nephrotoxic, and by what mechanism?";
const DOXORUBICIN = "Does doxorubicin cause cardiotoxicity, and through which mechanism?";
const TRIALS = "Which drugs were tested in clinical trials, and with what results?";

// One browser session for the whole file: runs belong to the session that started them (it may share them).
test.describe.configure({ mode: "serial" });
let context: BrowserContext;
let page: Page;
test.beforeAll(async ({ browser }) => {
  context = await browser.newContext();
  page = await context.newPage();
});
test.afterAll(async () => context.close());

/** Submits the research form in the shared session's page. */
function ask(question: string, sources: string[]) {
  return submitResearch(page, question, sources);
}

test("asking a question streams searches, hypotheses, scores and the report", async () => {
  await page.goto("/");
  await expect(page.getByTestId("backend-mode")).toContainText("Without a language model: hypotheses come from");
  await ask(LITHIUM, ["local"]);

  await expect(page.getByTestId("run-question")).toHaveText(LITHIUM);
  // The backend is named only under "About this run": the page has no developer note.
  await expect(page.getByTestId("notice")).toHaveCount(0);
  await expect(page.getByTestId("about-this-run").getByTestId("run-backend")).toHaveText("extractive");
  await expect(page.getByTestId("search-event").first()).toHaveText(
    /^Local library\s*question query\s*Is lithium nephrotoxic, and by what mechanism\?\s*40 hits · \d+ ms$/,
  );
  await expect(page.getByTestId("run-status")).toHaveText("completed");
  await expect(page.getByTestId("evidence-summary").first()).toHaveText("40 new records · 40 in total");
  await expect(page.getByTestId("question-kind")).toHaveText("about a named drug");
  await expect(page.getByTestId("evidence-summary").last()).toHaveText(/ · 51 in total$/);
  // Typed chains: one grounded chain through AQP2 (NCBI Gene 359); the judge wants more, so 3 iterations.
  const lastHypotheses = page.getByTestId("hypotheses-event").last();
  await expect(lastHypotheses.getByTestId("hypothesis-card")).toHaveCount(1);
  await expect(lastHypotheses.getByTestId("hypothesis-card").first().getByTestId("chain-step")).toHaveText([
    "lithium",
    "AQP2",
    "renal water homeostasis",
    "nephrogenic diabetes insipidus",
  ]);
  await expect(lastHypotheses.getByTestId("hypothesis-card").first().getByTestId("hypothesis-confidence")).toHaveText(
    "confidence 35%",
  );
  await expect(lastHypotheses.getByTestId("target-gene")).toHaveText("AQP2 · NCBI Gene 359");
  await expect(page.getByTestId("mechanism-score").last()).toHaveText("Mechanism6/10");
  await expect(page.getByTestId("clinical-score").last()).toHaveText("Clinical5/10");
  await expect(page.getByTestId("assessment-sufficient").last()).toHaveText("not sufficient");
  const report = page.getByTestId("report");
  await expect(report.getByRole("heading", { level: 1 })).toHaveText(
    "Lithium and nephrotoxicity: mechanism and evidence",
  );
  // The references are one click away (a collapsed section of the report).
  await report.getByTestId("section-references").locator(":scope > summary").click();
  // Eight: the conclusion cites the records behind its drug candidate (read through kidney diseases as MeSH's
  // subtree, more records bear on the question than its literal words name).
  await expect(report.getByTestId("section-references").locator("li")).toHaveCount(8);
  await expect(report.getByRole("link", { name: "19692487" })).toHaveAttribute(
    "href",
    "https://pubmed.ncbi.nlm.nih.gov/19692487/",
  );
  await expect(page.getByTestId("run-finished")).toHaveText(/^Completed in \d+\.\d s\.$/);
});

test("reloading mid-run shows the timeline so far and keeps streaming", async () => {
  // PubMed points at a loopback stand-in that answers slowly with no hits, so this run lasts several seconds.
  await ask(DOXORUBICIN, ["local", "pubmed"]);
  await expect(page.getByTestId("search-event").first()).toBeVisible();
  await expect(page.getByTestId("run-status")).toHaveText("running");
  const before = await page.getByTestId("search-event").count();
  await page.reload();
  await expect(page.getByTestId("run-question")).toHaveText(DOXORUBICIN);
  await expect(page.getByTestId("run-status")).toHaveText("running");
  expect(await page.getByTestId("search-event").count()).toBeGreaterThanOrEqual(before);
  // Each source's search is shown when it answers: the local library before the slow PubMed stand-in.
  await expect(page.getByTestId("search-event").first()).toHaveText(
    /^Local library\s*question query\s*Does doxorubicin.*\?\s*40 hits · \d+ ms$/,
  );
  await expect(page.getByTestId("search-event").nth(1)).toHaveText(
    new RegExp(
      "^PubMed\\s*question query\\s*Does doxorubicin cause cardiotoxicity, and through which mechanism\\?\\s*25 " +
        "hits · \\d+ ms$",
    ),
  );
  // …and keeps streaming until the report.
  await expect(page.getByTestId("run-status")).toHaveText("completed", { timeout: 60_000 });
  await expect(
    page.getByTestId("hypotheses-event").last().getByTestId("hypothesis-card").first().getByTestId("chain-step"),
  ).toHaveText(["doxorubicin", "STAT3", "apoptosis", "cardiotoxicity"]);
  await expect(page.getByTestId("mechanism-score").last()).toHaveText("Mechanism6/10");
  await expect(page.getByTestId("report").getByRole("heading", { level: 1 })).toHaveText(
    "Doxorubicin and cardiotoxicity: mechanism and evidence",
  );
  // Every saved event is shown exactly once: the streamed page equals a fresh render of the saved run.
  const streamed = await page.getByTestId("timeline").innerText();
  await page.reload();
  await expect(page.getByTestId("report")).toBeVisible();
  expect(await page.getByTestId("timeline").innerText()).toBe(streamed);
});

test("a run on the live sources draws evidence from PubMed, Europe PMC and ClinicalTrials.gov", async () => {
  // The three base URLs point at the loopback server replaying their recorded responses.
  await ask(TRIALS, ["pubmed", "europepmc", "ctgov"]);
  await expect(page.getByTestId("run-status")).toHaveText("completed", { timeout: 60_000 });
  // Each source's search is shown when it answers: the question's three searches in the order they answered.
  const first = page.getByTestId("search-event").filter({ hasText: "question query" });
  await expect(first).toHaveCount(3);
  await expect(first.filter({ hasText: /^PubMed/ })).toHaveText(/^PubMed\s*question query\s*.+\?\s*25 hits · \d+ ms$/);
  await expect(first.filter({ hasText: /^Europe PMC/ })).toHaveText(
    /^Europe PMC\s*question query\s*.+\?\s*29 hits · \d+ ms$/,
  );
  await expect(first.filter({ hasText: /^ClinicalTrials\.gov/ })).toHaveText(
    /^ClinicalTrials\.gov\s*question query\s*.+\?\s*4 hits · \d+ ms$/,
  );
  await expect(page.getByTestId("shortfall")).toHaveCount(0);
  const trials = page.getByTestId("evidence-item").filter({ hasText: /NCT\d{8}/ });
  await expect(trials).toHaveCount(4);
  await expect(trials.first()).toContainText(/PHASE\d|NA/);
  await expect(trials.first()).toContainText(/COMPLETED|TERMINATED|WITHDRAWN|RECRUITING|ACTIVE_NOT_RECRUITING|UNKNOWN/);
  await expect(page.getByTestId("report")).toContainText(/NCT\d{8}/);
});

test("history lists past runs newest first", async () => {
  await page.goto("/reports");
  const items = page.getByTestId("run-list-item");
  await expect(items).toHaveCount(3);
  await expect(items.nth(0).getByRole("link")).toHaveText(TRIALS);
  await expect(items.nth(1).getByRole("link")).toHaveText(DOXORUBICIN);
  await expect(items.nth(2).getByRole("link")).toHaveText(LITHIUM);
  await expect(items.nth(1).getByTestId("run-status")).toHaveText("completed");
  // The report's bottom line, not the judge's confidence (which was "confidence 45%"): six records read lithium as
  // causing a kidney disease, none the opposite.
  await expect(items.nth(2).getByTestId("run-verdict")).toHaveText("yes");
  await items.nth(2).getByRole("link").click();
  await expect(page.getByTestId("run-question")).toHaveText(LITHIUM);
});

test("a share link shows the report in a fresh browser context, read-only", async ({ browser }) => {
  await page.goto("/reports");
  await page.getByRole("link", { name: LITHIUM }).click();
  await page.getByRole("button", { name: "Share" }).click();
  const link = await page.getByTestId("share-link").inputValue();
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/share\/[A-Za-z0-9_-]{43}$/);

  const stranger = await browser.newContext();
  const other = await stranger.newPage();
  const response = await other.goto(link);
  expect(response?.status()).toBe(200);
  await expect(other.getByTestId("run-question")).toHaveText(LITHIUM);
  await expect(other.getByText("read-only shared copy")).toBeVisible();
  await expect(other.getByRole("button", { name: "Share" })).toHaveCount(0);
  await expect(other.getByTestId("report").getByRole("heading", { level: 1 })).toHaveText(
    "Lithium and nephrotoxicity: mechanism and evidence",
  );
  await expect(other.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  // The stranger's session does not own the run: its page offers no share or cancel action.
  await other.goto(new URL(page.url()).pathname);
  await expect(other.getByTestId("run-question")).toHaveText(LITHIUM);
  await expect(other.getByRole("button", { name: "Share" })).toHaveCount(0);
  // A token that was never issued answers 404.
  const missing = await other.goto(link.replace(/.{4}$/, "AAAA"));
  expect(missing?.status()).toBe(404);
  await stranger.close();
});
