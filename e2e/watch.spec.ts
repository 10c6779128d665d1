import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { dayOf, NEW_TRIAL, newTrialArticle, WATCH_QUESTION } from "@/tests/support/watch-scenario";
import { submitResearch } from "@/e2e/support/research-form";
import { axeAtBothWidths, VIEWPORTS } from "@/e2e/support/seeded-runs";

// A watched question in the browser: the owner watches a finished run (PubMed on the loopback fixture server), the
// watches' clock moves a week ahead (the file CRITICA_TEST_CLOCK_FILE of the e2e server) after a new randomized trial
// appeared in the fixture source, and the header's bell counts one unread notification, which opens the report's v2
// with its change summary first; the same controls and summary at a phone's 390 px.
const CLOCK = `data/${process.env.E2E_ID ?? "e2e"}-clock.json`;
const FIXTURES = `http://127.0.0.1:${process.env.E2E_FIXTURE_PORT ?? process.env.E2E_SLOW_EUTILS_PORT ?? 4011}`;
const WEEK_MS = 7 * 86_400_000;
const TRIAL =
  "Analgesic effect of intravenous ketamine in cancer patients on morphine therapy: a randomized, controlled, " +
  "double-blind, crossover, double-dose study.";

test.describe.configure({ mode: "serial" });
test.beforeAll(() => fs.writeFileSync(CLOCK, JSON.stringify({ offsetMs: 0 })));
test.afterAll(async () => {
  fs.writeFileSync(CLOCK, JSON.stringify({ offsetMs: 0 }));
  // The specs that follow search the same fixture PubMed: it answers as recorded again, without the added trial.
  expect(
    (await fetch(`${FIXTURES}/_control`, { method: "POST", body: JSON.stringify({ op: "restore" }) })).status,
  ).toBe(200);
});

/** The horizontal overflow of the page in px (0 when nothing is wider than the viewport). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test("watch a run, be told of a new trial, read the change summary, pause and delete (also at 390 px)", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const runId = await submitResearch(page, WATCH_QUESTION, ["pubmed"]);
  await expect(page.getByTestId("run-status")).toHaveText("completed", { timeout: 90_000 });

  const panel = page.getByTestId("watch-panel");
  await expect(panel.getByRole("heading", { name: "Watch this question" })).toBeVisible();
  await panel.getByLabel("Cadence").selectOption("weekly");
  await panel.getByTestId("watch-start").click();
  await expect(panel.getByTestId("watch-status")).toHaveText("Watching weekly");
  await expect(panel.getByTestId("watch-sources")).toHaveText("PubMed");
  await expect(panel.getByTestId("watch-cost")).toHaveText("No model calls over 0 checks");
  await expect(panel.getByText("No check yet.")).toBeVisible();
  await expect(page.getByTestId("unread-count")).toHaveCount(0);

  // A new randomized trial appears in PubMed; a week passes on the watches' clock.
  const clock = JSON.parse(fs.readFileSync(CLOCK, "utf8")) as { offsetMs: number };
  const added = await fetch(`${FIXTURES}/_control`, {
    method: "POST",
    body: JSON.stringify({
      op: "add-pubmed",
      xml: newTrialArticle(),
      modified: dayOf(new Date(Date.now() + clock.offsetMs)),
    }),
  });
  expect(added.status).toBe(200);
  fs.writeFileSync(CLOCK, JSON.stringify({ offsetMs: clock.offsetMs + WEEK_MS + 60_000 }));
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("unread-count")).toHaveText("1", { timeout: 1_000 });
  }).toPass({ timeout: 90_000 });
  await expect(page.getByTestId("notification-bell")).toHaveAccessibleName("Notifications, 1 unread");
  const check = panel.getByTestId("watch-check");
  await expect(check).toHaveCount(1);
  await expect(check.getByTestId("watch-check-headline")).toHaveText(/: 1 new randomized trial$/);
  const headline = await check.getByTestId("watch-check-headline").textContent();

  // The notification opens v2, which opens with what changed.
  await page.getByTestId("notification-bell").click();
  await expect(page.getByTestId("notification-body")).toHaveText([headline!]);
  await page.getByTestId("notification").getByRole("link").click();
  await page.waitForURL(`**/reports/${runId}/versions/2`);
  const summary = page.getByTestId("change-summary");
  await expect(summary.getByTestId("change-headline")).toHaveText(headline!);
  // Its stance as lib/reading/read.ts reads it here: the e2e library's dictionary annotates ketamine and pain,
  // so the relation model reads it (without a library, the finding cues read "yes": watch-restart.test.ts).
  await expect(summary.getByTestId("change-new-records").getByRole("listitem")).toHaveText([
    `PMID 11027905 ${TRIAL} (randomized trial) possibly yes · cited in this version`,
  ]);
  await expect(page.getByTestId("unread-count")).toHaveCount(0);

  // At a phone's width: the summary, the bell and the watch controls fit the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(summary).toBeVisible();
  expect(await overflow(page)).toBe(0);
  await page.goto(`/reports/${runId}`);
  await expect(panel.getByTestId("watch-controls")).toBeVisible();
  await expect(page.getByTestId("notification-bell")).toBeVisible();
  expect(await overflow(page)).toBe(0);

  // Pause, resume, then delete from the page.
  await panel.getByRole("button", { name: "Pause" }).click();
  await expect(panel.getByTestId("watch-status")).toHaveText("Paused");
  await panel.getByRole("button", { name: "Resume" }).click();
  await expect(panel.getByTestId("watch-status")).toHaveText("Watching weekly");
  page.once("dialog", (dialog) => void dialog.accept());
  await panel.getByRole("button", { name: "Delete watch" }).click();
  await expect(panel.getByTestId("watch-start")).toBeVisible();
});

test("'Check now' checks at once and writes a new report version when the library changed, at 1366 and 390 px", async ({
  page,
}) => {
  test.setTimeout(240_000);
  // The fixture PubMed answers as recorded (the test above added its trial), so this run does not have the trial.
  const control = (body: object) => fetch(`${FIXTURES}/_control`, { method: "POST", body: JSON.stringify(body) });
  expect((await control({ op: "restore" })).status).toBe(200);
  await page.setViewportSize(VIEWPORTS[0]);
  const runId = await submitResearch(page, WATCH_QUESTION, ["pubmed"]);
  await expect(page.getByTestId("run-status")).toHaveText("completed", { timeout: 90_000 });
  const panel = page.getByTestId("watch-panel");
  const explanation =
    "A check searches the watched sources for records added or updated since the last check; when the evidence " +
    "changed, Critica writes a new version of this report and tells you.";
  await expect(panel.getByTestId("watch-explanation")).toHaveText(explanation);
  await panel.getByTestId("watch-start").click();
  await expect(panel.getByTestId("watch-status")).toHaveText("Watching weekly");
  await expect(panel.getByTestId("watch-check-now")).toHaveText("Check now");
  const today = () => {
    const clock = JSON.parse(fs.readFileSync(CLOCK, "utf8")) as { offsetMs: number };
    return dayOf(new Date(Date.now() + clock.offsetMs));
  };
  const checks = panel.getByTestId("watch-check");
  const headlines = checks.getByTestId("watch-check-headline");

  // At 1366 px: a new randomized trial appears in PubMed; no time passes: the owner checks now.
  expect((await control({ op: "add-pubmed", xml: newTrialArticle(), modified: today() })).status).toBe(200);
  await panel.getByTestId("watch-check-now").click();
  await expect(checks).toHaveCount(1, { timeout: 90_000 });
  await expect(headlines).toHaveText([/: 1 new randomized trial$/], { timeout: 90_000 });
  await expect(checks.getByRole("link", { name: "Report v2" })).toHaveAttribute("href", `/reports/${runId}/versions/2`);
  await expect(panel.getByTestId("watch-check-now")).toHaveText("Check now");
  expect(await overflow(page)).toBe(0);

  // At 390 px: the trial is retracted; "Check now" writes v3, newest first.
  await page.setViewportSize(VIEWPORTS[1]);
  await expect(panel.getByTestId("watch-explanation")).toHaveText(explanation);
  const retract = { op: "retract-pubmed", pmid: NEW_TRIAL.pmid, noticePmid: NEW_TRIAL.retractionNoticePmid };
  expect((await control({ ...retract, modified: today() })).status).toBe(200);
  await panel.getByTestId("watch-check-now").click();
  await expect(checks).toHaveCount(2, { timeout: 90_000 });
  await expect(headlines.first()).toHaveText(new RegExp(`: PMID ${NEW_TRIAL.pmid} retracted$`), { timeout: 90_000 });
  await expect(checks.first().getByRole("link", { name: "Report v3" })).toHaveAttribute(
    "href",
    `/reports/${runId}/versions/3`,
  );
  expect(await overflow(page)).toBe(0);

  // The report with its watch, the new version and the notifications pass axe at both widths.
  const found = [
    ...(await axeAtBothWidths(page, "report with its watch", () => page.goto(`/reports/${runId}`))),
    ...(await axeAtBothWidths(page, "version 3", () => page.goto(`/reports/${runId}/versions/3`))),
    ...(await axeAtBothWidths(page, "notifications", () => page.goto("/notifications"))),
  ];
  expect(found).toEqual([]);

  // The new version opens with what changed.
  await page.goto(`/reports/${runId}`);
  await checks.first().getByRole("link", { name: "Report v3" }).click();
  await page.waitForURL(`**/reports/${runId}/versions/3`);
  await expect(page.getByTestId("change-summary").getByTestId("change-headline")).toHaveText(
    new RegExp(`: PMID ${NEW_TRIAL.pmid} retracted$`),
  );
  await page.goto(`/reports/${runId}`);
  page.once("dialog", (dialog) => void dialog.accept());
  await panel.getByRole("button", { name: "Delete watch" }).click();
  await expect(panel.getByTestId("watch-start")).toBeVisible();
});
