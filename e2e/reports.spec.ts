import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { Cite } from "@citation-js/core";
import "@citation-js/plugin-bibtex";
import "@citation-js/plugin-ris";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { submitResearch } from "./support/research-form";

// Reports: hover cards, evidence table, hypothesis chains, scores, exports, sharing, history, safety, a11y.
// The e2e server runs the extractive backend on the real BC5CDR + MEDLINE records, and the live sources replay
// their recorded responses, so every value below is exact.
const LITHIUM = "Is lithium nephrotoxic, and by what mechanism?";
const TRIALS = "Which drugs were tested in clinical trials, and with what results?";
// An open question naming no condition: no drug is substituted (before issue 9: "Anti-Bacterial Agents and infection").
const TRIALS_TITLE = "Evidence report: Which drugs were tested in clinical trials, and with what results?";
const TRIALS_FILE = "critica-evidence-report-which-drugs-were-tested-in-clinical-trials-and-with-what";
const LITHIUM_TITLE = "Lithium and nephrotoxicity: mechanism and evidence";
const XSS_QUESTION = 'Does zorvexamab cause ototoxicity <img src=x onerror="window.__xss=9">?';
const XSS_SENTENCE = 'Zorvexamab caused ototoxicity <img src=x onerror="window.__xss=1"> in every <script>window.__xss=2</script> treated guinea pig of the study';
/** The keys of the `--json` contract (README "Headless research"). */
const CONTRACT = ["runId", "status", "question", "backend", "iterations", "evidence", "hypotheses", "assessments", "report", "markdown", "removedReferences", "shortfalls"];

// One owner session for the whole file; strangers get fresh contexts.
test.describe.configure({ mode: "serial" });
let owner: BrowserContext;
let page: Page;
const runs: { trials?: string; lithium?: string } = {};
const links: { revoked?: string; kept?: string } = {};
test.beforeAll(async ({ browser }) => {
  owner = await browser.newContext({ permissions: ["clipboard-read", "clipboard-write"] });
  page = await owner.newPage();
  page.on("dialog", (d) => {
    throw new Error(`unexpected dialog: ${d.message()}`);
  });
});
test.afterAll(async () => owner.close());

/** Submits the research form and waits until the run has completed; returns the run id. */
async function ask(question: string, sources: string[]): Promise<string> {
  const runId = await submitResearch(page, question, sources);
  await expect(page.getByTestId("run-status")).toHaveText("completed", { timeout: 60_000 });
  return runId;
}

/** Opens the Export menu and downloads one format; returns the file name and text. */
async function download(on: Page, label: string): Promise<{ name: string; text: string }> {
  await on.getByRole("button", { name: "Export" }).click();
  const [file] = await Promise.all([on.waitForEvent("download"), on.getByRole("menuitem", { name: label, exact: true }).click()]);
  return { name: file.suggestedFilename(), text: fs.readFileSync((await file.path())!, "utf8") };
}

/** The serious and critical axe-core violations of the page, as "rule: selectors" lines (empty when none). */
async function seriousViolations(on: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page: on }).analyze();
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
}

async function stranger(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test("a citation's hover card shows its source; evidence table, hypothesis chains and scores follow the report", async ({}, testInfo) => {
  runs.trials = await ask(TRIALS, ["pubmed", "europepmc", "ctgov"]);
  const report = page.getByTestId("report");
  await expect(report.getByRole("heading", { level: 1 })).toHaveText(TRIALS_TITLE);
  await expect(page.getByTestId("evidence-row")).toHaveCount(58);

  // Hovering [1] shows the PubMed record and the sentence that cites it.
  await report.getByTestId("citation-marker").first().hover();
  const card = page.getByTestId("citation-card");
  await expect(card).toBeVisible();
  // The question names no condition, so the summary quotes the sentences that best match the question itself.
  await expect(card.getByTestId("citation-title")).toHaveText("[1] The Clinical Impact of Time-restricted Eating on Cancer: A Systematic Review.");
  await expect(card.getByTestId("citation-authors")).toHaveText("Stringer EJ, Cloke RWG, Van der Meer L, et al.");
  await expect(card.getByTestId("citation-venue")).toHaveText("Nutrition reviews, 2025");
  await expect(card.getByTestId("citation-study-type")).toHaveText("Meta-analysis or systematic review");
  await expect(card.getByRole("link", { name: "PMID 39212676" })).toHaveAttribute("href", "https://pubmed.ncbi.nlm.nih.gov/39212676/");
  await expect(card.getByRole("link", { name: "DOI 10.1093/nutrit/nuae105" })).toHaveAttribute("href", "https://doi.org/10.1093/nutrit/nuae105");
  await expect(card.getByTestId("citation-sentence")).toHaveText("Original study designs, protocols, and clinical trial registries were included [1].");
  await page.screenshot({ path: testInfo.outputPath("hover-card.png") });
  await page.mouse.move(0, 0);
  await expect(card).toHaveCount(0);

  // Focusing [4] (a trial) shows its NCT ID; Escape closes the card and keeps focus on the marker.
  const trialMarker = report.getByRole("button", { name: "Reference 4", exact: true });
  await trialMarker.focus();
  await expect(card.getByTestId("citation-title")).toHaveText("[4] Study of Dupilumab and Immune Responses in Adults With Atopic Dermatitis (AD)");
  await expect(card.getByTestId("citation-study-type")).toHaveText("Registered trial");
  await expect(card.getByRole("link", { name: "NCT02210780" })).toHaveAttribute("href", "https://clinicaltrials.gov/study/NCT02210780");
  await page.keyboard.press("Escape");
  await expect(card).toHaveCount(0);
  await expect(trialMarker).toBeFocused();

  // The judge never found the evidence sufficient: the report says so above its text.
  await expect(page.getByTestId("report-notice")).toHaveText([
    "Insufficient evidence: The judge did not find the evidence sufficient (mechanism 0/10, clinical 0/10). Treat its conclusions with caution.",
  ]);

  // Evidence table: filter by source, study type, year and preprint status; sort by year.
  const rows = page.getByTestId("evidence-row");
  await page.getByTestId("filter-source").selectOption({ label: "ClinicalTrials.gov" });
  await expect(rows).toHaveCount(4);
  await expect(page.getByTestId("evidence-count")).toHaveText("4 of 58 records");
  await expect(rows.getByTestId("evidence-study-type")).toHaveText(Array(4).fill("Registered trial"));
  await page.getByTestId("filter-source").selectOption({ label: "All sources" });
  await page.getByTestId("filter-study-type").selectOption({ label: "Meta-analysis or systematic review" });
  await expect(rows).toHaveCount(3);
  await page.getByTestId("filter-study-type").selectOption({ label: "All study types" });
  await page.getByTestId("filter-year-from").selectOption("2014");
  await page.getByTestId("filter-year-to").selectOption("2018");
  // Sorted by reference number: [4] NCT02210780 (2014), [5] NCT03418623 (2018), [7] NCT02552212 (2015).
  await expect(rows.getByTestId("evidence-year")).toHaveText(["2014", "2018", "2015"]);
  await expect(rows.getByTestId("evidence-ref")).toHaveText(["[4]", "[5]", "[7]"]);
  await page.getByTestId("filter-preprint").selectOption({ label: "Preprints only" });
  await expect(rows).toHaveCount(0);
  await expect(page.getByText("No records match these filters.")).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(rows).toHaveCount(58);
  await page.getByTestId("sort-year").click();
  await expect(rows.first().getByTestId("evidence-year")).toHaveText("2006");
  await page.getByTestId("sort-year").click();
  await expect(page.getByRole("columnheader", { name: /Year/ })).toHaveAttribute("aria-sort", "descending");
  await expect(rows.first().getByTestId("evidence-year")).toHaveText("2025");
  await expect(rows.last().getByTestId("evidence-year")).toHaveText("2006");

  // No chain: the question names no condition, so no drug → target → pathway → effect can be drawn (issue 9: no
  // drug class or most-frequent chemical is put in its place). Typed chains are drawn in tests/unit/components.
  await expect(page.getByTestId("hypothesis-chain")).toHaveCount(0);
  // Said twice: in the report's "Hypotheses tested" and in the chains section below it.
  await expect(page.getByText("No hypothesis could be formed from the evidence.")).toHaveCount(2);

  // The judge's scores of the three iterations.
  const bars = page.getByTestId("score-bar");
  expect(await bars.evaluateAll((els) => els.map((e) => `${e.getAttribute("data-series")}=${e.getAttribute("data-value")}`))).toEqual(
    ["mechanismScore=0", "clinicalScore=0", "mechanismScore=0", "clinicalScore=0", "mechanismScore=0", "clinicalScore=0"],
  );

  await page.screenshot({ path: testInfo.outputPath("report-light.png"), fullPage: true });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.screenshot({ path: testInfo.outputPath("report-dark.png"), fullPage: true });
  await page.emulateMedia({ colorScheme: "light" });
});

test("exports download and parse: BibTeX and RIS hold one entry per reference, JSON matches the contract", async () => {
  await page.goto(`/reports/${runs.trials}`);
  const references = page.getByTestId("report").getByRole("heading", { level: 2, name: "References" }).locator("xpath=following-sibling::ol[1]/li");
  await expect(references).toHaveCount(9);

  const bib = await download(page, "BibTeX");
  expect(bib.name).toBe(`${TRIALS_FILE}.bib`);
  expect(bib.text.match(/^@\w+\{/gm)).toHaveLength(9);
  const parsedBib = new Cite(bib.text).data;
  expect(parsedBib).toHaveLength(9);

  const ris = await download(page, "RIS");
  expect(ris.name).toBe(`${TRIALS_FILE}.ris`);
  expect(ris.text.match(/^TY {2}- /gm)).toHaveLength(9);
  expect(ris.text.match(/^ER {2}- /gm)).toHaveLength(9);

  const json = await download(page, "JSON");
  const data = JSON.parse(json.text);
  expect(Object.keys(data)).toEqual(expect.arrayContaining(CONTRACT));
  expect(data.runId).toBe(runs.trials);
  expect(data.status).toBe("completed");
  expect(data.question).toBe(TRIALS);
  expect(data.evidence).toHaveLength(58);
  expect(data.report.references).toHaveLength(9);
  // Every reference of the report is in both citation files, in order.
  expect(new Cite(ris.text).data.map((d) => d.title)).toEqual(data.report.references.map((r: { title: string }) => r.title));
  expect(parsedBib.map((d) => d.DOI ?? null)).toEqual(data.report.references.map((r: { doi: string | null }) => r.doi));

  const md = await download(page, "Markdown");
  expect(md.name).toBe(`${TRIALS_FILE}.md`);
  // The saved Markdown with the bottom line and GRADE sections (issue 13) above the executive summary.
  expect(md.text.replace(/## Bottom line\n[\s\S]*?(?=## Executive summary)/, "")).toBe(data.markdown);
  expect(md.text).toContain(`## Bottom line\n\n${data.answer.sentence}\n`);
  expect(md.text.startsWith(`# ${TRIALS_TITLE}\n`)).toBe(true);

  // "Print / PDF" opens the print dialog; the print stylesheet shows the report without the app around it.
  await page.evaluate(() => {
    window.print = () => ((window as unknown as { __printed: boolean }).__printed = true);
  });
  await page.getByRole("button", { name: "Export" }).click();
  await page.getByRole("menuitem", { name: "Print / PDF" }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __printed?: boolean }).__printed)).toBe(true);
  await page.emulateMedia({ media: "print" });
  await expect(page.getByTestId("report")).toBeVisible();
  await expect(page.getByTestId("timeline")).toBeHidden();
  await expect(page.getByRole("button", { name: "Export" })).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await page.emulateMedia({ media: "screen" });
});

test("a share link opens in another browser with its own exports; revoking it makes it answer 404", async ({ browser }) => {
  runs.lithium = await ask(LITHIUM, ["local"]);
  await page.getByRole("button", { name: "Share" }).click();
  const link = await page.getByTestId("share-link").inputValue();
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/share\/[A-Za-z0-9_-]{43}$/);
  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  links.revoked = link;

  const other = await stranger(browser);
  const response = await other.page.goto(link);
  expect(response?.status()).toBe(200);
  await expect(other.page.getByTestId("run-question")).toHaveText(LITHIUM);
  await expect(other.page.getByTestId("report").getByRole("heading", { level: 1 })).toHaveText(LITHIUM_TITLE);
  await expect(other.page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  await expect(other.page.getByRole("button", { name: "Share" })).toHaveCount(0);
  await expect(other.page.getByRole("button", { name: "Revoke link" })).toHaveCount(0);
  // The copy names no other report: not even its own run's id, which would open the live run page.
  expect(await other.page.content()).not.toContain(runs.lithium);
  await other.page.getByTestId("citation-marker").first().hover();
  await expect(other.page.getByTestId("citation-card").getByTestId("citation-title")).toHaveText("[1] Persistent nephrogenic diabetes insipidus following lithium therapy.");
  const sharedJson = JSON.parse((await download(other.page, "JSON")).text);
  expect(sharedJson.runId).toBeNull();
  // Typed chains leave the judge wanting more on lithium (issue 9): 3 iterations, 51 records, 5 references.
  expect(sharedJson.report.references).toHaveLength(6);
  expect(sharedJson.evidence).toHaveLength(51);
  expect((await download(other.page, "BibTeX")).text.match(/^@\w+\{/gm)).toHaveLength(6);

  // The owner revokes it: the page and its exports answer 404.
  await page.getByRole("button", { name: "Revoke link" }).click();
  await expect(page.getByTestId("share-status")).toHaveText("Link revoked: it now answers “not found”.");
  await expect(page.getByTestId("share-link")).toHaveCount(0);
  expect((await other.page.goto(link))?.status()).toBe(404);
  await expect(other.page.getByRole("heading", { name: "Not found" })).toBeVisible();
  expect((await other.context.request.get(`${link}/export/json`)).status()).toBe(404);

  // A new link for the history test, which deletes the run and checks that this copy survives.
  await page.getByRole("button", { name: "Share" }).click();
  links.kept = await page.getByTestId("share-link").inputValue();
  expect(links.kept).not.toBe(link);
  await other.context.close();
});

test("history: search by a word, filter by status, mode and date, re-run with the same settings, delete after confirming", async ({ browser }) => {
  await page.goto("/reports");
  const items = page.getByTestId("run-list-item");
  await expect(items.getByRole("link")).toHaveText([LITHIUM, TRIALS]);

  const search = async (q: string) => {
    await page.getByLabel("Search questions").fill(q);
    await page.getByRole("button", { name: "Search", exact: true }).click();
  };
  await search("nephrotoxic");
  await expect(page).toHaveURL(/\/reports\?q=nephrotoxic(&|$)/);
  await expect(items.getByRole("link")).toHaveText([LITHIUM]);
  await search("TRIALS drugs");
  await expect(items.getByRole("link")).toHaveText([TRIALS]);
  await search("cardiotoxicity");
  await expect(items).toHaveCount(0);
  await expect(page.getByTestId("run-list-empty")).toHaveText("No runs match these filters.");
  await page.getByRole("link", { name: "Clear" }).click();
  await expect(items).toHaveCount(2);

  await page.getByLabel("Status", { exact: true }).selectOption("failed");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(items).toHaveCount(0);
  await page.getByLabel("Status", { exact: true }).selectOption("completed");
  await page.getByLabel("Mode", { exact: true }).selectOption("research");
  const today = new Date().toISOString().slice(0, 10);
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("From", { exact: true }).fill(today);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(items.getByRole("link")).toHaveText([LITHIUM, TRIALS]);
  await page.getByLabel("From", { exact: true }).fill(yesterday);
  await page.getByLabel("To", { exact: true }).fill(yesterday);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(items).toHaveCount(0);
  await page.getByRole("link", { name: "Clear" }).click();
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("To", { exact: true })).toHaveValue("");
  await expect(items).toHaveCount(2);
  await page.screenshot({ path: test.info().outputPath("history.png"), fullPage: true });

  // Re-run the lithium question: a new run with the same question, sources and iteration cap.
  await items.filter({ hasText: LITHIUM }).getByRole("button", { name: "Re-run" }).click();
  await page.waitForURL((url) => /\/reports\/[0-9a-f-]{36}$/.test(url.pathname) && !url.pathname.endsWith(runs.lithium!));
  await expect(page.getByTestId("run-status")).toHaveText("completed", { timeout: 60_000 });
  await expect(page.getByTestId("run-question")).toHaveText(LITHIUM);
  await expect(page.getByTestId("run-header").getByText("Local library")).toBeVisible();
  await expect(page.getByTestId("run-header").getByText("PubMed")).toHaveCount(0);
  const rerun = page.url().split("/").pop()!;

  // Delete the original lithium run: Escape keeps it, "Delete run" deletes it; its share link lives on.
  await page.goto("/reports");
  await expect(items).toHaveCount(3);
  const original = items.filter({ has: page.locator(`a[href="/reports/${runs.lithium}"]`) });
  await original.getByRole("button", { name: /^Delete/ }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this run?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Its share link keeps showing the frozen copy unless you revoke it.");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(items).toHaveCount(3);
  await original.getByRole("button", { name: /^Delete/ }).focus();
  await page.keyboard.press("Enter");
  await dialog.getByRole("button", { name: "Delete run" }).click();
  await expect(items).toHaveCount(2);
  await expect(page.locator(`a[href="/reports/${runs.lithium}"]`)).toHaveCount(0);
  await expect(page.locator(`a[href="/reports/${rerun}"]`)).toHaveCount(1);
  expect((await page.goto(`/reports/${runs.lithium}`))?.status()).toBe(404);

  // The share of the deleted run still shows its frozen copy.
  const other = await stranger(browser);
  expect((await other.page.goto(links.kept!))?.status()).toBe(200);
  await expect(other.page.getByTestId("run-question")).toHaveText(LITHIUM);
  await expect(other.page.getByTestId("report").getByRole("heading", { level: 1 })).toHaveText(LITHIUM_TITLE);
  await expect(other.page.getByTestId("evidence-row")).toHaveCount(51);
  await other.context.close();
});

test("the report works from the keyboard alone", async () => {
  await page.goto(`/reports/${runs.trials}`);
  const tabTo = async (testId: string) => {
    for (let i = 0; i < 100; i += 1) {
      await page.keyboard.press("Tab");
      if (await page.evaluate((id) => document.activeElement?.getAttribute("data-testid") === id || document.activeElement?.closest(`[data-testid="${id}"]`) !== null, testId)) return;
    }
    throw new Error(`Tab never reached ${testId}`);
  };
  await tabTo("export-menu");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("menuitem", { name: "Markdown" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("menuitem", { name: "BibTeX" })).toBeFocused();
  await page.keyboard.press("End");
  await expect(page.getByRole("menuitem", { name: "Print / PDF" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Export" })).toBeFocused();

  // Focus previews the card; Enter pins it, and Tab then reaches its links.
  await tabTo("citation-marker");
  await expect(page.getByTestId("citation-card").getByTestId("citation-title")).toHaveText("[1] The Clinical Impact of Time-restricted Eating on Cancer: A Systematic Review.");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("citation-card")).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "PMID 39212676" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("citation-card")).toHaveCount(0);

  await tabTo("sort-year");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("columnheader", { name: /Year/ })).toHaveAttribute("aria-sort", "ascending");
});

test("XSS payloads in a question and in an abstract render as text", async () => {
  // A PubTator record whose abstract carries the payloads, imported into the running server's library.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "critica-xss-"));
  const title = "Inner ear findings in treated guinea pigs.";
  const abstract = `${XSS_SENTENCE.replace("guinea pig", "[guinea pig](javascript:window.__xss=3)")}. Ototoxicity followed KCNQ4 loss in the stria vascularis.`;
  const text = `${title} ${abstract}`;
  const mentions = [...text.matchAll(/zorvexamab|ototoxicity|KCNQ4/gi)].map((m) => {
    const type = /^z/i.test(m[0]) ? "Chemical\tC999001" : /^o/i.test(m[0]) ? "Disease\tD006311" : "Gene\t-1";
    return `99000001\t${m.index}\t${m.index + m[0].length}\t${m[0]}\t${type}`;
  });
  const file = path.join(dir, "xss.pubtator");
  fs.writeFileSync(file, [`99000001|t|${title}`, `99000001|a|${abstract}`, ...mentions, ""].join("\n"));
  execFileSync("npx", ["tsx", "--conditions=react-server", "scripts/library-import.ts", file], { env: { ...process.env, DATABASE_URL: `file:./data/${process.env.E2E_ID ?? "e2e"}.db` }, stdio: "pipe" });
  fs.rmSync(dir, { recursive: true, force: true });

  await ask(XSS_QUESTION, ["local"]);
  await expect(page.getByTestId("run-question")).toHaveText(XSS_QUESTION);
  const report = page.getByTestId("report");
  await expect(report.getByRole("heading", { level: 2, name: "Research question" }).locator("xpath=following-sibling::p[1]")).toHaveText(XSS_QUESTION);
  // Abstract text is shown exactly as written: the Markdown link syntax in it stays literal text, never a link.
  const literal = XSS_SENTENCE.replace("guinea pig", "[guinea pig](javascript:window.__xss=3)");
  await expect(report).toContainText(`${literal} [1].`);
  await expect(report.getByRole("link", { name: "guinea pig" })).toHaveCount(0);
  await report.getByTestId("citation-marker").first().hover();
  await expect(page.getByTestId("citation-sentence")).toHaveText(`${literal} [1].`);

  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await expect(page.locator("#main img")).toHaveCount(0);
  await expect(page.locator("#main script")).toHaveCount(0);
  await expect(page.locator('a[href^="javascript:" i]')).toHaveCount(0);

  await page.goto("/reports");
  await expect(page.getByRole("link", { name: XSS_QUESTION })).toHaveText(XSS_QUESTION);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
});

test("axe finds no serious or critical violations on the chat, report, history and share pages", async ({ browser }) => {
  await page.goto("/");
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto(`/reports/${runs.trials}`);
  await page.getByTestId("citation-marker").first().focus();
  await expect(page.getByTestId("citation-card")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Export" }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto("/reports");
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: /^Delete/ }).first().click();
  expect(await seriousViolations(page)).toEqual([]);

  const other = await stranger(browser);
  await other.page.goto(links.kept!);
  expect(await seriousViolations(other.page)).toEqual([]);
  // Dark mode follows the system setting, and keeps its contrast.
  await other.page.emulateMedia({ colorScheme: "dark" });
  expect(await other.page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(18, 19, 21)");
  expect(await seriousViolations(other.page)).toEqual([]);
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto(`/reports/${runs.trials}`);
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto("/reports");
  expect(await seriousViolations(page)).toEqual([]);
  await other.context.close();
});
