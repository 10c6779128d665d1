import type { Page } from "@playwright/test";
import { download, expect, seriousViolations, test } from "./support/seeded-runs";

// The report as a paper: printed on A4 it takes the page, with its sections open, its references in full and the
// address of its shared copy; its citation cards stay on screen at 1366 and 390 px; each reference can be copied as a
// Vancouver or APA citation.
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
/** An A4 page's width in CSS px (210 mm at 96 px per inch). */
const A4_WIDTH = Math.round((210 / 25.4) * 96);

/** The number of pages of a PDF file written by Chromium (its page objects, "/Type /Page" but not "/Pages"). */
function pdfPages(pdf: Buffer): number {
  return (pdf.toString("latin1").match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;
}

/** Whether the box of `testId`'s first element lies inside the viewport (the card opened, measured on screen). */
async function onScreen(page: Page, testId: string): Promise<{ x: number; y: number; right: number; bottom: number }> {
  const box = (await page.getByTestId(testId).boundingBox())!;
  return { x: box.x, y: box.y, right: box.x + box.width, bottom: box.y + box.height };
}

test("printed, the report takes the page: sections open, references in full, the shared copy's address", async ({
  page,
  lithiumRun,
  keptLink,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto(`/reports/${lithiumRun}`);
  const json = (await (await page.request.get(`/reports/${lithiumRun}/export/json`)).json()) as {
    report: { references: Array<{ n: number; title: string }> };
  };
  await page.emulateMedia({ media: "print" });
  // Printed from a desktop, from a phone, and on an A4 page.
  for (const width of [DESKTOP.width, PHONE.width, A4_WIDTH]) {
    await page.setViewportSize({ width, height: 1100 });
    const report = (await page.getByTestId("report").boundingBox())!;
    // The report's text column, not the 224 px sidebar column the screen layout reserves.
    expect(report.width, `report width at ${width} px`).toBeGreaterThanOrEqual(0.7 * width);
  }
  // Tables' rows, the PRISMA diagram and quotations are not cut across two pages; a table's header repeats.
  const breaks = await page.evaluate(() =>
    ["tr", '[data-testid="prisma-svg"]', "blockquote"].map((selector) => {
      const element = document.querySelector(selector);
      return `${selector}: ${element ? getComputedStyle(element).breakInside : "missing"}`;
    }),
  );
  expect(breaks).toEqual(["tr: avoid", '[data-testid="prisma-svg"]: avoid', "blockquote: avoid"]);
  expect(await page.evaluate(() => getComputedStyle(document.querySelector("thead")!).display)).toBe(
    "table-header-group",
  );
  // No navigation, buttons or timeline; the collapsed sections print open, the references in full, numbered.
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Export" })).toBeHidden();
  await expect(page.getByTestId("copy-citation").first()).toBeHidden();
  await expect(page.getByTestId("citation-style")).toBeHidden();
  const references = page.getByTestId("section-references").getByTestId("reference");
  await expect(references).toHaveCount(json.report.references.length);
  await expect(references.first()).toBeVisible();
  await expect(references.first()).toContainText(json.report.references[0].title);
  await expect(page.getByTestId("section-conclusion").locator(":scope > div")).toBeVisible();
  // The printed address names the shared copy (the run has a share link), with this server's origin.
  const origin = new URL(page.url()).origin;
  expect(keptLink.startsWith(origin)).toBe(true);
  await expect(page.getByTestId("printed-address")).toHaveText(`Shared copy: ${keptLink}`);

  // The PDF: A4 pages, the same content. The screen layout printed the report as 13 narrow pages.
  const pdf = await page.pdf({ format: "A4" });
  const pages = pdfPages(pdf);
  console.log(`lithium report as A4 PDF: ${pages} pages, ${pdf.length} bytes`);
  expect(pages).toBeGreaterThanOrEqual(2);
  expect(pages).toBeLessThanOrEqual(10);
  await page.emulateMedia({ media: "screen" });
  await page.setViewportSize(DESKTOP);
  await expect(page.getByTestId("printed-address")).toBeHidden();
});

for (const size of [DESKTOP, PHONE]) {
  test(`at ${size.width} px, the cards of the first and the last marker open on screen`, async ({
    page,
    lithiumRun,
  }) => {
    await page.setViewportSize(size);
    await page.goto(`/reports/${lithiumRun}`);
    await page.getByTestId("section-references").locator(":scope > summary").click();
    // Every marker on the page (the answer's opening, the report, the references): the first and the last.
    const markers = page.locator('[data-testid="citation-marker"]:visible');
    expect(await markers.count()).toBeGreaterThan(1);
    for (const marker of [markers.first(), markers.last()]) {
      await marker.scrollIntoViewIfNeeded();
      await marker.click();
      await expect(page.getByTestId("citation-card")).toBeVisible();
      const box = await onScreen(page, "citation-card");
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(size.width);
      expect(box.bottom).toBeLessThanOrEqual(size.height);
      await page.keyboard.press("Escape");
      await expect(page.getByTestId("citation-card")).toHaveCount(0);
    }
    await page.setViewportSize(DESKTOP);
  });
}

test("“Copy citation” puts a reference on the clipboard in Vancouver, then in APA", async ({ page, trialsRun }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto(`/reports/${trialsRun}`);
  await page.getByTestId("section-references").locator(":scope > summary").click();
  const first = page.getByTestId("reference").first();
  await first.getByTestId("copy-citation").click();
  await expect(first.getByTestId("copied-citation")).toBeVisible();
  // A MEDLINE record (PubMed's recorded reply): authors, journal, year, volume, issue, pages, DOI, PMID, PMCID.
  const vancouver =
    "Stringer EJ, Cloke RWG, Van der Meer L, Murphy RA, Macpherson NA, Lum JJ. The Clinical Impact of " +
    "Time-restricted Eating on Cancer: A Systematic Review. Nutr Rev. 2025;83(7):e1660–76. " +
    "doi:10.1093/nutrit/nuae105 PubMed PMID: 39212676; PubMed Central PMCID: PMC12166167.";
  await expect(first.getByTestId("copied-citation")).toHaveText(vancouver);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(vancouver);

  await page.getByTestId("citation-style").selectOption("apa");
  await first.getByRole("button", { name: "Copy citation 1 (APA)" }).click();
  await expect(first.getByTestId("copied-citation")).not.toHaveText(vancouver);
  const apa = (await first.getByTestId("copied-citation").textContent())!;
  console.log(`APA: ${apa}`);
  expect(apa).toMatch(/^Stringer, E\. J\., Cloke, R\. W\. G\., .+ \(2025\)\. The Clinical Impact of Time-restricted/);
  expect(apa).toContain("https://doi.org/10.1093/nutrit/nuae105");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(apa);
  expect(await seriousViolations(page)).toEqual([]);

  // The same record in the BibTeX and RIS exports, downloaded from the Export menu on a desktop and on a phone: a
  // reference manager gets its authors, journal, year and pages.
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    const bib = await download(page, "BibTeX");
    const entry = bib.text.split(/^@/m).find((e) => e.includes("39212676"))!;
    expect(entry, `BibTeX at ${size.width} px`).toMatch(/author = \{Stringer, E\. J\. and Cloke/);
    expect(entry).toMatch(/journal = \{Nutr(ition)? [Rr]ev(iews)?\}/);
    expect(entry).toContain("year = {2025}");
    expect(entry).toMatch(/pages = \{e1660--(e16)?76\}/);
    const ris = (await download(page, "RIS")).text.split(/^ER {2}- .*$/m).find((e) => e.includes("39212676"))!;
    expect(ris, `RIS at ${size.width} px`).toMatch(/^AU {2}- Stringer, E/m);
    expect(ris).toMatch(/^(JO|JF|J2|T2) {2}- Nutr/m);
    expect(ris).toMatch(/^(PY|Y1|DA) {2}- 2025/m);
    expect(ris).toMatch(/^SP {2}- e1660-(e16)?76$/m);
  }
  await page.setViewportSize(DESKTOP);

  // The route answers plainly for a record the report does not have, and for a style it does not know.
  const missing = await page.request.get(`/reports/${trialsRun}/citation?record=nope&style=apa`);
  expect(missing.status()).toBe(404);
  const unknown = await page.request.get(`/reports/${trialsRun}/citation?record=nope&style=harvard`);
  expect(unknown.status()).toBe(400);
});

test("on a 390 px phone the question box is on the first screen, and Enter in it starts the research", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto("/");
  const box = page.getByLabel("Research question");
  const { y, height } = (await box.boundingBox())!;
  expect(y + height).toBeLessThanOrEqual(PHONE.height);
  // Shift+Enter starts a new line; Enter sends, as in the follow-up box.
  await box.fill("Is lithium nephrotoxic,");
  await box.press("Shift+Enter");
  await box.pressSequentially("and by what mechanism?");
  await expect(box).toHaveValue("Is lithium nephrotoxic,\nand by what mechanism?");
  for (const b of await page.getByTestId("research-form").getByRole("checkbox").all()) {
    if ((await b.getAttribute("value")) === "local") await b.check();
    else await b.uncheck();
  }
  await box.press("Enter");
  await page.waitForURL(/\/reports\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("run-status")).toHaveText("completed", { timeout: 60_000 });
  await page.setViewportSize(DESKTOP);
  // The history holds the seeded runs only (reports-history.spec.ts lists them): delete the run this test started.
  const started = page.url().split("/").pop()!;
  await page.goto("/reports");
  const item = page.getByTestId("run-list-item").filter({ has: page.locator(`a[href="/reports/${started}"]`) });
  await item.getByRole("button", { name: /^Delete/ }).click();
  await page.getByRole("dialog", { name: "Delete this run?" }).getByRole("button", { name: "Delete run" }).click();
  await expect(page.locator(`a[href="/reports/${started}"]`)).toHaveCount(0);
});
