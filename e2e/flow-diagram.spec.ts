import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { submitResearch } from "@/e2e/support/research-form";

// The PRISMA 2020 flow diagram of a finished run: its text carries the same counts as the run's --json contract,
// the "PRISMA (SVG)" export downloads the same figure, and axe finds nothing serious in it.
const LITHIUM = "Is lithium nephrotoxic, and by what mechanism?";

test("the PRISMA figure's counts equal the --json counts, and it downloads as SVG", async ({ page }) => {
  const runId = await submitResearch(page, LITHIUM, ["local"]);
  await expect(page.getByTestId("run-status")).toHaveText("completed", { timeout: 60_000 });
  await page.reload();

  const json = await (await page.request.get(`/reports/${runId}/export/json`)).json();
  const p = json.prisma as {
    identified: { local: number };
    duplicatesRemoved: number;
    screened: number;
    excluded: Array<{ reason: string; n: number }>;
    included: number;
    cited: number;
  };
  const excluded = p.excluded.reduce((s, r) => s + r.n, 0);
  // The diagram is under "How this report was made", collapsed by default.
  await page.getByTestId("report-method").locator(":scope > summary").click();
  const figure = page.getByTestId("prisma-figure");
  await expect(figure.getByRole("img")).toHaveAttribute(
    "aria-label",
    `PRISMA 2020 flow diagram: ${p.identified.local} records identified, ${p.duplicatesRemoved} duplicates ` +
      `removed, ${p.screened} screened, ${excluded} excluded, ${p.included} included, ${p.cited} of them cited in ` +
      `the report.`,
  );
  const boxes = figure.getByTestId("prisma-box");
  await expect(boxes.nth(0)).toContainText(
    `Records identified (n = ${p.identified.local})Local library: n = ${p.identified.local}`,
  );
  await expect(boxes.nth(2)).toContainText(`Records screened (n = ${p.screened})`);
  await expect(boxes.nth(3)).toContainText(`Records excluded (n = ${excluded})`);
  const countedOnly = p.included - p.cited;
  await expect(boxes.nth(4)).toHaveText(
    `Records included (n = ${p.included})Cited in the report: n = ${p.cited}` +
      (countedOnly > 0 ? `Counted in the bottom line: n = ${countedOnly}` : ""),
  );
  expect(p.cited).toBe(json.report.references.length);
  // Excluded records are excluded for an eligibility reason, never for not being cited.
  expect(p.excluded.map((r) => r.reason)).toEqual(["does not bear on the question"]);

  await page.getByRole("button", { name: "Export" }).click();
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("menuitem", { name: "PRISMA (SVG)", exact: true }).click(),
  ]);
  expect(file.suggestedFilename()).toBe("critica-lithium-and-nephrotoxicity-mechanism-and-evidence-prisma.svg");
  const svg = fs.readFileSync((await file.path())!, "utf8");
  expect(
    svg.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" role="img"'),
  ).toBe(true);
  expect(svg).toContain(`>Records included (n = ${p.included})</text>`);

  const { violations } = await new AxeBuilder({ page }).include('[data-testid="prisma-figure"]').analyze();
  expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
});
