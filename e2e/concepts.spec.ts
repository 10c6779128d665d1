import { expect, test, type Page } from "@playwright/test";
import { submitResearch } from "@/e2e/support/research-form";

// Questions read in concepts (MeSH 2024, Disease Ontology) on the demo library (BC5CDR + MEDLINE): a class covers its
// members, a disease its narrower concepts, a related condition is related evidence; a question outside the
// biomedical literature gets one short paragraph. Exact values come from the run's --json contract.

/** The parts of the --json contract this spec reads. */
interface RunJson {
  answer: { verdict: string | null; sentence: string; meter: Record<string, number> };
  reading: { proposition: string; concepts: Array<{ written: string; id: string; kind: string }>; vocabulary: string };
  readings: Array<{
    evidenceId: string;
    stance: string;
    reason: string;
    match: Array<{ written: string; kind: string; via: string | null }>;
  }>;
  evidence: Array<{ id: string; citation: { title: string } }>;
  hypotheses: Array<{ assessment: { primaryHypothesis: { target: string; targetSymbol: string | null } | null } }>;
}

async function finishedRun(page: Page, question: string): Promise<RunJson> {
  const runId = await submitResearch(page, question, ["local"]);
  await expect(page.getByTestId("run-status")).toHaveText("completed", { timeout: 60_000 });
  await page.reload();
  return (await (await page.request.get(`/reports/${runId}/export/json`)).json()) as RunJson;
}

const reading = (json: RunJson, pmid: string) => json.readings.find((r) => r.evidenceId === `pmid:${pmid}`)!;
const title = (json: RunJson, pmid: string) => json.evidence.find((e) => e.id === `pmid:${pmid}`)!.citation.title;

test("amiodarone, pulmonary fibrosis: amiodarone lung records are related evidence, named in the bottom line", async ({
  page,
}) => {
  const json = await finishedRun(page, "Does amiodarone cause pulmonary fibrosis, and by what mechanism?");
  expect(json.reading.concepts.map((c) => c.id)).toEqual(["D000638", "D011658"]);
  expect(json.answer.sentence).toMatch(
    new RegExp(
      "^Unclear: no record reports pulmonary fibrosis itself; \\d+ report amiodarone and a related condition " +
        "\\(.*pneumonitis.*; under Lung Diseases\\)",
    ),
  );
  // PMID 1595783, "Amiodarone pulmonary toxicity": related evidence, no longer "does not name both".
  expect(reading(json, "1595783")).toMatchObject({ stance: "related" });
  const bottom = page.getByTestId("bottom-line");
  await expect(bottom.getByTestId("bottom-line-sentence")).toHaveText(json.answer.sentence);
  await bottom.getByTestId("meter-related").click();
  await expect(page.getByTestId("evidence-row")).toHaveCount(json.answer.meter.related);
  const row = page.getByTestId("evidence-row").filter({ hasText: title(json, "1595783") });
  await expect(row.getByTestId("evidence-stance")).toContainText("Related evidence");
  await expect(row.getByTestId("evidence-stance-reason")).toHaveText(reading(json, "1595783").reason);
  // The timeline's Question line names the concepts read and the vocabulary's version.
  await expect(page.getByTestId("question-concepts").first()).toContainText(
    "pulmonary fibrosis = Pulmonary Fibrosis (D011658) · MeSH 2024 · Disease Ontology 2016-09-01",
  );
});

test("statins and myopathy: lovastatin records answer for the class, and the mechanism starts at HMGCR", async ({
  page,
}) => {
  const json = await finishedRun(page, "Is there evidence that statins cause myopathy?");
  expect(json.reading.concepts[0]).toMatchObject({ written: "statins", id: "D019161", kind: "class" });
  expect(json.answer.verdict).toBe("yes");
  // PMID 8480959, the EXCEL trial (lovastatin up to 80 mg): yes, lovastatin read as a member of the class.
  expect(reading(json, "8480959")).toMatchObject({
    stance: "yes",
    match: [{ written: "lovastatin", kind: "narrower" }, { kind: "exact" }],
  });
  expect(json.readings.filter((r) => r.stance === "no")).toEqual([]);
  const primary = json.hypotheses.at(-1)!.assessment.primaryHypothesis!;
  expect(primary).toMatchObject({ target: "HMGCR", targetSymbol: "HMGCR" });
  const row = page.getByTestId("evidence-row").filter({ hasText: title(json, "8480959") });
  await page.getByTestId("bottom-line").getByTestId("meter-yes").click();
  await expect(row.getByTestId("evidence-stance")).toContainText("Yes");
  await expect(page.getByTestId("question-concepts").first()).toContainText(
    "statins = Hydroxymethylglutaryl-CoA Reductase Inhibitors (D019161, a class)",
  );
});

test("a question outside the biomedical literature is answered in one short paragraph, with no report body", async ({
  page,
}) => {
  const json = await finishedRun(page, "What is the best pizza topping?");
  expect(json.answer).toMatchObject({ verdict: null });
  expect(json.answer.sentence).toBe(
    "Outside the biomedical literature: it names no chemical, drug, disease, gene, biological process or clinical " +
      "outcome; no record found bears on it.",
  );
  const report = page.getByTestId("report");
  await expect(report.getByRole("heading", { level: 1 })).toHaveText(
    "Outside the biomedical literature: What is the best pizza topping?",
  );
  const paragraph = report.getByTestId("out-of-scope");
  await expect(paragraph).toContainText("This question is outside what the biomedical literature answers");
  // One paragraph: no bottom line, no sections, no quotations, no evidence table.
  await expect(report.locator("p")).toHaveCount(1);
  await expect(report.locator("blockquote")).toHaveCount(0);
  await expect(report.getByRole("heading", { name: "Executive summary" })).toHaveCount(0);
  await expect(page.getByTestId("bottom-line")).toHaveCount(0);
  await expect(page.getByTestId("evidence-row")).toHaveCount(0);
});

test("a claim typed into the research box is offered as a claim check", async ({ page }) => {
  await page.goto("/");
  await page.getByLabel("Research question").fill("Amiodarone causes hypothyroidism.");
  const offer = page.getByTestId("claim-offer");
  await expect(offer).toContainText("This reads as a claim rather than a question");
  await page.getByLabel("Research question").fill("Does amiodarone cause hypothyroidism?");
  await expect(offer).toHaveCount(0);
  await page.getByLabel("Research question").fill("Amiodarone causes hypothyroidism.");
  await page.getByRole("button", { name: "Check it as a claim" }).click();
  await page.waitForURL(/\/reports\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("run-status")).toHaveText("completed", { timeout: 60_000 });
  await expect(page.getByText("Amiodarone causes hypothyroidism").first()).toBeVisible();
});
