import type { Page } from "@playwright/test";

/**
 * Fills the home page's research form (question, the ticked sources, everything else unticked) and submits it.
 * Resolves on the new run's page (/reports/<uuid>), while the run may still be going; returns the run id.
 */
export async function submitResearch(page: Page, question: string, sources: string[]): Promise<string> {
  await page.goto("/");
  await page.getByLabel("Research question").fill(question);
  for (const box of await page.getByRole("checkbox").all()) {
    if (sources.includes((await box.getAttribute("value"))!)) await box.check();
    else await box.uncheck();
  }
  await page.getByRole("button", { name: "Research" }).click();
  await page.waitForURL(/\/reports\/[0-9a-f-]{36}$/);
  return page.url().split("/").pop()!;
}
