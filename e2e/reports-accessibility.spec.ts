import { axeAtBothWidths, expect, stranger, test } from "@/e2e/support/seeded-runs";

// Keyboard use, and axe-core checks of every page of a personal install at 1366 and 390 px.

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

test("axe: no violations on chat, report, history, share, papers, notifications, settings at 1366/390 px", async ({
  page,
  browser,
  trialsRun,
  keptLink,
}) => {
  // Ten pages and states at two widths, each scanned by axe-core in full: several minutes on a loaded machine (it
  // once ran past the 90 s default), so this test gets Playwright's slow allowance (3×) rather than fewer pages.
  test.slow();
  const report = `/reports/${trialsRun}`;
  const found = [
    ...(await axeAtBothWidths(page, "home", () => page.goto("/"))),
    ...(await axeAtBothWidths(page, "report, a card open", async () => {
      await page.goto(report);
      await page.getByTestId("citation-marker").first().focus();
      await expect(page.getByTestId("citation-card")).toBeVisible();
    })),
    ...(await axeAtBothWidths(page, "report, Export open", async () => {
      await page.goto(report);
      await page.getByRole("button", { name: "Export" }).click();
      await expect(page.getByRole("menu")).toBeVisible();
    })),
    ...(await axeAtBothWidths(page, "history", () => page.goto("/reports"))),
    ...(await axeAtBothWidths(page, "history, delete dialog", async () => {
      await page.goto("/reports");
      await page
        .getByRole("button", { name: /^Delete/ })
        .first()
        .click();
      await expect(page.getByRole("dialog")).toBeVisible();
    })),
    ...(await axeAtBothWidths(page, "My papers", () => page.goto("/papers"))),
    ...(await axeAtBothWidths(page, "notifications", () => page.goto("/notifications"))),
    ...(await axeAtBothWidths(page, "webhook settings", () => page.goto("/settings/webhook"))),
  ];
  const other = await stranger(browser);
  found.push(...(await axeAtBothWidths(other.page, "shared copy", () => other.page.goto(keptLink))));
  // Dark mode follows the system setting, and keeps its contrast.
  await other.page.emulateMedia({ colorScheme: "dark" });
  expect(await other.page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(18, 19, 21)");
  found.push(...(await axeAtBothWidths(other.page, "shared copy, dark", () => other.page.goto(keptLink))));
  await page.emulateMedia({ colorScheme: "dark" });
  found.push(...(await axeAtBothWidths(page, "report, dark", () => page.goto(report))));
  found.push(...(await axeAtBothWidths(page, "history, dark", () => page.goto("/reports"))));
  await page.emulateMedia({ colorScheme: "light" });
  await other.context.close();
  expect(found).toEqual([]);
});
