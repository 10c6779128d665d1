import { expect, test, type Browser, type Page } from "@playwright/test";
import { submitResearch } from "@/e2e/support/research-form";
import { axeViolations } from "@/e2e/support/seeded-runs";

// Accounts on the production build with CRITICA_AUTH=on (project "auth", a fresh database): the first visitor signs
// up and becomes admin, researches and finds the run in history; a second user cannot open it (404) and has an
// empty history; a share link opens anonymously; an API key works over HTTP until it is revoked (then 401).
test.describe.configure({ mode: "serial" });

const QUESTION = "Does lithium cause nephrogenic diabetes insipidus?";
const PASSWORD = "correct horse battery";
const state: { runId?: string; shareLink?: string } = {};

async function signUp(page: Page, name: string, email: string): Promise<void> {
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
}

async function signIn(browser: Browser, email: string, name: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("user-name")).toHaveText(name);
  return page;
}

test("the first visitor signs up as admin, researches, finds the run in history; signing out closes the app", async ({
  page,
}) => {
  // A run, then two widths of three pages, each scanned by axe: past the 90 s default on a loaded machine.
  test.slow();
  // Every page but sign-in/up and share links sends a visitor without a session to sign in; with no account yet,
  // sign-in sends on to sign-up, which says the account becomes the administrator.
  await page.goto("/reports");
  await expect(page).toHaveURL(/\/sign-up\?next=%2Freports$/);
  // The first visit says what Critica is and what happens to the data, then offers the first account; with nobody
  // to sign in as, the header has no "Sign in". On a desktop and on a phone, the sentence and the form's first
  // field are on the first screen, and axe finds nothing.
  for (const [width, height] of [
    [1366, 768],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to Critica");
    await expect(page.getByTestId("about-critica")).toHaveText(
      "Critica searches the biomedical literature and trial registries for your question, weighs the evidence and " +
        "writes a report in which every reference is a record it retrieved. Your questions and reports stay in this " +
        "server's database; only search terms go to the sources you tick (PubMed, Europe PMC, ClinicalTrials.gov).",
    );
    await expect(page.getByRole("heading", { level: 2, name: "Create the administrator account" })).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toHaveCount(0);
    await expect(page.getByLabel("Name")).toBeInViewport();
    expect(await axeViolations(page), `sign-up at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1366, height: 768 });
  await expect(page.getByTestId("first-account-notice")).toBeVisible();
  await signUp(page, "Ada", "ada@lab.org");
  await expect(page).toHaveURL(/\/reports$/);
  await expect(page.getByTestId("user-name")).toHaveText("Ada");
  await expect(page.getByTestId("user-menu")).toContainText("admin");

  state.runId = await submitResearch(page, QUESTION, ["local"]);
  await expect(page.getByTestId("run-status")).toHaveText("completed", { timeout: 60_000 });
  await page.goto("/reports");
  await expect(page.getByRole("link", { name: QUESTION })).toHaveAttribute("href", `/reports/${state.runId}`);
  // The administrator's filter, in words a new user reads, on a desktop and on a phone.
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto("/reports");
    const filter = page.getByLabel("Show runs of");
    await expect(filter.locator("option")).toHaveText(["All users", "Me", "Runs made before accounts"]);
    await expect(filter).toHaveValue("");
    await filter.selectOption({ label: "All users" });
    await page.getByRole("button", { name: "Show", exact: true }).click();
    await expect(page).toHaveURL(/\/reports\?user=all$/);
    await expect(page.getByRole("link", { name: QUESTION })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `history at ${width} px`).toBe(width);
  }
  await page.setViewportSize({ width: 1366, height: 768 });

  await page.getByTestId("user-menu").locator("summary").click();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  // Now that an account exists the header offers "Sign in"; the page's link to sign-up is underlined, so it is told
  // from the sentence around it by more than colour (axe link-in-text-block), on a desktop and on a phone.
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
  for (const [width, height] of [
    [1366, 768],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await expect(page.getByRole("link", { name: "Create one" })).toHaveCSS("text-decoration-line", "underline");
    expect(await axeViolations(page), `sign-in at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1366, height: 768 });
  const response = await page.goto(`/reports/${state.runId}`);
  expect(response?.status()).toBe(200); // the sign-in page, after the redirect
  await expect(page).toHaveURL(new RegExp(`/sign-in\\?next=%2Freports%2F${state.runId}$`));
  expect((await page.request.get(`/api/runs/${state.runId}`)).status()).toBe(401);
});

test("a second user gets 404 on the first user's report, exports and API resource, and an empty history", async ({
  browser,
}) => {
  const page = await (await browser.newContext()).newPage();
  await page.goto("/sign-up");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create an account");
  await signUp(page, "Bob", "bob@lab.org");
  await expect(page.getByTestId("user-name")).toHaveText("Bob");
  await expect(page.getByTestId("user-menu")).not.toContainText("admin");

  const report = await page.goto(`/reports/${state.runId}`);
  expect(report?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
  expect((await page.request.get(`/reports/${state.runId}/export/markdown`)).status()).toBe(404);
  expect((await page.request.get(`/api/runs/${state.runId}`)).status()).toBe(404);
  // Sent with the app's Origin, as its page would, so the access rule answers (not the CSRF check).
  const share = await page.request.post(`/api/runs/${state.runId}/share`, {
    headers: { origin: new URL(page.url()).origin },
  });
  expect(share.status()).toBe(404);
  await page.goto("/reports");
  await expect(page.getByTestId("run-list-empty")).toHaveText("No research runs yet.");
  expect((await (await page.request.get("/api/runs")).json()).runs).toEqual([]);
  await page.context().close();
});

test("a share link made by the owner opens in a browser with no session", async ({ browser }) => {
  const page = await signIn(browser, "ada@lab.org", "Ada");
  await page.goto(`/reports/${state.runId}`);
  await page.getByRole("button", { name: "Share" }).click();
  state.shareLink = await page.getByTestId("share-link").inputValue();
  expect(state.shareLink).toMatch(/\/share\/[A-Za-z0-9_-]{43}$/);

  const anonymous = await browser.newContext();
  const shared = await anonymous.newPage();
  const response = await shared.goto(state.shareLink);
  expect(response?.status()).toBe(200);
  await expect(shared.getByTestId("run-question")).toHaveText(QUESTION);
  await expect(shared.getByRole("link", { name: "Sign in" })).toBeVisible();
  await anonymous.close();
  await page.context().close();
});

test("an API key created on its page works as Bearer until it is revoked, then gets 401", async ({
  browser,
  playwright,
  baseURL,
}) => {
  const page = await signIn(browser, "ada@lab.org", "Ada");
  await page.getByTestId("user-menu").locator("summary").click();
  await page.getByRole("link", { name: "API keys" }).click();
  await expect(page).toHaveURL(/\/settings\/api-keys$/);
  await page.getByLabel("Key name").fill("e2e pipeline");
  await page.getByRole("button", { name: "Create key" }).click();
  const key = await page.getByTestId("new-api-key-value").inputValue();
  expect(key).toMatch(/^crt_[A-Za-z]{64}$/);
  await expect(page.getByTestId("api-key-list")).toContainText("e2e pipeline");

  // A client with no cookies at all: only the key.
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${key}` } });
  const listed = await api.get("/api/runs");
  expect(listed.status()).toBe(200);
  expect((await listed.json()).runs.map((r: { id: string }) => r.id)).toEqual([state.runId]);
  expect((await (await api.get(`/api/runs/${state.runId}`)).json()).status).toBe("completed");
  const nokey = await playwright.request.newContext({ baseURL });
  expect((await nokey.get("/api/runs")).status()).toBe(401);

  page.once("dialog", (dialog) => dialog.accept());
  await page.getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByTestId("api-key-list")).toHaveCount(0);
  const revoked = await api.get("/api/runs");
  expect(revoked.status()).toBe(401);
  expect(await revoked.json()).toEqual({ error: "Sign in, or send an API key as Authorization: Bearer <key>." });
  await api.dispose();
  await nokey.dispose();
  await page.context().close();
});

test("sign-in attempts are limited: the 11th in a minute answers 429 with Retry-After", async ({
  playwright,
  baseURL,
}) => {
  // Last in this file: it uses up this client address's sign-in budget for a minute. The two sign-ins of the tests
  // above came from the same address less than a minute ago, so 8 more attempts are allowed, and the 9th is refused.
  const client = await playwright.request.newContext({ baseURL });
  const statuses: number[] = [];
  for (let i = 0; i < 9; i++)
    statuses.push(
      (
        await client.post("/api/auth/sign-in/email", { data: { email: `nobody${i}@lab.org`, password: PASSWORD } })
      ).status(),
    );
  expect(statuses).toEqual([...Array(8).fill(401), 429]);
  const blocked = await client.post("/api/auth/sign-in/email", { data: { email: "ada@lab.org", password: PASSWORD } });
  expect(blocked.status()).toBe(429);
  expect(Number(blocked.headers()["retry-after"])).toBeGreaterThan(0);
  await client.dispose();
});
