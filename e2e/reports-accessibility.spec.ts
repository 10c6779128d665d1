import { expect, seriousViolations, stranger, test } from "./support/seeded-runs";

// Keyboard use and axe-core checks of the report, history and share pages.

test("the report works from the keyboard alone", async ({ page, trialsRun }) => {
  const runs = { trials: trialsRun };
  await page.goto(`/reports/${runs.trials}`);
  const tabTo = async (testId: string) => {
    for (let i = 0; i < 100; i += 1) {
      await page.keyboard.press("Tab");
      if (
        await page.evaluate(
          (id) =>
            document.activeElement?.getAttribute("data-testid") === id ||
            document.activeElement?.closest(`[data-testid="${id}"]`) !== null,
          testId,
        )
      )
        return;
    }
    throw new Error(`Tab never reached ${testId}`);
  };
  await tabTo("export-menu");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: "Markdown" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem", { name: "BibTeX" })).toBeFocused();
  await page.keyboard.press("End");
  await expect(page.getByRole("menuitem", { name: "Print / PDF" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Export" })).toBeFocused();

  // Focus previews the card; Enter pins it, and Tab then reaches its links. (The opening paragraph's markers come
  // first; the report's own [1] follows them.)
  await tabTo("citation-marker");
  while (!(await page.evaluate(() => document.activeElement?.closest('[data-testid="report"]') !== null)))
    await tabTo("citation-marker");
  await expect(page.getByTestId("citation-card").getByTestId("citation-title")).toHaveText(
    "[1] The Clinical Impact of Time-restricted Eating on Cancer: A Systematic Review.",
  );
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("citation-card")).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(page.getByTestId("citation-card").getByRole("link", { name: "PMID 39212676" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("citation-card")).toHaveCount(0);

  await tabTo("sort-year");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("columnheader", { name: /Year/ })).toHaveAttribute("aria-sort", "ascending");
});

test("axe finds no serious or critical violations on the chat, report, history and share pages", async ({
  page,
  browser,
  trialsRun,
  keptLink,
}) => {
  // Five pages, each loaded and scanned by axe-core in full: several minutes on a loaded machine (it once ran past
  // the 90 s default), so this test gets Playwright's slow allowance (3×) rather than fewer pages or rules.
  test.slow();
  const runs = { trials: trialsRun };
  const links = { kept: keptLink };
  await page.goto("/");
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto(`/reports/${runs.trials}`);
  await page.getByTestId("citation-marker").first().focus();
  await expect(page.getByTestId("citation-card")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Export" }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto("/reports");
  expect(await seriousViolations(page)).toEqual([]);
  await page
    .getByRole("button", { name: /^Delete/ })
    .first()
    .click();
  expect(await seriousViolations(page)).toEqual([]);

  const other = await stranger(browser);
  await other.page.goto(links.kept!);
  expect(await seriousViolations(other.page)).toEqual([]);
  // Dark mode follows the system setting, and keeps its contrast.
  await other.page.emulateMedia({ colorScheme: "dark" });
  expect(await other.page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(18, 19, 21)");
  expect(await seriousViolations(other.page)).toEqual([]);
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto(`/reports/${runs.trials}`);
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto("/reports");
  expect(await seriousViolations(page)).toEqual([]);
  await other.context.close();
});
