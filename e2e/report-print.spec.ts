import type { Page } from "@playwright/test";
import { readPdfText } from "@/lib/library/pdf/extract";
import { ask, axeViolations, download, expect, test } from "@/e2e/support/seeded-runs";

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

/** The width of an A4 page's text column in CSS px: 210 mm less the print stylesheet's 14 mm side margins. */
const A4_TEXT_WIDTH = Math.round(((210 - 2 * 14) / 25.4) * 96);

/**
 * For each table and the PRISMA diagram of the report printed at the viewport's width: "<what>: <right edge> of
 * <column's right edge>" when it sticks out of the report's column (and would be cut at the page's edge); empty when
 * all fit. Measured with print media on.
 */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const column = document.querySelector('[data-testid="report"]')!.getBoundingClientRect();
    const parts = [...document.querySelectorAll('main table:not(.sr-only), main [data-testid="prisma-svg"]')];
    return parts
      .map((el) => ({ what: el.tagName.toLowerCase(), box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.left < column.left - 0.5 || box.right > column.right + 0.5 || box.width === 0)
      .map(({ what, box }) => `${what}: ${box.left}–${box.right} of ${column.left}–${column.right}`);
  });
}

test("“Export → Print / PDF” on a 390 px phone prints A4 pages: a full text column, nothing cut off", async ({
  page,
  lithiumRun,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto(`/reports/${lithiumRun}`);
  // The browser's print dialog cannot be driven from a test: window.print is replaced by a counter, and the page is
  // then printed as that dialog prints it (Chromium's PDF of the page in print media, on A4).
  await page.evaluate(() => {
    const w = window as unknown as { printed: number };
    w.printed = 0;
    window.print = () => void (w.printed += 1);
  });
  await page.getByRole("button", { name: "Export" }).click();
  await page.getByRole("menuitem", { name: "Print / PDF" }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await expect(page.getByRole("menu")).toHaveCount(0);
  // The collapsed sections are opened for the print.
  expect(
    await page.evaluate(() =>
      [...document.querySelectorAll("details.report-section")].map((d) => d.hasAttribute("open")),
    ),
  ).not.toContain(false);

  await page.emulateMedia({ media: "print" });
  // Laid out at the phone's width and at an A4 page's text width, the tables and the PRISMA diagram stay whole
  // inside the report's column, which takes the page.
  for (const width of [PHONE.width, A4_TEXT_WIDTH]) {
    await page.setViewportSize({ width, height: 1100 });
    expect((await page.getByTestId("report").boundingBox())!.width).toBeGreaterThanOrEqual(0.7 * width);
    expect(await page.locator("main table").count()).toBeGreaterThan(0);
    await expect(page.getByTestId("prisma-svg")).toBeVisible();
    expect(await overflowing(page), `tables and PRISMA diagram at ${width} px`).toEqual([]);
  }
  await page.setViewportSize(PHONE);

  const pdf = await page.pdf({ format: "A4" });
  const pages = pdfPages(pdf);
  console.log(`lithium report printed from a 390 px phone as A4 PDF: ${pages} pages, ${pdf.length} bytes`);
  expect(pages).toBeGreaterThanOrEqual(2);
  expect(pages).toBeLessThanOrEqual(10);
  const text = await readPdfText(new Uint8Array(pdf));
  expect(text.pages).toHaveLength(pages);
  // The text column: from the leftmost to the rightmost line edge, at least 70% of the page; no line runs off it.
  const lines = text.pages.flatMap((p) => p.lines.map((l) => ({ ...l, page: p.number, pageWidth: p.width })));
  const left = Math.min(...lines.map((l) => l.x0));
  const right = Math.max(...lines.map((l) => l.x1));
  console.log(`text column ${left.toFixed(1)}–${right.toFixed(1)} pt of ${text.pages[0].width.toFixed(1)} pt`);
  expect(right - left).toBeGreaterThanOrEqual(0.7 * text.pages[0].width);
  expect(lines.filter((l) => l.x0 < 0 || l.x1 > l.pageWidth).map((l) => l.text)).toEqual([]);
  // The PRISMA diagram is whole, on one page: every label of its boxes is printed on the same page. (Its stage names,
  // written sideways, are not read: readPdfText keeps horizontal text only.)
  const labels = await page
    .getByTestId("prisma-svg")
    .locator("text:not([transform*=rotate])")
    .evaluateAll((els) => els.map((e) => e.textContent!.trim()).filter(Boolean));
  expect(labels.length).toBeGreaterThan(3);
  const pageText = text.pages.map((p) => p.lines.map((l) => l.text).join("\n"));
  const where = labels.map((label) => pageText.flatMap((t, i) => (t.includes(label) ? [i + 1] : [])));
  const first = where[0];
  expect(first, `the page printing “${labels[0]}”`).toHaveLength(1);
  expect(Object.fromEntries(labels.map((label, i) => [label, where[i]]))).toEqual(
    Object.fromEntries(labels.map((label) => [label, first])),
  );
  await page.emulateMedia({ media: "screen" });
  await page.setViewportSize(DESKTOP);
});

/** Opens the report of run `runId` at `size` with its reference list unfolded. */
async function openReferences(page: Page, size: { width: number; height: number }, runId: string): Promise<void> {
  await page.setViewportSize(size);
  await page.goto(`/reports/${runId}`);
  await page.getByTestId("section-references").locator(":scope > summary").click();
}

for (const size of [DESKTOP, PHONE]) {
  test(`at ${size.width} px, the cards of the first and the last marker open on screen`, async ({
    page,
    lithiumRun,
  }) => {
    await openReferences(page, size, lithiumRun);
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

// The trials report's reference 1, a MEDLINE record (PubMed's recorded reply): authors, journal, year, volume, issue,
// pages, DOI, PMID, PMCID; cited in full in each style (citation-js's CSL styles).
const VANCOUVER =
  "Stringer EJ, Cloke RWG, Van der Meer L, Murphy RA, Macpherson NA, Lum JJ. The Clinical Impact of " +
  "Time-restricted Eating on Cancer: A Systematic Review. Nutr Rev. 2025;83(7):e1660–76. " +
  "doi:10.1093/nutrit/nuae105 PubMed PMID: 39212676; PubMed Central PMCID: PMC12166167.";
const APA =
  "Stringer, E. J., Cloke, R. W. G., Van der Meer, L., Murphy, R. A., Macpherson, N. A., & Lum, J. J. (2025). The " +
  "Clinical Impact of Time-restricted Eating on Cancer: A Systematic Review. Nutrition Reviews, 83(7), " +
  "e1660–e1676. https://doi.org/10.1093/nutrit/nuae105";

/**
 * Chooses `style` and clicks reference `n`'s "Copy citation" (checking, at the page's width, that the control is on
 * screen, not covered and at least 24 × 24 px, WCAG 2.2's minimum target size); returns the text shown as copied and
 * the clipboard's text (emptied first, so a stale copy cannot pass).
 */
async function copyReference(
  page: Page,
  n: number,
  style: "vancouver" | "apa",
): Promise<{ shown: string; clipboard: string }> {
  const width = page.viewportSize()!.width;
  await page.evaluate(() => navigator.clipboard.writeText(""));
  await page.getByTestId("citation-style").selectOption(style);
  // The list is numbered as the markers, 1 to N in order.
  const item = page.getByTestId("reference").nth(n - 1);
  const button = item.getByRole("button", { name: `Copy citation ${n} (${style === "apa" ? "APA" : "Vancouver"})` });
  for (const control of [page.getByTestId("citation-style"), button]) {
    await control.scrollIntoViewIfNeeded();
    const box = (await control.boundingBox())!;
    expect(box.x, `left edge at ${width} px`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `right edge at ${width} px`).toBeLessThanOrEqual(width);
    expect(box.width).toBeGreaterThanOrEqual(24);
    expect(box.height).toBeGreaterThanOrEqual(24);
    // What a tap at its centre hits is the control itself (nothing sticky covers it).
    const hit = await control.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return el.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
    });
    expect(hit, `${await control.getAttribute("data-testid")} uncovered at ${width} px`).toBe(true);
  }
  await button.click();
  await expect(item.getByTestId("copy-citation")).toHaveText(/^Copied/);
  const shown = (await item.getByTestId("copied-citation").textContent())!;
  // The citation shown under the reference stays within the screen (no sideways scroll on a phone).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  return { shown, clipboard: await page.evaluate(() => navigator.clipboard.readText()) };
}

for (const size of [DESKTOP, PHONE]) {
  test(`at ${size.width} px, “Copy citation” copies a MEDLINE record's full reference, Vancouver then APA`, async ({
    page,
    trialsRun,
  }) => {
    await openReferences(page, size, trialsRun);
    const vancouver = await copyReference(page, 1, "vancouver");
    console.log(`Vancouver at ${size.width} px: ${vancouver.clipboard}`);
    expect(vancouver).toEqual({ shown: VANCOUVER, clipboard: VANCOUVER });
    const apa = await copyReference(page, 1, "apa");
    console.log(`APA at ${size.width} px: ${apa.clipboard}`);
    expect(apa).toEqual({ shown: APA, clipboard: APA });
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(DESKTOP);
  });
}

/**
 * Deletes run `runId` from the history (the history holds the seeded runs only: reports-history.spec.ts lists them).
 */
async function deleteRun(page: Page, runId: string): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await page.goto("/reports");
  const item = page.getByTestId("run-list-item").filter({ has: page.locator(`a[href="/reports/${runId}"]`) });
  await item.getByRole("button", { name: /^Delete/ }).click();
  await page.getByRole("dialog", { name: "Delete this run?" }).getByRole("button", { name: "Delete run" }).click();
  await expect(page.locator(`a[href="/reports/${runId}"]`)).toHaveCount(0);
}

// A record of the local library's MEDLINE sample (../shared/fixtures/corpus/medline16n0902_sample_604.xml), cited by a
// run on that library: the Penn State Cohort paper, PMID 22892811, 7 authors, Hypertension 2012;60(4):929-35.
const INSOMNIA = "Is insomnia with objective short sleep duration associated with incident hypertension?";
const PENN_STATE = {
  // Vancouver (ICMJE/NLM): the first six of more than six authors, then "et al.".
  vancouver:
    "Fernandez-Mendoza J, Vgontzas AN, Liao D, Shaffer ML, Vela-Bueno A, Basta M, et al. Insomnia with objective " +
    "short sleep duration and incident hypertension: the Penn State Cohort. Hypertension. 2012;60(4):929–35. " +
    "doi:10.1161/HYPERTENSIONAHA.112.193268 PubMed PMID: 22892811; PubMed Central PMCID: PMC3679545.",
  // APA 7: every author up to 20.
  apa:
    "Fernandez-Mendoza, J., Vgontzas, A. N., Liao, D., Shaffer, M. L., Vela-Bueno, A., Basta, M., & Bixler, E. O. " +
    "(2012). Insomnia with objective short sleep duration and incident hypertension: the Penn State Cohort. " +
    "Hypertension, 60(4), 929–935. https://doi.org/10.1161/HYPERTENSIONAHA.112.193268",
};

test("at 390 px, a MEDLINE record of the local library is copied complete in Vancouver, then APA", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const runId = await ask(page, INSOMNIA, ["local"]);
  const json = (await (await page.request.get(`/reports/${runId}/export/json`)).json()) as {
    report: { references: Array<{ n: number; pmid: string | null }> };
  };
  const n = json.report.references.find((r) => r.pmid === "22892811")!.n;
  await openReferences(page, PHONE, runId);
  const vancouver = await copyReference(page, n, "vancouver");
  console.log(`Vancouver at 390 px: ${vancouver.clipboard}`);
  expect(vancouver).toEqual({ shown: PENN_STATE.vancouver, clipboard: PENN_STATE.vancouver });
  const apa = await copyReference(page, n, "apa");
  console.log(`APA at 390 px: ${apa.clipboard}`);
  expect(apa).toEqual({ shown: PENN_STATE.apa, clipboard: PENN_STATE.apa });
  await deleteRun(page, runId);
});

test("BibTeX and RIS carry a MEDLINE record's authors, journal, year and pages, at 1366 and 390 px", async ({
  page,
  trialsRun,
}) => {
  await page.goto(`/reports/${trialsRun}`);
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
  // The history holds the seeded runs only: delete the run this test started.
  await deleteRun(page, page.url().split("/").pop()!);
});
