import { expect, test, type Page } from "@playwright/test";
import { submitResearch } from "@/e2e/support/research-form";
import { axeAtBothWidths } from "@/e2e/support/seeded-runs";

// The answer first (bottom line, evidence meter, GRADE), a non-drug question answered from its abstract,
// claim-check BibTeX, the 390 px phone layout and the form keeping the user's sources after an error. Exact values
// are read from the run's --json contract, which the page must match.
const LEVODOPA = "Does levodopa cause dyskinesia?";
const INSOMNIA = "Is insomnia with objective short sleep duration associated with incident hypertension?";

/** The parts of the --json contract this spec reads. */
interface RunJson {
  evidence: unknown[];
  report: { references: Array<{ n: number; pmid: string | null }> };
  answer: {
    kind: string;
    verdict: string;
    sentence: string;
    meter: { yes: number; possibly: number; no: number; related: number; unreported: number; irrelevant: number };
  };
  certainty: {
    level: string;
    startReason: string;
    judgements: Array<{ domain: string; down: boolean; reason: string }>;
  };
}

async function finishedRun(page: Page, question: string): Promise<{ runId: string; json: RunJson }> {
  const runId = await submitResearch(page, question, ["local"]);
  await expect(page.getByTestId("run-status")).toHaveText("completed", { timeout: 60_000 });
  await page.reload();
  const json = (await (await page.request.get(`/reports/${runId}/export/json`)).json()) as RunJson;
  return { runId, json };
}

test(
  "the bottom line, evidence meter and GRADE certainty come first, match --json, and a meter segment filters the " +
    "table",
  async ({ page }) => {
    const { json } = await finishedRun(page, LEVODOPA);
    const { answer, certainty } = json;
    const bottom = page.getByTestId("bottom-line");
    await expect(bottom.getByTestId("bottom-line-verdict")).toHaveText(answer.verdict);
    await expect(bottom.getByTestId("bottom-line-sentence")).toHaveText(answer.sentence);
    await expect(bottom.getByTestId("meter-legend")).toHaveText(
      `Yes ${answer.meter.yes}Possibly ${answer.meter.possibly}No ${answer.meter.no}Related evidence ` +
        `${answer.meter.related}Does not report it ${answer.meter.unreported}Not relevant ${answer.meter.irrelevant}`,
    );
    // The bottom line stands above the executive summary.
    const top = (await bottom.boundingBox())!.y;
    expect(top).toBeLessThan((await page.getByRole("heading", { name: "Executive summary" }).boundingBox())!.y);

    await bottom.getByTestId("meter-yes").click();
    await expect(bottom.getByTestId("meter-yes")).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("evidence-row")).toHaveCount(answer.meter.yes);
    await expect(page.getByTestId("evidence-count")).toContainText(
      `${answer.meter.yes} of ${json.evidence.length} records (evidence meter: Yes)`,
    );
    await bottom.getByTestId("meter-yes").click();
    // Unfiltered, the table shows its first 10 rows and offers the rest.
    await expect(page.getByTestId("evidence-row")).toHaveCount(Math.min(10, json.evidence.length));
    await page.getByTestId("evidence-show-all").click();
    await expect(page.getByTestId("evidence-row")).toHaveCount(json.evidence.length);

    const grade = page.getByTestId("grade-certainty");
    await expect(grade.getByTestId("grade-level")).toHaveText(
      certainty.level.charAt(0).toUpperCase() + certainty.level.slice(1),
    );
    // On a desktop the GRADE line is one line: heading, level and "why".
    const headingBox = (await grade.getByRole("heading", { name: "Certainty of evidence (GRADE)" }).boundingBox())!;
    expect((await grade.getByTestId("grade-summary").boundingBox())!.height).toBeLessThan(headingBox.height * 1.6);
    await expect(grade.getByTestId("grade-start")).toHaveText(certainty.startReason);
    const judgements = grade.getByTestId("grade-judgement");
    await expect(judgements).toHaveCount(5);
    for (const [i, j] of certainty.judgements.entries()) {
      await expect(judgements.nth(i)).toHaveAttribute("data-down", String(j.down));
      await expect(judgements.nth(i)).toContainText(j.reason);
    }
    // The whole report page, the bottom line and GRADE line with it: axe at 0 violations of any impact, at 1366 and
    // 390 px.
    expect(
      await axeAtBothWidths(page, "report", async () => {
        await page.reload();
        await expect(bottom.getByTestId("bottom-line-verdict")).toHaveText(answer.verdict);
      }),
    ).toEqual([]);

    // The Markdown export carries the same bottom line above its executive summary.
    const md = await (await page.request.get(page.url() + "/export/markdown")).text();
    expect(md).toContain(`## Bottom line\n\n${answer.sentence}\n`);
    expect(md.indexOf("## Certainty of evidence (GRADE)")).toBeLessThan(md.indexOf("## Executive summary"));
  },
);

test("a question naming no drug gets a report citing the abstract that answers it", async ({ page }) => {
  const { json } = await finishedRun(page, INSOMNIA);
  const own = json.report.references.find((r) => r.pmid === "22892811");
  expect(own).toBeDefined();
  // The record answering it (Penn State Cohort, PMID 22892811) is quoted in the executive summary, as a quotation
  // with its marker and its source.
  const quote = page
    .getByTestId("report")
    .locator("blockquote")
    .filter({ hasText: "Chronic insomnia with short sleep duration" });
  await expect(quote.locator("p").first()).toHaveText(
    `“Chronic insomnia with short sleep duration is associated with an increased risk for incident ` +
      `hypertension in a degree comparable to sleep-disordered breathing.” [${own!.n}]`,
  );
  await expect(quote.locator("p").nth(1)).toHaveText("— Fernandez-Mendoza J et al., Hypertension, 2012");
  await expect(
    page
      .getByTestId("report")
      .getByRole("button", { name: `Reference ${own!.n}` })
      .first(),
  ).toBeVisible();
  expect(json.answer.kind).toBe("yes-no");
});

test("a claim check's BibTeX has one entry per distinct cited record", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("radio", { name: "Check a claim" }).check();
  const form = page.getByTestId("claim-form");
  await form
    .getByLabel("Claim or abstract")
    .fill("Doxorubicin has no effect on the heart. Doxorubicin does not cause cardiomyopathy.");
  for (const box of await form.getByRole("checkbox").all()) {
    if ((await box.getAttribute("value")) === "local") await box.check();
    else await box.uncheck();
  }
  await page.getByRole("button", { name: "Check claim" }).click();
  await page.waitForURL(/\/reports\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("run-status")).toHaveText("completed", { timeout: 60_000 });
  const base = page.url();
  const json = await (await page.request.get(`${base}/export/json`)).json();
  const distinct = new Set(
    (json.claims as Array<{ citations: Array<{ evidenceId: string }> }>).flatMap((c) =>
      c.citations.map((x) => x.evidenceId),
    ),
  );
  expect(distinct.size).toBeGreaterThan(0);
  const bib = await (await page.request.get(`${base}/export/bibtex`)).text();
  expect(bib.match(/^@\w+\{/gm)).toHaveLength(distinct.size);
  await page.reload();
  await page.getByRole("button", { name: "Export" }).click();
  await expect(page.getByRole("menuitem")).toHaveText(["Markdown", "BibTeX", "RIS", "CSL-JSON", "JSON", "Print / PDF"]);
});

test("the research form keeps the user's sources after a validation error", async ({ page }) => {
  await page.goto("/");
  const form = page.getByTestId("research-form");
  await form.getByLabel("Research question").fill("   ");
  for (const box of await form.getByRole("checkbox").all()) {
    if ((await box.getAttribute("value")) === "europepmc") await box.check();
    else await box.uncheck();
  }
  await page.getByRole("button", { name: "Research" }).click();
  await expect(form.getByRole("alert")).toHaveText("Please enter a question.");
  const ticked = async () =>
    (
      await Promise.all(
        (await form.getByRole("checkbox").all()).map(async (b) =>
          (await b.isChecked()) ? b.getAttribute("value") : null,
        ),
      )
    ).filter(Boolean);
  expect(await ticked()).toEqual(["europepmc"]);

  for (const box of await form.getByRole("checkbox").all()) await box.uncheck();
  await form.getByLabel("Research question").fill(LEVODOPA);
  await page.getByRole("button", { name: "Research" }).click();
  await expect(form.getByRole("alert")).toHaveText("Choose at least one source.");
  expect(await ticked()).toEqual([]);
  await expect(form.getByLabel("Research question")).toHaveValue(LEVODOPA);

  // Over 2,000 characters: kept whole, counted, refused with a message.
  await form.getByLabel("Research question").fill("a".repeat(2005));
  await expect(form.getByTestId("char-count")).toHaveText("2,005 / 2,000 characters");
  await expect(form.getByTestId("over-limit")).toHaveText(
    "The question is 2,005 characters; the limit is 2,000. Shorten it by 5.",
  );
  await expect(page.getByRole("button", { name: "Research" })).toBeDisabled();
});

test.describe("on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 3 });

  test("neither a tapped citation card nor the Export menu makes the page scroll sideways", async ({ page }) => {
    await finishedRun(page, LEVODOPA);
    const noSideways = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await noSideways();
    const markers = page.getByTestId("citation-marker");
    for (const i of [0, 2]) {
      await markers.nth(i).tap();
      const card = page.getByTestId("citation-card");
      await expect(card).toBeVisible();
      const box = (await card.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      await noSideways();
      // Close the pinned card (Escape returns focus to its marker) so it does not cover the next marker.
      await page.keyboard.press("Escape");
      await expect(card).toHaveCount(0);
    }
    // The GRADE line: its level and "why" stay together, on the line after the heading at most; GRADE is explained
    // in a card within the screen.
    const grade = page.getByTestId("grade-certainty");
    const level = (await grade.getByTestId("grade-level").boundingBox())!;
    const why = (await grade.getByTestId("grade-why").boundingBox())!;
    expect(Math.abs(level.y + level.height / 2 - (why.y + why.height / 2))).toBeLessThanOrEqual(2);
    const heading = (await grade.getByRole("heading", { name: "Certainty of evidence (GRADE)" }).boundingBox())!;
    expect((await grade.getByTestId("grade-summary").boundingBox())!.height).toBeLessThanOrEqual(heading.height * 2.5);
    await grade.getByTestId("grade-summary").tap();
    await grade.getByTestId("glossary-term").focus();
    const definition = grade.getByTestId("glossary-definition");
    await expect(definition).toBeVisible();
    await expect(definition).toHaveText(/^GRADE rates how sure we can be of a finding, from high to very low/);
    const card = (await definition.boundingBox())!;
    expect(card.x).toBeGreaterThanOrEqual(0);
    expect(card.x + card.width).toBeLessThanOrEqual(390);
    await noSideways();
    await page.keyboard.press("Escape");
    await expect(definition).toBeHidden();
    await page.getByRole("button", { name: "Export" }).tap();
    const menu = page.getByRole("menu", { name: "Export report" });
    await expect(menu).toBeVisible();
    const box = (await menu.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await noSideways();
  });
});
