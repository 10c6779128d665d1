import path from "node:path";
import { expect, test } from "@playwright/test";
import { axeAtBothWidths } from "@/e2e/support/seeded-runs";

// A real PDF (Hindawi's case report of levofloxacin-induced thrombocytopenia, PMC4738914) from ../shared: its
// abstract names no dose; only page 1 of its body says "levofloxacin, 500 mg daily".
const PDF = path.resolve("../shared/fixtures/fulltext/pdf/PMC4738914.pdf");
const TITLE =
  "Probable Levofloxacin-Induced Thrombocytopenia in a Patient Previously on Ciprofloxacin: A Case Report and " +
  "Literature Review";
const QUESTION = "What dose of levofloxacin was given?";

test("a PDF added to My papers is read in full, and a question of one's papers cites its body with the page", async ({
  page,
}) => {
  await page.goto("/papers");
  await expect(page.getByTestId("papers-list")).toContainText("No papers yet.");
  await page.getByTestId("papers-input").setInputFiles(PDF);

  const upload = page.getByTestId("papers-upload-item");
  await expect(upload).toHaveAttribute("data-state", "done");
  await expect(upload.getByTestId("papers-upload-state")).toHaveText("added");
  const paper = page.getByTestId("paper");
  await expect(paper).toHaveCount(1);
  await expect(paper.getByTestId("paper-title")).toHaveText(TITLE);
  await expect(paper).toContainText(/PMC4738914\.pdf · PDF · 496 kB · 3 pages · \d+ passages/);

  // Asked of one's papers only (the source "My papers"): the run reads the PDF's passages, not the library.
  const ask = page.getByTestId("papers-ask");
  await ask.getByRole("textbox").fill(QUESTION);
  await ask.getByRole("button", { name: "Ask" }).click();
  await expect(page).toHaveURL(/\/reports\/[\w-]+$/);
  await expect(page.getByTestId("run-question")).toHaveText(QUESTION);
  await expect(page.getByTestId("run-status")).toHaveText("completed", { timeout: 60_000 });

  // The report quotes the body sentence with the dose, its reference marker and where it stands in the PDF.
  const report = page.getByTestId("report");
  await expect(report).toContainText("Read in full: 1 of 1 records");
  const quoted = report.getByText(/switched to oral levofloxacin, 500 mg daily/).first();
  await expect(quoted).toContainText(/\[1\] \(full text, 1\. Case, page 1\)/);
  // The marker's reference is the uploaded paper.
  await report.getByTestId("section-references").locator(":scope > summary").click();
  await expect(report.getByTestId("section-references")).toContainText(TITLE);

  // The evidence table says the record was read in full.
  await expect(page.getByTestId("evidence-row").getByTestId("evidence-reading")).toHaveText(["Full text"]);

  // The card of the marker that cites the dose shows the passage's place and the cited sentence marked, and opens
  // the full text at that passage.
  const summary = report.locator("p", { hasText: "500 mg daily" }).first();
  const marker = summary.getByTestId("citation-marker").last();
  await marker.click();
  const card = page.getByTestId("citation-card");
  await expect(card.getByTestId("citation-passage-place")).toHaveText("Full text, 1. Case, page 1");
  await expect(card.getByTestId("citation-passage-sentence")).toContainText(
    "switched to oral levofloxacin, 500 mg daily",
  );
  await card.getByTestId("citation-passage-open").click();
  await expect(page).toHaveURL(/\/reports\/[\w-]+\/full-text\/[^#]+#passage-[\w-]+page1-\d+$/);
  await expect(page.getByTestId("full-text-title")).toHaveText(TITLE);
  const target = page.locator("[data-testid=full-text-passage]:target");
  await expect(target).toContainText("500 mg daily");
  await expect(target.getByTestId("full-text-highlight")).toContainText("500 mg daily");
  // The full-text page, then My papers with the paper listed, pass axe at 1366 and 390 px.
  const found = await axeAtBothWidths(page, "full text", async () => {
    await page.reload();
    await expect(target.getByTestId("full-text-highlight")).toContainText("500 mg daily");
  });

  // "Ask this paper" from its row: the follow-up box names the paper, and the answer quotes that paper's body only.
  await page.goBack();
  await page.getByTestId("evidence-row").getByTestId("ask-paper").click();
  const box = page.getByLabel("Ask a follow-up");
  await expect(box).toHaveValue("Reference [1]: ");
  await expect(box).toBeFocused();
  await box.pressSequentially("how did the platelet count change?");
  await box.press("Enter");
  const answer = page.getByTestId("chat-answer").last().getByTestId("report");
  await expect(answer.locator("p").first()).toHaveText(
    /^\d passages of reference \[1\] bear on this, in its own words \[1\]:$/,
  );
  await expect(answer.locator("li").first()).toContainText("platelet count");
  await expect(answer.locator("li")).not.toHaveCount(0);
  for (const item of await answer.locator("li").allTextContents())
    expect(item).toMatch(/\[1\] \(full text, .*page \d\)$/);
  found.push(
    ...(await axeAtBothWidths(page, "My papers", async () => {
      await page.goto("/papers");
      await expect(page.getByTestId("paper")).toHaveCount(1);
    })),
  );
  expect(found).toEqual([]);
});
