import { expect, test, type Page } from "@playwright/test";

const LITHIUM = "Is lithium nephrotoxic, and by what mechanism?";
const DOXORUBICIN = "Does doxorubicin cause cardiotoxicity, and through which mechanism?";

/** Fills the research form with the given sources and submits it; resolves on the run page. */
async function ask(page: Page, question: string, sources: string[]) {
  await page.goto("/");
  await page.getByLabel("Research question").fill(question);
  for (const box of await page.getByRole("checkbox").all()) {
    const value = await box.getAttribute("value");
    if (sources.includes(value!)) await box.check();
    else await box.uncheck();
  }
  await page.getByRole("button", { name: "Research" }).click();
  await page.waitForURL(/\/reports\/[0-9a-f-]{36}$/);
}

test("asking a question streams searches, hypotheses, scores and the report", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByTestId("backend-mode")).toContainText("extractive mode: no language model configured");
  await ask(page, LITHIUM, ["local"]);

  await expect(page.getByTestId("run-question")).toHaveText(LITHIUM);
  await expect(page.getByTestId("notice")).toHaveText("extractive mode: no language model configured");
  await expect(page.getByTestId("search-event").first()).toContainText(`Local library question query“${LITHIUM}”`);
  await expect(page.getByTestId("run-status")).toHaveText("completed");
  await expect(page.getByTestId("hypothesis-card").first()).toContainText("lithium");
  await expect(page.getByTestId("mechanism-score").first()).toContainText(/^Mechanism\d+\/10$/);
  await expect(page.getByTestId("report").getByRole("heading", { level: 2, name: "References" })).toBeVisible();
  await expect(page.getByTestId("run-finished")).toHaveText(/^Completed in \d+\.\d s\.$/);
});

test("reloading mid-run shows the timeline so far and keeps streaming", async ({ page }) => {
  // PubMed points at a loopback stand-in that answers slowly, so this run lasts several seconds.
  await ask(page, DOXORUBICIN, ["local", "pubmed"]);
  await expect(page.getByTestId("search-event").first()).toBeVisible();
  await expect(page.getByTestId("run-status")).toHaveText("running");
  const before = await page.getByTestId("search-event").count();
  await page.reload();
  await expect(page.getByTestId("run-question")).toHaveText(DOXORUBICIN);
  expect(await page.getByTestId("search-event").count()).toBeGreaterThanOrEqual(before);
  await expect(page.getByTestId("search-event").first()).toContainText(`Local library question query“${DOXORUBICIN}”`);
  await expect(page.getByTestId("run-status")).toHaveText("completed", { timeout: 60_000 });
  await expect(page.getByTestId("hypothesis-card").first()).toContainText("doxorubicin");
  await expect(page.getByTestId("report")).toBeVisible();
  // After completion the page shows every saved event exactly once.
  const seqs = await page.getByTestId("search-event").count();
  await page.reload();
  await expect(page.getByTestId("search-event")).toHaveCount(seqs);
});

test("history lists past runs newest first", async ({ page }) => {
  await page.goto("/reports");
  const items = page.getByTestId("run-list-item");
  await expect(items.first()).toContainText(DOXORUBICIN);
  await expect(items.nth(1)).toContainText(LITHIUM);
  await expect(items.first().getByTestId("run-status")).toHaveText("completed");
  await items.nth(1).getByRole("link", { name: LITHIUM }).click();
  await expect(page.getByTestId("run-question")).toHaveText(LITHIUM);
});

test("a share link shows the report in a fresh browser context, read-only", async ({ page, browser }) => {
  await page.goto("/reports");
  await page.getByRole("link", { name: LITHIUM }).click();
  await page.getByRole("button", { name: "Share" }).click();
  const link = await page.getByTestId("share-link").inputValue();
  expect(link).toMatch(/\/share\/[A-Za-z0-9_-]{43}$/);

  const stranger = await browser.newContext();
  const other = await stranger.newPage();
  const response = await other.goto(link);
  expect(response?.status()).toBe(200);
  await expect(other.getByTestId("run-question")).toHaveText(LITHIUM);
  await expect(other.getByText("read-only shared copy")).toBeVisible();
  await expect(other.getByRole("button", { name: "Share" })).toHaveCount(0);
  await expect(other.getByTestId("report")).toBeVisible();
  expect(await other.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex, nofollow");
  const missing = await other.goto(link.replace(/.{4}$/, "AAAA"));
  expect(missing?.status()).toBe(404);
  await stranger.close();
});
