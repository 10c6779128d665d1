import { expect, LITHIUM, LITHIUM_TITLE, stranger, test, TRIALS } from "@/e2e/support/seeded-runs";

// History: search, filters, re-run and delete (the owner's seeded runs, lithium and trials).

test(
  "history: search by a word, filter by status, mode and date, re-run with the same settings, delete after " +
    "confirming",
  async ({ page, browser, lithiumRun, keptLink }) => {
    const runs = { lithium: lithiumRun };
    const links = { kept: keptLink };
    await page.goto("/reports");
    const items = page.getByTestId("run-list-item");
    await expect(items.getByRole("link")).toHaveText([LITHIUM, TRIALS]);

    const search = async (q: string) => {
      await page.getByLabel("Search questions").fill(q);
      await page.getByRole("button", { name: "Search", exact: true }).click();
    };
    await search("nephrotoxic");
    await expect(page).toHaveURL(/\/reports\?q=nephrotoxic(&|$)/);
    await expect(items.getByRole("link")).toHaveText([LITHIUM]);
    await search("TRIALS drugs");
    await expect(items.getByRole("link")).toHaveText([TRIALS]);
    await search("cardiotoxicity");
    await expect(items).toHaveCount(0);
    await expect(page.getByTestId("run-list-empty")).toHaveText("No runs match these filters.");
    await page.getByRole("link", { name: "Clear" }).click();
    await expect(items).toHaveCount(2);

    await page.getByLabel("Status", { exact: true }).selectOption("failed");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(items).toHaveCount(0);
    await page.getByLabel("Status", { exact: true }).selectOption("completed");
    await page.getByLabel("Mode", { exact: true }).selectOption("research");
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel("From", { exact: true }).fill(today);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(items.getByRole("link")).toHaveText([LITHIUM, TRIALS]);
    await page.getByLabel("From", { exact: true }).fill(yesterday);
    await page.getByLabel("To", { exact: true }).fill(yesterday);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(items).toHaveCount(0);
    await page.getByRole("link", { name: "Clear" }).click();
    await expect(page.getByLabel("Status", { exact: true })).toHaveValue("");
    await expect(page.getByLabel("To", { exact: true })).toHaveValue("");
    await expect(items).toHaveCount(2);
    await page.screenshot({ path: test.info().outputPath("history.png"), fullPage: true });

    // Re-run the lithium question: a new run with the same question, sources and iteration cap.
    await items.filter({ hasText: LITHIUM }).getByRole("button", { name: "Re-run" }).click();
    await page.waitForURL(
      (url) => /\/reports\/[0-9a-f-]{36}$/.test(url.pathname) && !url.pathname.endsWith(runs.lithium!),
    );
    await expect(page.getByTestId("run-status")).toHaveText("completed", { timeout: 60_000 });
    await expect(page.getByTestId("run-question")).toHaveText(LITHIUM);
    await expect(page.getByTestId("run-header").getByText("Local library")).toBeVisible();
    await expect(page.getByTestId("run-header").getByText("PubMed")).toHaveCount(0);
    const rerun = page.url().split("/").pop()!;

    // Delete the original lithium run: Escape keeps it, "Delete run" deletes it; its share link lives on.
    await page.goto("/reports");
    await expect(items).toHaveCount(3);
    const original = items.filter({ has: page.locator(`a[href="/reports/${runs.lithium}"]`) });
    await original.getByRole("button", { name: /^Delete/ }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this run?" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Its share link keeps showing the frozen copy unless you revoke it.");
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(items).toHaveCount(3);
    await original.getByRole("button", { name: /^Delete/ }).focus();
    await page.keyboard.press("Enter");
    await dialog.getByRole("button", { name: "Delete run" }).click();
    await expect(items).toHaveCount(2);
    await expect(page.locator(`a[href="/reports/${runs.lithium}"]`)).toHaveCount(0);
    await expect(page.locator(`a[href="/reports/${rerun}"]`)).toHaveCount(1);
    expect((await page.goto(`/reports/${runs.lithium}`))?.status()).toBe(404);

    // The share of the deleted run still shows its frozen copy.
    const other = await stranger(browser);
    expect((await other.page.goto(links.kept!))?.status()).toBe(200);
    await expect(other.page.getByTestId("run-question")).toHaveText(LITHIUM);
    await expect(other.page.getByTestId("report").getByRole("heading", { level: 1 })).toHaveText(LITHIUM_TITLE);
    await expect(other.page.getByTestId("evidence-count")).toHaveText("51 records; the first 10 shown");
    await other.context.close();
  },
);
