import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { submitResearch } from "@/e2e/support/research-form";
import { axeAtBothWidths, axeViolations } from "@/e2e/support/seeded-runs";

// The e2e server runs the extractive backend on the real BC5CDR + MEDLINE records, so every answer is exact.
const LITHIUM = "Is lithium nephrotoxic, and by what mechanism?";

test.describe.configure({ mode: "serial" });
let context: BrowserContext;
let page: Page;

test.beforeAll(async ({ browser }) => {
  context = await browser.newContext();
  page = await context.newPage();
});
test.afterAll(async () => context.close());

/** Types a follow-up in the message box and sends it with Enter. */
async function askFollowUp(text: string) {
  const box = page.getByLabel("Ask a follow-up");
  await box.fill(text);
  await box.press("Enter");
}

test("a follow-up on a finished run streams an answer whose [n] citations resolve, and it is saved", async () => {
  await submitResearch(page, LITHIUM, ["local"]);
  await expect(page.getByTestId("run-status")).toHaveText("completed");
  await expect(page.getByTestId("thread-question")).toHaveText(LITHIUM);
  await expect(page.getByTestId("conversation-sidebar").getByTestId("sidebar-conversation").first()).toContainText(
    LITHIUM,
  );

  // Shift+Enter makes a new line, Enter sends.
  const box = page.getByLabel("Ask a follow-up");
  await box.fill("Summarise");
  await box.press("Shift+Enter");
  await box.pressSequentially("reference 3");
  await expect(box).toHaveValue("Summarise\nreference 3");
  await box.press("Enter");
  const answer = page.getByTestId("chat-answer").last();
  await expect(answer.getByTestId("follow-up-kind")).toHaveText(
    "Question about the evidencenames a reference by number",
  );
  await expect(answer.getByTestId("answer-checks")).toContainText(
    "Extractive answer: sentences of this run's evidence (1 record read), no language model.",
  );
  await expect(answer.getByTestId("report").locator("p").first()).toHaveText(
    "Reference [3] is “Hyperosmolar nonketotic coma precipitated by lithium-induced nephrogenic diabetes " +
      "insipidus”, a case report or series [3].",
  );
  // [3] of the answer is [3] of the report, with the same hover card.
  await answer.getByTestId("citation-marker").first().hover();
  await expect(answer.getByTestId("citation-card").getByTestId("citation-title")).toHaveText(
    "[3] Hyperosmolar nonketotic coma precipitated by lithium-induced nephrogenic diabetes insipidus.",
  );
  await expect(answer.getByTestId("citation-card").getByRole("link", { name: "PMID 9538487" })).toHaveAttribute(
    "href",
    "https://pubmed.ncbi.nlm.nih.gov/9538487/",
  );

  await askFollowUp("Which of these studies were in humans?");
  const second = page.getByTestId("chat-answer").nth(1);
  await expect(second.getByTestId("report").locator("p").first()).toHaveText(
    /^By publication types and abstract wording, \d+ of the run's 51 records are studies in humans/,
  );

  await page.reload();
  await expect(page.getByTestId("chat-user-message")).toHaveText([
    "Summarise\nreference 3",
    "Which of these studies were in humans?",
  ]);
  await expect(page.getByTestId("chat-answer")).toHaveCount(2);
  await expect(page.getByTestId("chat-answer").first().getByTestId("report").locator("p").first()).toHaveText(
    "Reference [3] is “Hyperosmolar nonketotic coma precipitated by lithium-induced nephrogenic diabetes " +
      "insipidus”, a case report or series [3].",
  );
});

test("an over-long follow-up is refused with a clear message and its text stays in the box", async () => {
  const box = page.getByLabel("Ask a follow-up");
  await box.fill("x".repeat(2001));
  await expect(page.getByTestId("message-composer")).toContainText("2,001 of 2,000 characters: shorten it to send.");
  await box.press("Enter");
  await expect(page.getByTestId("message-composer").getByRole("alert")).toHaveText(
    "A follow-up can be at most 2,000 characters.",
  );
  await expect(box).toHaveValue("x".repeat(2001));
  await expect(page.getByTestId("chat-user-message")).toHaveCount(2);
  await box.fill("");
});

test("a “look deeper” follow-up adds an iteration and report v2 with a change summary", async () => {
  await askFollowUp("Look deeper into aquaporin");
  const answer = page.getByTestId("chat-answer").last();
  await expect(answer.getByTestId("follow-up-kind")).toHaveText("Request for more researchasks to look deeper");
  // One search, with the run's drug (a question about lithium gains no records on aquaporin alone).
  await expect(answer.getByTestId("research-iteration")).toHaveText(
    new RegExp(
      "^Iteration \\d+ of this run \\(a follow-up\\): searching “lithium aquaporin”, then hypotheses, the judge " +
        "and a revised report\\.$",
    ),
  );
  await expect(answer.getByTestId("search-event").first()).toContainText("lithium aquaporin");
  await expect(answer.getByRole("heading", { name: "Report v2" })).toBeVisible({ timeout: 60_000 });
  const changes = answer.getByTestId("report-changes");
  await expect(changes.getByRole("heading")).toHaveText("What changed from v1 to v2");
  await expect(changes.getByTestId("changes-records")).toHaveText(/^\d+ new records? found$/);
  await expect(changes.getByTestId("changes-confidence")).toHaveText(/^Confidence \d+% → \d+%$/);
  // Report v2 is the page's report now (one version per page); the answer links to it.
  await expect(answer.getByTestId("report-version-open")).toHaveAttribute("href", /\?v=2#report$/);
  await expect(page.getByTestId("report-version-label")).toHaveText(/^Report v2 · /);
  // v2 answers the follow-up from the iteration (lib/chat/follow-up-findings): its new records do not name lithium with
  // aquaporin, so the run's own lithium–aquaporin sentence is quoted, as a quotation.
  const report = page.getByTestId("report-card").getByTestId("report");
  await expect(report).toContainText("The follow-up search on aquaporin found");
  await expect(
    report
      .locator("blockquote")
      .filter({
        hasText:
          "Immunoblotting, immunohistochemistry, and quantitative (q) RT-PCR consistently detected a " +
          "significant decrease in aquaporin-2 (AQP2) protein expression",
      })
      .first(),
  ).toBeAttached();
  // The box opens again once the iteration has ended, and the thread keeps it after a reload.
  await expect(page.getByLabel("Ask a follow-up")).toBeEnabled();
  await page.reload();
  await expect(page.getByTestId("chat-answer").last().getByRole("heading", { name: "Report v2" })).toBeVisible();
  await expect(page.getByTestId("run-status").first()).toHaveText("completed");
});

test("a share link shows the conversation, read-only", async ({ browser }) => {
  await page.getByRole("button", { name: "Share" }).click();
  const link = await page.getByTestId("share-link").inputValue();
  const other = await browser.newContext();
  const shared = await other.newPage();
  await shared.goto(link);
  await expect(shared.getByTestId("thread-question")).toHaveText(LITHIUM);
  await expect(shared.getByTestId("chat-user-message")).toHaveText([
    "Summarise\nreference 3",
    "Which of these studies were in humans?",
    "Look deeper into aquaporin",
  ]);
  await expect(shared.getByTestId("chat-answer").first().getByTestId("report").locator("p").first()).toHaveText(
    "Reference [3] is “Hyperosmolar nonketotic coma precipitated by lithium-induced nephrogenic diabetes " +
      "insipidus”, a case report or series [3].",
  );
  await expect(shared.getByTestId("chat-answer").last().getByRole("heading", { name: "Report v2" })).toBeVisible();
  await expect(shared.getByLabel("Ask a follow-up")).toHaveCount(0);
  await expect(shared.getByTestId("regenerate")).toHaveCount(0);
  // axe at 0 violations of any impact, at 1366 and 390 px.
  expect(
    await axeAtBothWidths(shared, "shared thread", async () => {
      await shared.goto(link);
      await expect(shared.getByTestId("chat-answer")).toHaveCount(3);
    }),
  ).toEqual([]);
  await other.close();
});

test("axe finds no violations on the thread at 1366 and 390 px, the phone's conversation list open too", async () => {
  expect(
    await axeAtBothWidths(page, "thread", async () => {
      await page.reload();
      await expect(page.getByTestId("chat-answer")).toHaveCount(3);
      await expect(page.getByLabel("Ask a follow-up")).toBeEnabled();
    }),
  ).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId("conversation-sidebar")).toBeHidden();
  // On a phone the list opens over the page (the thread does not move down) and closes with Escape.
  const threadTop = async () => (await page.getByTestId("thread-question").boundingBox())!.y;
  const before = await threadTop();
  await page.getByTestId("sidebar-toggle").click();
  await expect(page.getByTestId("conversation-sidebar")).toBeVisible();
  expect(await threadTop()).toBe(before);
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("conversation-sidebar")).toBeHidden();
  await expect(page.getByTestId("sidebar-toggle")).toBeFocused();
  // On a desktop the list stays beside the thread.
  await page.setViewportSize({ width: 1366, height: 768 });
  await expect(page.getByTestId("conversation-sidebar")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("conversation-sidebar")).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 720 });
});
