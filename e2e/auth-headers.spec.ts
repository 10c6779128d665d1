import { expect, test } from "@playwright/test";

// Security headers on the production build (project "auth", CRITICA_AUTH=on): a nonce-based Content-Security-Policy
// whose nonce is on every script Next.js renders, frame-ancestors 'none', nosniff and a strict referrer policy, on
// pages, API answers and redirects alike; and the page still runs (no CSP violation while it loads and hydrates).
test("every answer carries the security headers; each page's scripts carry its nonce and nothing is blocked", async ({
  page,
  request,
}) => {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  const response = await page.goto("/sign-up");
  const headers = response!.headers();
  const csp = headers["content-security-policy"];
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
  expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/); // 16 random bytes, base64
  expect(csp).toBe(
    `default-src 'self'; script-src 'self' 'nonce-${nonce}' 'strict-dynamic'; style-src 'self' ` +
      `'unsafe-inline'; img-src 'self' blob: data:; font-src 'self'; connect-src 'self'; object-src 'none'; ` +
      `base-uri 'self'; form-action 'self'; frame-ancestors 'none'`,
  );
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-frame-options"]).toBe("DENY");

  const scripts = await page.locator("script").evaluateAll((els) => els.map((e) => (e as HTMLScriptElement).nonce));
  expect(scripts.length).toBeGreaterThan(0);
  expect(new Set(scripts)).toEqual(new Set([nonce]));
  // Hydrated (the form's submit handler is React's): typing keeps the value, and no script was refused.
  await page.getByLabel("E-mail").fill("x@lab.org");
  await expect(page.getByLabel("E-mail")).toHaveValue("x@lab.org");
  expect(violations).toEqual([]);

  const second = await request.get("/sign-up");
  expect(/'nonce-([^']+)'/.exec(second.headers()["content-security-policy"])?.[1]).not.toBe(nonce);
  for (const path of ["/api/health", "/api/runs", "/reports"]) {
    const r = await request.get(path, { maxRedirects: 0 });
    expect([path, r.headers()["x-content-type-options"], r.headers()["referrer-policy"]]).toEqual([
      path,
      "nosniff",
      "strict-origin-when-cross-origin",
    ]);
    expect(r.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  }
});
