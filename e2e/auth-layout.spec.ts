import { expect, test } from "@playwright/test";

// With accounts on (project "auth-after", after e2e/auth.spec.ts made the administrator): signing up goes straight
// to the next page with no blank page between, the header fits a 360–390 px phone with a long address, and a member
// opening the accounts page is told it is for administrators.
const PASSWORD = "correct horse battery";
const EMAIL = "henrietta.longname-researcher@pharmacology.example.org";

test("sign-up shows no blank page, the header fits a phone, and /settings/accounts says it is for administrators", async ({
  page,
}) => {
  await page.goto("/sign-up?next=%2Freports");
  await page.getByLabel("Name").fill("Henrietta");
  await page.getByLabel("E-mail").fill(EMAIL);
  await page.getByLabel("Password").fill(PASSWORD);
  // Record (in the tab's session storage, which outlives the page) whether the sign-up page's main area is ever
  // empty while the new session opens the next page.
  await page.evaluate(() => {
    sessionStorage.setItem("blank", "no");
    new MutationObserver(() => {
      if (!document.querySelector("main")?.textContent?.trim()) sessionStorage.setItem("blank", "yes");
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/reports$/);
  expect(await page.evaluate(() => sessionStorage.getItem("blank"))).toBe("no");
  // The header names the account by the name typed; the e-mail is its title.
  await expect(page.getByTestId("user-name")).toHaveText("Henrietta");
  await expect(page.getByTestId("user-name")).toHaveAttribute("title", EMAIL);

  for (const width of [390, 360]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/");
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `home at ${width} px`).toBe(width);
    await expect(page.getByRole("link", { name: "New research" })).toBeVisible();
    await expect(page.getByTestId("user-menu")).toBeVisible();
  }

  const response = await page.goto("/settings/accounts");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Accounts: administrators only");
  await expect(page.getByTestId("account-list")).toHaveCount(0);
});
