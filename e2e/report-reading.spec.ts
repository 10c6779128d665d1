import { expect, test, type Page } from "@playwright/test";
import { submitResearch } from "@/e2e/support/research-form";
import { INTERNAL_NAMES } from "@/lib/report/render/plain-words";

// A report a researcher reads to the end: one version per page, the answer first, quotations as quotations,
// abstracts at hand, short pages, no sideways scrolling on a phone, plain words. The e2e server runs the extractive
// backend on the real BC5CDR + MEDLINE records, so counts are read from the run's --json contract.
const LITHIUM = "Is lithium nephrotoxic, and by what mechanism?";
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

test.describe.configure({ mode: "serial" });
let page: Page;
let runId = "";

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
});
test.afterAll(async () => page.context().close());

/** The page's width beyond the viewport (0 when nothing scrolls sideways). */
async function overflow(on: Page): Promise<number> {
  return on.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** Opens every collapsed part of the page (report sections, GRADE, steps, abstracts' toggles aside). */
async function openAll(on: Page): Promise<void> {
  await on.evaluate(() => {
    for (const d of document.querySelectorAll("details")) d.open = true;
  });
}

interface RunJson {
  evidence: unknown[];
  report: { references: Array<{ n: number }> };
  prisma: { included: number };
}

test("the lithium report answers first, stays under 5,000 px at 1366 px, and shows no internal names", async () => {
  runId = await submitResearch(page, LITHIUM, ["local"]);
  await expect(page.getByTestId("run-status")).toHaveText("completed", { timeout: 60_000 });
  await page.reload();
  const json = (await (await page.request.get(`/reports/${runId}/export/json`)).json()) as RunJson;

  await expect(page.getByTestId("report-version-label")).toHaveText(/^Report v1 · \d{1,2} [A-Z][a-z]{2}$/);
  // The answer first: the bottom line's sentence, then what it rests on, in Critica's words, with markers.
  const opening = page.getByTestId("answer-opening");
  await expect(opening).toContainText(`Of the ${json.evidence.length} records found,`);
  // Low: observational records; 4 of the 9 bearing on it are case reports, fewer than half, so not rated down for
  // risk of bias (lib/report/appraise/grade.ts; read through kidney diseases as MeSH's subtree, 9 records bear on it).
  await expect(opening).toContainText("Certainty of the evidence (GRADE): low.");
  // Abstract sentences are quotations with their source, never Critica's prose.
  const quote = page.getByTestId("report").locator("blockquote").first();
  await expect(quote).toBeVisible();
  await expect(quote.locator("p").first()).toHaveText(/^“.+” \[\d+\]$/);
  await expect(quote.locator("p").nth(1)).toHaveText(/^— .+/);

  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  console.log(`lithium report at 1366 px: ${height} px tall`);
  expect(height).toBeLessThanOrEqual(5_000);
  expect(await overflow(page)).toBe(0);

  await openAll(page);
  // Iterations in short: one that repeats the previous hypothesis and scores says so instead of repeating them.
  const steps = page.getByTestId("timeline-step");
  await expect(steps.nth(1).locator(":scope > details > summary")).toHaveText(
    new RegExp(
      "^Iteration 1 of 3: \\d+ searches, 51 new records · 1 hypothesis · judge: mechanism 6\\/10, clinical " +
        "5\\/10, not sufficient$",
    ),
  );
  await expect(steps.nth(2).locator(":scope > details > summary")).toContainText(
    "same hypothesis as iteration 1 · judge: mechanism 6/10, clinical 5/10, not sufficient (as in iteration 1)",
  );
  await expect(steps.nth(2).getByTestId("hypotheses-event")).toHaveCount(0);
  // Internal names may appear only in "About this run" (the backend, the run id), a block of its own; on a phone too.
  const shownText = () =>
    page.evaluate(() => {
      const about = document.querySelector<HTMLElement>('[data-testid="about-this-run"]');
      if (about) about.hidden = true;
      const shown = document.body.innerText;
      if (about) about.hidden = false;
      return shown;
    });
  const text = await shownText();
  for (const name of INTERNAL_NAMES) expect(text, name).not.toContain(name);
  await page.setViewportSize(PHONE);
  const phoneText = await shownText();
  for (const name of INTERNAL_NAMES) expect(phoneText, `${name} at 390 px`).not.toContain(name);
  await page.setViewportSize(DESKTOP);
  await expect(page.getByTestId("about-this-run").getByTestId("run-backend")).toHaveText("extractive");
  expect(text).not.toContain("Verified by the critic");
  await expect(page.getByTestId("verification-label")).toContainText(
    "Not checked: whether each cited source supports its sentence.",
  );
});

test("an abstract opens from the evidence table and from a citation card, the cited sentence marked", async () => {
  await page.reload();
  const row = page.getByTestId("evidence-row").first();
  await row.getByTestId("evidence-title").click();
  await expect(row.getByTestId("evidence-title")).toHaveAttribute("aria-expanded", "true");
  const abstract = page.getByTestId("evidence-abstract-row").first().getByTestId("abstract");
  await expect(abstract).toBeVisible();
  expect((await abstract.textContent())!.length).toBeGreaterThan(200);
  // Each record's stance on the question comes with its reason.
  await expect(row.getByTestId("evidence-stance-reason")).not.toHaveText("");

  // A quotation's marker: its card opens the abstract with the quoted sentence marked.
  const first = page.getByTestId("report").locator("blockquote").first();
  const quoted = (await first.locator("p").first().textContent())!.replace(/^“|” \[\d+\]$/g, "");
  await first.getByTestId("citation-marker").click();
  const card = page.getByTestId("citation-card");
  await card.getByTestId("citation-abstract-toggle").click();
  await expect(card.getByTestId("citation-abstract")).toBeVisible();
  await expect(card.getByTestId("abstract-highlight")).toHaveText(quoted.replace(/[.!?]$/, ""));
  await page.keyboard.press("Escape");
});

test("PRISMA labels fit their boxes, and the diagram becomes a list on a phone", async () => {
  await page.getByTestId("report-method").locator(":scope > summary").click();
  const clipped = await page.evaluate(() => {
    const problems: string[] = [];
    for (const box of document.querySelectorAll('[data-testid="prisma-box"]')) {
      const rect = box.querySelector("rect")!.getBBox();
      for (const t of box.querySelectorAll("text")) {
        const b = (t as SVGTextElement).getBBox();
        if (b.x + b.width > rect.x + rect.width - 4 || b.y + b.height > rect.y + rect.height)
          problems.push(t.textContent ?? "");
      }
    }
    for (const g of document.querySelectorAll('[data-testid="prisma-svg"] > g:not([data-testid])')) {
      const rect = g.querySelector("rect")!.getBBox();
      const label = g.querySelector("text") as SVGTextElement;
      if (label.getComputedTextLength() > rect.height - 4) problems.push(label.textContent ?? "");
    }
    return problems;
  });
  expect(clipped).toEqual([]);
  await expect(page.getByTestId("prisma-svg")).toBeVisible();
  await page.setViewportSize(PHONE);
  await expect(page.getByTestId("prisma-list")).toBeVisible();
  await expect(page.getByTestId("prisma-list")).toContainText("Records identified (n = ");
  await page.setViewportSize(DESKTOP);
});

test("after “look deeper”, every section shows v2's numbers, and v1 is a click away with a real diff", async () => {
  await page.reload();
  const box = page.getByLabel("Ask a follow-up");
  await box.fill("Look deeper into aquaporin");
  await box.press("Enter");
  // The question just asked is on screen, above the sticky composer.
  const asked = page.getByTestId("chat-user-message").last();
  await expect(asked).toBeInViewport();
  await expect(page.getByTestId("report-version").getByRole("heading", { name: "Report v2" })).toBeVisible({
    timeout: 90_000,
  });
  await expect(page.getByLabel("Ask a follow-up")).toBeEnabled({ timeout: 60_000 });
  await expect(page.getByTestId("report-version-label")).toHaveText(/^Report v2 · /, { timeout: 30_000 });

  const json = (await (await page.request.get(`/reports/${runId}/export/json`)).json()) as RunJson;
  const records = json.evidence.length;
  const references = json.report.references.length;
  await expect(page.getByTestId("evidence-count")).toHaveText(new RegExp(`^${records} records`));
  const legend = (await page.getByTestId("meter-legend").textContent())!;
  expect([...legend.matchAll(/\d+/g)].reduce((s, m) => s + Number(m[0]), 0)).toBe(records);
  await expect(page.getByTestId("answer-opening")).toContainText(`Of the ${records} records found,`);
  await page.getByTestId("section-references").locator(":scope > summary").click();
  await expect(page.getByTestId("section-references").locator("li")).toHaveCount(references);
  await page.getByTestId("report-method").locator(":scope > summary").click();
  await expect(page.getByTestId("prisma-box").nth(4)).toContainText(
    `Records included (n = ${json.prisma.included})Cited in the report: n = ${references}`,
  );
  // The steps count the follow-up's iteration as one, after the run's own.
  await expect(page.getByTestId("timeline-step").last()).toContainText(/^Iteration \d+ \(follow-up\)/);
  await expect(page.getByTestId("score-bar").first()).toBeAttached();
  // No template debris in the follow-up's paragraph, and no records about other drugs.
  await expect(page.getByTestId("report")).not.toContainText("(0 naming");
  await expect(page.getByTestId("report")).toContainText("The follow-up search on aquaporin found");

  const diff = page.getByTestId("version-diff");
  await expect(diff.locator(":scope > summary")).toContainText("What changed from v1");
  await diff.locator(":scope > summary").click();
  await expect(diff.getByTestId("diff-bottom-line")).toHaveText(/^Bottom line: /);
  await expect(diff.getByTestId("diff-certainty")).toHaveText(/^Certainty \(GRADE\): /);

  await page.getByTestId("report-version-link").first().click();
  await expect(page).toHaveURL(new RegExp(`/reports/${runId}\\?v=1$`));
  await expect(page.getByTestId("report-version-label")).toHaveText(/^Report v1 · /);
  const v1Records = Number((await page.getByTestId("evidence-count").textContent())!.match(/^\d+/)![0]);
  expect(v1Records).toBeLessThan(records);
  await expect(page.getByTestId("report")).not.toContainText("The follow-up search");
});

test("no page scrolls sideways at 1366 or 390 px: home, run, history, claim and share pages", async ({ browser }) => {
  await page.goto(`/reports/${runId}`);
  await page.getByRole("button", { name: "Share" }).click();
  const share = await page.getByTestId("share-link").inputValue();
  const claim = await browser.newContext();
  const claimPage = await claim.newPage();
  await claimPage.goto("/");
  await claimPage.getByRole("radio", { name: "Check a claim" }).check();
  await claimPage.getByLabel("Claim or abstract").fill("Doxorubicin does not cause cardiomyopathy.");
  for (const b of await claimPage.getByTestId("claim-form").getByRole("checkbox").all()) {
    if ((await b.getAttribute("value")) === "local") await b.check();
    else await b.uncheck();
  }
  await claimPage.getByRole("button", { name: "Check claim" }).click();
  await claimPage.waitForURL(/\/reports\/[0-9a-f-]{36}$/);
  await expect(claimPage.getByTestId("run-status")).toHaveText("completed", { timeout: 60_000 });
  const claimUrl = claimPage.url();
  await claim.close();

  for (const size of [DESKTOP, PHONE, { width: 360, height: 740 }]) {
    await page.setViewportSize(size);
    for (const url of ["/", `/reports/${runId}`, "/reports", claimUrl, share]) {
      await page.goto(url);
      await openAll(page);
      expect(await overflow(page), `${url} at ${size.width} px`).toBe(0);
    }
  }
  await page.setViewportSize(DESKTOP);
});

test.describe("on a 390 px phone", () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test("a citation card opened near the bottom of the screen opens on screen", async () => {
    await page.setViewportSize(PHONE);
    await page.goto(`/reports/${runId}`);
    const marker = page.getByTestId("report").getByTestId("citation-marker").first();
    // Bring the marker to the bottom edge of the screen, then open its card.
    await marker.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - window.innerHeight + 12));
    await marker.click();
    const card = page.getByTestId("citation-card");
    await expect(card).toHaveAttribute("data-placement", "above");
    const box = (await card.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await page.setViewportSize(DESKTOP);
  });
});
