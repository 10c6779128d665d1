import { ask, download, expect, LITHIUM, LITHIUM_TITLE, stranger, test } from "@/e2e/support/seeded-runs";

// Share links: a read-only copy in another browser, its own exports, revoking.

test("a share link opens in another browser with its own exports; revoking it makes it answer 404", async ({
  page,
  browser,
}) => {
  const runs = { lithium: await ask(page, LITHIUM, ["local"]) };
  const links: { revoked?: string; kept?: string } = {};
  await page.getByRole("button", { name: "Share" }).click();
  const link = await page.getByTestId("share-link").inputValue();
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/share\/[A-Za-z0-9_-]{43}$/);
  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  links.revoked = link;

  const other = await stranger(browser);
  const response = await other.page.goto(link);
  expect(response?.status()).toBe(200);
  await expect(other.page.getByTestId("run-question")).toHaveText(LITHIUM);
  await expect(other.page.getByTestId("report").getByRole("heading", { level: 1 })).toHaveText(LITHIUM_TITLE);
  await expect(other.page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  await expect(other.page.getByRole("button", { name: "Share" })).toHaveCount(0);
  await expect(other.page.getByRole("button", { name: "Revoke link" })).toHaveCount(0);
  // The copy names no other report: not even its own run's id, which would open the live run page.
  expect(await other.page.content()).not.toContain(runs.lithium);
  // The opening paragraph cites a range ([1–3, 5, 6]); the first marker for reference 1 alone shows its one record.
  await other.page.getByRole("button", { name: "Reference 1", exact: true }).first().hover();
  await expect(other.page.getByTestId("citation-card").getByTestId("citation-title")).toHaveText(
    "[1] Persistent nephrogenic diabetes insipidus following lithium therapy.",
  );
  const sharedJson = JSON.parse((await download(other.page, "JSON")).text);
  expect(sharedJson.runId).toBeNull();
  // Typed chains leave the judge wanting more on lithium: 3 iterations, 51 records, 8 references (the conclusion
  // cites the records behind its drug candidate).
  expect(sharedJson.report.references).toHaveLength(8);
  expect(sharedJson.evidence).toHaveLength(51);
  expect((await download(other.page, "BibTeX")).text.match(/^@\w+\{/gm)).toHaveLength(8);

  // The owner revokes it: the page and its exports answer 404.
  await page.getByRole("button", { name: "Revoke link" }).click();
  await expect(page.getByTestId("share-status")).toHaveText("Link revoked: it now answers “not found”.");
  await expect(page.getByTestId("share-link")).toHaveCount(0);
  expect((await other.page.goto(link))?.status()).toBe(404);
  await expect(other.page.getByRole("heading", { name: "Not found" })).toBeVisible();
  expect((await other.context.request.get(`${link}/export/json`)).status()).toBe(404);

  // Sharing again after revoking makes a new link.
  await page.getByRole("button", { name: "Share" }).click();
  links.kept = await page.getByTestId("share-link").inputValue();
  expect(links.kept).not.toBe(link);
  await other.context.close();
});
