import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test as base, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { submitResearch } from "./research-form";

// The report specs' fixtures. The e2e server runs the extractive backend on the real BC5CDR + MEDLINE records,
// and the live sources replay their recorded responses, so every value the specs assert is exact.
export const LITHIUM = "Is lithium nephrotoxic, and by what mechanism?";
export const TRIALS = "Which drugs were tested in clinical trials, and with what results?";
// An open question naming no condition: no drug is substituted (no drug class such as "Anti-Bacterial Agents" is put in
// its place).
export const TRIALS_TITLE = "Evidence report: Which drugs were tested in clinical trials, and with what results?";
/** The export files' name (without extension): "critica-" and the report title, slugged and cut. */
export const TRIALS_FILE = "critica-evidence-report-which-drugs-were-tested-in-clinical-trials-and-with-what";
export const LITHIUM_TITLE = "Lithium and nephrotoxicity: mechanism and evidence";

/** The owner: one browser session per worker (runs belong to the session that started them). */
export interface Owner {
  context: BrowserContext;
  page: Page;
}

/** Submits the research form on `page` and waits until the run has completed; returns the run id. */
export async function ask(page: Page, question: string, sources: string[]): Promise<string> {
  const runId = await submitResearch(page, question, sources);
  await expect(page.getByTestId("run-status")).toHaveText("completed", { timeout: 60_000 });
  return runId;
}

/** Time allowed to seed one run (a worker fixture: it does not count against the test's own timeout). */
const SEED_TIMEOUT = 180_000;

/**
 * The report specs' fixtures, each set up once per worker when a test first asks for it, so every test can run
 * alone (`--grep`) or after the others. `page` is the owner's page. `trialsRun`: the trials question on the three
 * live sources, completed; `lithiumRun`: the lithium question on the local library, completed after the trials
 * run (so the owner's history lists lithium first); `keptLink`: a share link of the lithium run that no test
 * revokes.
 */
export const test = base.extend<
  { page: Page },
  { owner: Owner; trialsRun: string; lithiumRun: string; keptLink: string }
>({
  owner: [
    async ({ browser }, provide) => {
      const context = await browser.newContext({ permissions: ["clipboard-read", "clipboard-write"] });
      const page = await context.newPage();
      page.on("dialog", (d) => {
        throw new Error(`unexpected dialog: ${d.message()}`);
      });
      await provide({ context, page });
      await context.close();
    },
    { scope: "worker" },
  ],
  trialsRun: [
    async ({ owner }, provide) => provide(await ask(owner.page, TRIALS, ["pubmed", "europepmc", "ctgov"])),
    { scope: "worker", timeout: SEED_TIMEOUT },
  ],
  lithiumRun: [
    async ({ owner, trialsRun }, provide) => {
      void trialsRun;
      await provide(await ask(owner.page, LITHIUM, ["local"]));
    },
    { scope: "worker", timeout: SEED_TIMEOUT },
  ],
  keptLink: [
    async ({ owner, lithiumRun }, provide) => {
      await owner.page.goto(`/reports/${lithiumRun}`);
      await owner.page.getByRole("button", { name: "Share" }).click();
      await provide(await owner.page.getByTestId("share-link").inputValue());
    },
    { scope: "worker", timeout: SEED_TIMEOUT },
  ],
  page: async ({ owner }, provide) => {
    await provide(owner.page);
  },
});
export { expect };

/** Opens the Export menu and downloads one format; returns the file name and text. */
export async function download(on: Page, label: string): Promise<{ name: string; text: string }> {
  await on.getByRole("button", { name: "Export" }).click();
  const [file] = await Promise.all([
    on.waitForEvent("download"),
    on.getByRole("menuitem", { name: label, exact: true }).click(),
  ]);
  return { name: file.suggestedFilename(), text: fs.readFileSync((await file.path())!, "utf8") };
}

/**
 * Every axe-core violation of the page, whatever its impact (minor to critical), as "rule (impact): selectors" lines
 * (empty when none): the pages are held to zero, not only to zero serious ones.
 */
export async function axeViolations(on: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page: on }).analyze();
  return violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
}

/** The viewports every page is held to: a 1366 px desktop and a 390 px phone. */
export const VIEWPORTS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;

/**
 * The axe-core violations of the page at each of {@link VIEWPORTS}, labelled "<width> px <label>: …" (empty when
 * none), after `open` (re)opens it at that width; ends at the desktop width.
 */
export async function axeAtBothWidths(on: Page, label: string, open: () => Promise<unknown>): Promise<string[]> {
  const found: string[] = [];
  for (const size of VIEWPORTS) {
    await on.setViewportSize(size);
    await open();
    found.push(...(await axeViolations(on)).map((v) => `${size.width} px ${label}: ${v}`));
  }
  await on.setViewportSize(VIEWPORTS[0]);
  return found;
}

/** A fresh browser session that owns nothing. */
export async function stranger(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}
