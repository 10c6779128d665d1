import { expect, test, type Page } from "@playwright/test";
import { submitResearch } from "@/e2e/support/research-form";

// Screenshots of the lithium report for docs/screenshots (desktop 1366 px and phone 390 px, v1 and after "look
// deeper"), with the page heights they measure. SCREENSHOT_TAG names the set ("before" was taken on the code before
// the one-version report; the default "after" is the current code). Run on its own: it is documentation, not a check.
const LITHIUM = "Is lithium nephrotoxic, and by what mechanism?";
const TAG = process.env.SCREENSHOT_TAG ?? "after";
const DIR = "docs/screenshots";

test.skip(!process.env.SCREENSHOT_TAG && !process.env.SCREENSHOTS, "documentation screenshots: set SCREENSHOTS=1");
test.describe.configure({ mode: "serial" });

async function shoot(page: Page, name: string, width: number): Promise<void> {
  await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
  await page.waitForTimeout(300);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  console.log(`${TAG} ${name}: ${width} px wide viewport, page ${scrollWidth} × ${height} px`);
  await page.screenshot({ path: `${DIR}/report-${TAG}-${name}.jpg`, fullPage: true, type: "jpeg", quality: 55 });
}

test("lithium report, v1 and v2, desktop and phone", async ({ page }) => {
  test.setTimeout(240_000);
  await submitResearch(page, LITHIUM, ["local"]);
  await expect(page.getByTestId("run-status").first()).toHaveText("completed", { timeout: 60_000 });
  await page.reload();
  await shoot(page, "desktop", 1366);
  await shoot(page, "phone", 390);
  await page.setViewportSize({ width: 1366, height: 900 });
  const box = page.getByLabel("Ask a follow-up");
  await box.fill("Look deeper into aquaporin");
  await box.press("Enter");
  await expect(page.getByRole("heading", { name: /Report v2/ }).first()).toBeVisible({ timeout: 90_000 });
  await expect(page.getByLabel("Ask a follow-up")).toBeEnabled({ timeout: 60_000 });
  await page.reload();
  await shoot(page, "v2-desktop", 1366);
  await shoot(page, "v2-phone", 390);
});
