import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { COPIES, medlineCopiesXml, tempFile } from "@/tests/support/provenance-copies";
import { submitResearch } from "@/e2e/support/research-form";

// Provenance: a labelled copy of a real BC5CDR cisplatin record, marked retracted in its MEDLINE XML, and one with an
// expression of concern, imported into the e2e app's library; afterwards the records are put back as they were
// (unflagged, then their PubTator text and annotations), so the other specs see the seeded library unchanged.
const DB = `data/${process.env.E2E_ID ?? "e2e"}.db`;
const BC5CDR = path.resolve("../shared/fixtures/corpus/bc5cdr_pubtator");
const QUESTION = "Does cisplatin cause nephrotoxicity, and through which mechanism?";

/** Imports files into the running app's database with the library import script. */
function importIntoApp(...files: string[]) {
  execFileSync("npx", ["tsx", "--conditions=react-server", "scripts/library-import.ts", ...files], {
    env: { ...process.env, DATABASE_URL: `file:./${DB}` },
    stdio: "pipe",
  });
}

test.beforeAll(() => importIntoApp(tempFile("provenance-copies.xml", medlineCopiesXml())));
test.afterAll(() =>
  importIntoApp(
    tempFile("provenance-copies-unflagged.xml", medlineCopiesXml(false)),
    path.join(BC5CDR, "CDR_DevelopmentSet.PubTator.txt"),
    path.join(BC5CDR, "CDR_TestSet.PubTator.txt"),
  ),
);

test("a retracted record is badged, linked to its retraction notice, listed in a notice and never cited", async ({
  page,
}) => {
  await submitResearch(page, QUESTION, ["local"]);
  await expect(page.getByTestId("run-status")).toHaveText("completed", { timeout: 60_000 });
  await expect(page.getByTestId("report-notice").filter({ hasText: "Retracted records found" })).toHaveText(
    "Retracted records found: PMID 20510337 “Coenzyme Q10 treatment ameliorates acute cisplatin nephrotoxicity " +
      "in mice.” " +
      "(retraction notice PMID 39990001). It is listed in the evidence but never used as support for the " +
      "findings, hypotheses or drug candidates.",
  );
  await page.getByTestId("evidence-show-all").click();
  const retracted = page.getByTestId("evidence-row").filter({ has: page.getByTestId("badge-retracted") });
  await expect(retracted).toHaveCount(1);
  await expect(retracted.getByTestId("evidence-title")).toHaveText(
    "Coenzyme Q10 treatment ameliorates acute cisplatin nephrotoxicity in mice.",
  );
  await expect(retracted.getByTestId("evidence-ref")).toHaveText("–");
  await expect(retracted.getByRole("link", { name: "Retracted" })).toHaveAttribute(
    "href",
    `https://pubmed.ncbi.nlm.nih.gov/${COPIES.retracted.noticePmid}/`,
  );
  await expect(page.getByTestId("badge-concern")).toHaveCount(1);
  await expect(page.getByTestId("report").getByRole("link", { name: COPIES.retracted.pmid })).toHaveCount(0);
  await expect(page.getByTestId("notice").filter({ hasText: "Retracted record set aside" })).toHaveText(
    "Retracted record set aside (shown, never used as support): PMID 20510337 (retraction notice PMID 39990001)",
  );
});
