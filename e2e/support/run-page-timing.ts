import type { Page } from "@playwright/test";

/** What one submission of the research form took, measured in the browser from the user's click. */
export interface RunPageTiming {
  /** ms from the click on "Research" until the run page showed the question and the run started (see below). */
  ms: number;
  /**
   * The form's server action request (POST, which also returns the run page), in ms from the click: when it was
   * sent, its first byte, its last byte (Resource Timing); null when the browser recorded none.
   */
  action: { sent: number; firstByte: number; received: number } | null;
  runId: string;
}

/**
 * Installed in the page before the click: records the click's time (capture listener on the document, before the
 * form's own handler), then watches the DOM and records the first animation frame after the run's page showed the
 * question (the JSON string `question`) as its heading, the status badge "running" and the progress line
 * "Researching… iteration 1 of N". Both times come from the page's clock (performance.now()), so no test-driver
 * polling is counted. Plain JavaScript source, since transpiled test code may call helpers the page lacks.
 */
const watchRunPage = (question: string) => `(() => {
  const question = ${JSON.stringify(question)};
  delete window.__runPageShownAt;
  const text = (id) => document.querySelector('[data-testid="' + id + '"]')?.textContent ?? "";
  const shown = () =>
    location.pathname.startsWith("/reports/") &&
    text("run-question") === question &&
    text("run-status") === "running" &&
    text("run-progress").startsWith("Researching… iteration 1 of ");
  document.addEventListener("click", () => (window.__runPageClickAt = performance.now()), {
    capture: true,
    once: true
  });
  const observer = new MutationObserver(() => {
    if (!shown()) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      window.__runPageShownAt = performance.now();
      const click = window.__runPageClickAt;
      const action = performance
        .getEntriesByType("resource")
        .filter((e) => e.initiatorType === "fetch" && e.startTime >= click)
        .at(0);
      window.__runPageAction = action
        ? {
            sent: action.startTime - click,
            firstByte: action.responseStart - click,
            received: action.responseEnd - click
          }
        : null;
    });
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true });
})()`;

/**
 * Fills the home page's research form on `page` (the question, only `sources` ticked), clicks "Research", and
 * resolves once the run page shows the run as started: the question as its heading, the status badge "running" and
 * "Researching… iteration 1 of N". The time is taken in the page, from the click event to the first animation frame
 * after the page showed that (watchRunPage).
 */
export async function submitAndTimeRunPage(page: Page, question: string, sources: string[]): Promise<RunPageTiming> {
  await page.goto("/");
  await page.getByLabel("Research question").fill(question);
  for (const box of await page.getByRole("checkbox").all()) {
    if (sources.includes((await box.getAttribute("value"))!)) await box.check();
    else await box.uncheck();
  }
  // A user takes seconds to write a question; the page has loaded what it loads on idle by the time they submit.
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(1_000);
  await page.evaluate(watchRunPage(question));
  await page.getByRole("button", { name: "Research" }).click();
  await page.waitForURL(/\/reports\/[0-9a-f-]{36}$/);
  // Polled from here (the page's CSP forbids evaluating strings in it); the time itself was taken in the page.
  for (let waited = 0; (await page.evaluate("window.__runPageShownAt")) === undefined; waited += 50) {
    if (waited > 30_000) throw new Error(`the run page did not show "${question}" as running within 30 s of the click`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const ms = (await page.evaluate("window.__runPageShownAt - window.__runPageClickAt")) as number;
  const action = (await page.evaluate("window.__runPageAction")) as RunPageTiming["action"];
  return { ms, action, runId: page.url().split("/").pop()! };
}
