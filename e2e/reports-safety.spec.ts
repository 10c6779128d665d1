import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ask, expect, test } from "@/e2e/support/seeded-runs";

// Untrusted text (a question, an imported abstract) renders as text.

const XSS_QUESTION = 'Does zorvexamab cause ototoxicity <img src=x onerror="window.__xss=9">?';
const XSS_SENTENCE =
  'Zorvexamab caused ototoxicity <img src=x onerror="window.__xss=1"> in every <script>window.__xss=2</script> ' +
  "treated guinea pig of the study";

test("XSS payloads in a question and in an abstract render as text", async ({ page }) => {
  // A PubTator record whose abstract carries the payloads, imported into the running server's library.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "critica-xss-"));
  const title = "Inner ear findings in treated guinea pigs.";
  const abstract =
    `${XSS_SENTENCE.replace("guinea pig", "[guinea pig](javascript:window.__xss=3)")}. Ototoxicity followed ` +
    `KCNQ4 loss in the stria vascularis.`;
  const text = `${title} ${abstract}`;
  const mentions = [...text.matchAll(/zorvexamab|ototoxicity|KCNQ4/gi)].map((m) => {
    const type = /^z/i.test(m[0]) ? "Chemical\tC999001" : /^o/i.test(m[0]) ? "Disease\tD006311" : "Gene\t-1";
    return `99000001\t${m.index}\t${m.index + m[0].length}\t${m[0]}\t${type}`;
  });
  const file = path.join(dir, "xss.pubtator");
  fs.writeFileSync(file, [`99000001|t|${title}`, `99000001|a|${abstract}`, ...mentions, ""].join("\n"));
  execFileSync("npx", ["tsx", "--conditions=react-server", "scripts/library-import.ts", file], {
    env: { ...process.env, DATABASE_URL: `file:./data/${process.env.E2E_ID ?? "e2e"}.db` },
    stdio: "pipe",
  });
  fs.rmSync(dir, { recursive: true, force: true });

  await ask(page, XSS_QUESTION, ["local"]);
  await expect(page.getByTestId("run-question")).toHaveText(XSS_QUESTION);
  const report = page.getByTestId("report");
  // The question as the agents read it is under "How this report was made".
  await page.getByTestId("report-method").locator(":scope > summary").click();
  await expect(page.getByTestId("question-read")).toHaveText(XSS_QUESTION);
  // Abstract text is shown exactly as written, as a quotation: the Markdown link syntax in it stays literal text, never
  // a link.
  const literal = XSS_SENTENCE.replace("guinea pig", "[guinea pig](javascript:window.__xss=3)");
  await expect(report).toContainText(`“${literal}.” [1]`);
  await expect(report.getByRole("link", { name: "guinea pig" })).toHaveCount(0);
  await report.getByTestId("citation-marker").first().hover();
  await expect(page.getByTestId("citation-sentence")).toHaveText(`“${literal}.” [1]`);

  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await expect(page.locator("#main img")).toHaveCount(0);
  await expect(page.locator("#main script")).toHaveCount(0);
  await expect(page.locator('a[href^="javascript:" i]')).toHaveCount(0);

  await page.goto("/reports");
  await expect(page.getByRole("link", { name: XSS_QUESTION })).toHaveText(XSS_QUESTION);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
});
