import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { axeAtBothWidths, VIEWPORTS } from "@/e2e/support/seeded-runs";

// The e2e server runs the extractive backend on the real BC5CDR + MEDLINE records (local library only), so every
// value is exact. A pasted abstract with two checkable claims: one the corpus contradicts, one it knows nothing of.
const ABSTRACT =
  "BACKGROUND: Anthracycline chemotherapy is widely used in breast cancer. METHODS: We followed 120 women " +
  "treated with doxorubicin for five years. " +
  "RESULTS: Doxorubicin had no effect on the heart in this cohort. Regular yoga practice reduced the incidence " +
  "of smartphone addiction by 30%. " +
  "CONCLUSIONS: Anthracyclines are safe for the heart.";
const CLAIMS = [
  "Doxorubicin had no effect on the heart in this cohort",
  "Regular yoga practice reduced the incidence of smartphone addiction by 30%",
];
const COUNTERS = [
  "Doxorubicin had an effect on the heart in this cohort.",
  "Regular yoga practice did not reduce the incidence of smartphone addiction by 30%, or increased it.",
];
const FIRST_PASSAGE =
  "These findings demonstrate that overexpression of p300 protects cardiac myocytes from doxorubicin-induced " +
  "apoptosis and reduces the extent of acute heart failure in adult mice in vivo.";

// One browser session for the whole file: a run belongs to the session that started it (only it may share it).
test.describe.configure({ mode: "serial" });
let context: BrowserContext;
let page: Page;
let runPath = "";
test.beforeAll(async ({ browser }) => {
  context = await browser.newContext();
  page = await context.newPage();
});
test.afterAll(async () => context.close());

/** Checks what a claim-check page shows: both claims, counter-statements, verdicts, verified passages, statistics. */
async function expectClaimCheck(p: Page) {
  const cards = p.getByTestId("claim-card");
  await expect(cards).toHaveCount(2);
  await expect(p.getByTestId("claim-text")).toHaveText(CLAIMS);
  await expect(p.getByTestId("counter-statement")).toHaveText(COUNTERS);
  await expect(p.getByTestId("claim-verdict")).toHaveText(["contradicts", "undecided"]);
  // High: the records that name doxorubicin and the heart without reporting harm show no relation, which is not
  // evidence against (lib/reading/record.ts), so no record weighs against the contradiction.
  await expect(p.getByTestId("verdict-confidence")).toHaveText(["high confidence", "low confidence"]);

  const contradicted = cards.nth(0);
  await expect(contradicted.getByTestId("verdict-rationale")).toHaveText(
    "Read as “Doxorubicin does not cause diseases of the heart”; a relation model trained on expert-annotated " +
      "abstracts read each document for Doxorubicin causing a disease of the heart: " +
      "26 documents report it, none reports the opposite. 1 document names both but does not report it either " +
      "way, which counts neither for nor against. 1 document reports it for a related concept only, shown apart. " +
      "Weighed as the research bottom line weighs its records, the answer to the claim reads “no”, so the " +
      "evidence contradicts it.",
  );
  // The claim's polarity reading, and the documents on each side with their verified passages.
  await expect(contradicted.getByTestId("claim-reading")).toHaveText(
    "Read as: Doxorubicin — does not cause — diseases of the heart (28 annotated: cardiotoxicity, " +
      "cardiomyopathy, cardiac dysfunction, heart failure, myocardial infarction, …)",
  );
  await expect(contradicted.getByTestId("side-contradicts")).toHaveText(
    "26 documents, 10 shown with verified passages",
  );
  await expect(contradicted.getByTestId("side-supports")).toHaveText("no document");
  await expect(contradicted.getByTestId("no-supporting-evidence")).toHaveText(
    "No document in line with the claim with a verified passage.",
  );
  const citations = contradicted.getByTestId("counter-citation");
  await expect(citations).toHaveCount(10);
  await expect(citations.first().getByTestId("verified-passage")).toHaveText(FIRST_PASSAGE);
  await expect(citations.first().getByTestId("citation-score")).toHaveText("score 5/5");
  await expect(citations.first().getByTestId("found-by")).toHaveText("keywordsemantic");
  await expect(citations.first().getByTestId("passage-check")).toHaveText("✓ exact match in the abstract");
  await expect(citations.first().getByRole("link", { name: "PMID 14975762" })).toHaveAttribute(
    "href",
    "https://pubmed.ncbi.nlm.nih.gov/14975762/",
  );
  // In plain words: the model's probability is no finding, so it is only the line's title (its exact value moves
  // with each retraining of the relation model).
  await expect(citations.first().getByTestId("document-relation")).toHaveText(
    "Relation model: Doxorubicin → heart failure: causes",
  );
  await expect(citations.first().getByTestId("document-relation")).toHaveAttribute(
    "title",
    /^relation probability 0\.\d\d$/,
  );
  await expect(contradicted.getByTestId("document-relation")).toHaveCount(10);
  await expect(contradicted.getByTestId("passage-check")).toHaveText(Array(10).fill("✓ exact match in the abstract"));
  // The report's [1] marker links to its citation.
  await expect(contradicted.getByTestId("counter-report").getByRole("link", { name: "[1]" })).toHaveAttribute(
    "href",
    "#claim-1-cite-1",
  );
  await expect(contradicted.getByTestId("stats-keyword")).toHaveText("keyword404010");
  // Semantic search found 9 of the 10 cited records (8 before the relation model read each pair against its document's
  // other pairs, which changed which records are read as stating the relation and so which are cited).
  await expect(contradicted.getByTestId("stats-semantic")).toHaveText("semantic40409");
  await expect(contradicted.getByTestId("stats-hyde")).toHaveText("example abstractsnot run (needs a language model)");
  await expect(contradicted.getByTestId("stats-total")).toHaveText("All (deduplicated)575710");
  await expect(contradicted.getByTestId("generation-metadata")).toHaveText(
    /^Generated without a language model \(extractive\), in \d+\.\d s; 10 of 10 passages verified\.$/,
  );

  const undecided = cards.nth(1);
  await expect(undecided.getByTestId("claim-reading")).toHaveCount(0);
  await expect(undecided.getByTestId("side-supports")).toHaveText("no document");
  await expect(undecided.getByTestId("counter-citation")).toHaveCount(0);
  await expect(undecided.getByTestId("no-counter-evidence")).toBeVisible();
  await expect(undecided.getByTestId("counter-report")).toHaveText(
    new RegExp(
      "^No evidence against the claim was found\\. 40 documents were searched in the local library, .* none " +
        "reached the threshold of 3 of 5 ",
    ),
  );
}

test("pasting an abstract checks its claims: counter-statements, verified passages and verdicts", async () => {
  await page.goto("/");
  await page.getByRole("radio", { name: "Check a claim" }).check();
  await expect(page.getByTestId("research-form")).toBeHidden();
  await page.getByLabel("Claim or abstract").fill(ABSTRACT);
  await expect(page.getByTestId("claim-form").getByRole("checkbox", { name: /Local library/ })).toBeChecked();
  await page.getByRole("button", { name: "Check claim" }).click();
  await page.waitForURL(/\/reports\/[0-9a-f-]{36}$/);
  runPath = new URL(page.url()).pathname;

  await expect(page.getByTestId("run-question")).toHaveText(ABSTRACT);
  await expect(page.getByTestId("run-status")).toHaveText("completed");
  // The backend is named only under "About this run": the page has no developer note.
  await expect(page.getByTestId("notice")).toHaveCount(0);
  await expect(page.getByTestId("about-this-run").getByTestId("run-backend")).toHaveText("extractive");
  await expect(page.getByTestId("run-progress")).toHaveText("2 of 2 claims checked");
  // The timeline shows each step as it happened.
  await expect(page.getByTestId("claims-extracted-event")).toHaveText(
    "2 claims to check from 5 sentences (finding sentences: comparisons, effect verbs, numbers)",
  );
  await expect(page.getByTestId("claim-search-event")).toHaveCount(4);
  // The claims are checked in parallel, so their steps interleave in the timeline.
  await expect(page.getByTestId("claim-verdict-event").filter({ hasText: "Claim 1" })).toHaveText(
    "Claim 1 · verdict contradicts (high confidence)",
  );
  await expect(page.getByTestId("claim-verdict-event").filter({ hasText: "Claim 2" })).toHaveText(
    "Claim 2 · verdict undecided (low confidence)",
  );
  await expectClaimCheck(page);
  await expect(page.getByTestId("run-finished")).toHaveText(/^Completed in \d+\.\d s\.$/);
});

test("a claim check with a live source streams its steps while it runs", async () => {
  // PubMed points at the loopback server replaying recorded responses 600 ms late, so this check lasts a few seconds.
  await page.goto("/");
  await page.getByRole("radio", { name: "Check a claim" }).check();
  await page.getByLabel("Claim or abstract").fill("Doxorubicin has no effect on the heart.");
  await page.getByTestId("claim-form").getByRole("checkbox", { name: "PubMed" }).check();
  await page.getByRole("button", { name: "Check claim" }).click();
  await page.waitForURL(/\/reports\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("run-status")).toHaveText("running");
  await expect(page.getByTestId("run-progress")).toHaveText("Checking 1 claim… 0 done");
  await expect(page.getByTestId("counter-statement")).toHaveText("Doxorubicin has an effect on the heart.");
  // …and keeps streaming, without a reload, until the verdict.
  await expect(page.getByTestId("run-status")).toHaveText("completed", { timeout: 60_000 });
  await expect(page.getByTestId("run-progress")).toHaveText("1 of 1 claim checked");
  await expect(page.getByTestId("claim-search-event").filter({ hasText: "PubMed" })).toHaveText([
    /^PubMed\s*keyword\s*claim 1\s*doxorubicin AND \(heart OR cardiac OR myocardial\)\s*25 hits · \d+ ms$/,
    new RegExp(
      "^PubMed\\s*semantic\\s*claim 1\\s*doxorubicin OR heart OR effect OR cardiac OR myocardial\\s*25 " +
        "candidates compared, the most similar kept · \\d+ ms$",
    ),
  ]);
  await expect(page.getByTestId("claim-verdict")).toHaveText("contradicts");
  await expect(page.getByTestId("counter-citation")).toHaveCount(10);
});

test("history lists the claim check with a “claim check” badge and its verdicts, at 1366 and 390 px", async () => {
  const item = page.getByTestId("run-list-item").filter({ hasText: "Doxorubicin had no effect" });
  for (const size of VIEWPORTS) {
    await page.setViewportSize(size);
    await page.goto("/reports");
    await expect(item).toHaveCount(1);
    await expect(item.getByTestId("run-mode")).toHaveText("claim check");
    // Each claim's verdict, in claim order (RunMode.verdict), where it showed "—" before.
    await expect(item.getByTestId("run-verdict")).toHaveText("contradicts, undecided");
    await expect(item.getByTestId("run-verdict")).toBeVisible();
    await expect(item.getByTestId("run-confidence")).toHaveCount(0);
  }
  await item.getByRole("link").click();
  await expect(page.getByTestId("claim-card")).toHaveCount(2);
  await page.setViewportSize(VIEWPORTS[0]);
});

test("axe finds no violations on the claim check, its history and home at 1366 and 390 px", async () => {
  test.slow();
  const found = [
    ...(await axeAtBothWidths(page, "claim check", () => page.goto(runPath))),
    ...(await axeAtBothWidths(page, "history", () => page.goto("/reports"))),
    ...(await axeAtBothWidths(page, "home, Check a claim", async () => {
      await page.goto("/");
      await page.getByRole("radio", { name: "Check a claim" }).check();
    })),
  ];
  expect(found).toEqual([]);
});

test("a shared claim check opens in a fresh browser context, read-only", async ({ browser }) => {
  await page.goto(runPath);
  await page.getByRole("button", { name: "Share" }).click();
  const link = await page.getByTestId("share-link").first().inputValue();
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/share\/[A-Za-z0-9_-]{43}$/);

  const stranger = await browser.newContext();
  const other = await stranger.newPage();
  const response = await other.goto(link);
  expect(response?.status()).toBe(200);
  await expect(other.getByTestId("run-question")).toHaveText(ABSTRACT);
  await expect(other.getByText("read-only shared copy")).toBeVisible();
  await expect(other.getByRole("button", { name: "Share" })).toHaveCount(0);
  await expectClaimCheck(other);
  await stranger.close();
});
