import { describe, expect, it } from "vitest";
import { actionBodyRefusal } from "@/lib/auth/action-body";
import { CROSS_ORIGIN_MESSAGE, csrfRefusal, JSON_ONLY_MESSAGE } from "@/lib/auth/csrf";

// What proxy.ts refuses before any route or server action runs: requests that change something with the cookie but
// without proof they come from this origin, the JSON API with a cookie and another body type, server actions from
// another origin, and action bodies over Next.js's 1 MB limit. (The same rules on a real server and in Chromium:
// tests/integration/security-requests.test.ts.)
const APP = "http://127.0.0.1:3500";
const COOKIE = { cookie: "better-auth.session_token=abc" };
const JSON_TYPE = { "content-type": "application/json", "content-length": "2" };

function check(method: string, path: string, headers: Record<string, string>, publicOrigin?: string) {
  const all = new Headers({ host: "127.0.0.1:3500", ...headers });
  const request = { method, pathname: path, headers: all, url: `${APP}${path}` };
  const refusal = csrfRefusal(request, publicOrigin) ?? actionBodyRefusal(request);
  return refusal ? refusal.status : "ok";
}

describe("cross-site request forgery and server-action refusals", () => {
  it("refuses a write with the cookie unless the browser shows it comes from this origin", () => {
    expect({
      "same Origin": check("POST", "/api/runs", { ...COOKIE, ...JSON_TYPE, origin: APP }),
      "Sec-Fetch-Site same-origin": check("POST", "/api/runs", {
        ...COOKIE,
        ...JSON_TYPE,
        "sec-fetch-site": "same-origin",
      }),
      "another port": check("POST", "/api/runs", { ...COOKIE, ...JSON_TYPE, origin: "http://127.0.0.1:4500" }),
      "another site": check("PUT", "/api/webhook", { ...COOKIE, ...JSON_TYPE, origin: "https://evil.example" }),
      "same-site, not same-origin": check("DELETE", "/api/webhook", {
        ...COOKIE,
        origin: "http://localhost:3500",
        "sec-fetch-site": "same-site",
      }),
      "Origin null (sandboxed page)": check("POST", "/api/runs", { ...COOKIE, ...JSON_TYPE, origin: "null" }),
      "no Origin, no Sec-Fetch-Site": check("POST", "/api/runs/x/cancel", { ...COOKIE }),
      "public origin (BETTER_AUTH_URL)": check(
        "PATCH",
        "/api/watches/x",
        { ...COOKIE, ...JSON_TYPE, origin: "https://critica.example.org" },
        "https://critica.example.org",
      ),
    }).toEqual({
      "same Origin": "ok",
      "Sec-Fetch-Site same-origin": "ok",
      "another port": 403,
      "another site": 403,
      "same-site, not same-origin": 403,
      "Origin null (sandboxed page)": 403,
      "no Origin, no Sec-Fetch-Site": 403,
      "public origin (BETTER_AUTH_URL)": "ok",
    });
  });

  it("accepts only JSON bodies on the API with the cookie; a bodiless write passes", () => {
    const same = { ...COOKIE, origin: APP };
    expect([
      check("POST", "/api/runs", { ...same, "content-type": "text/plain;charset=UTF-8", "content-length": "20" }),
      check("POST", "/api/runs", { ...same, "content-type": "application/x-www-form-urlencoded" }),
      check("POST", "/api/runs", { ...same, "content-type": "multipart/form-data; boundary=x" }),
      check("POST", "/api/runs", { ...same, "content-length": "20" }),
      check("POST", "/api/runs", { ...same, "content-type": "application/json; charset=utf-8" }),
      check("POST", "/api/runs/x/cancel", { ...same, "content-length": "0" }),
      check("DELETE", "/api/webhook", same),
    ]).toEqual([415, 415, 415, 415, "ok", "ok", "ok"]);
  });

  it("leaves alone reads, API-key requests and requests without a cookie", () => {
    const foreign = { origin: "https://evil.example", "content-type": "text/plain", "content-length": "5" };
    expect([
      check("GET", "/api/runs", { ...COOKIE, ...foreign }),
      check("HEAD", "/api/runs", { ...COOKIE, ...foreign }),
      check("POST", "/api/runs", { ...COOKIE, ...foreign, authorization: "Bearer crt_abc" }),
      check("POST", "/api/runs", { ...COOKIE, ...foreign, "x-api-key": "crt_abc" }),
      check("POST", "/api/runs", foreign),
      check("POST", "/.well-known/workflow/v1/step", { ...COOKIE, ...foreign }),
    ]).toEqual(["ok", "ok", "ok", "ok", "ok", "ok"]);
  });

  it("refuses a server action from another origin with or without a cookie, and action bodies over 1 MB", () => {
    const action = { "next-action": "7f3a", "content-type": "text/plain;charset=UTF-8" };
    expect([
      check("POST", "/", { ...action, origin: "http://127.0.0.1:4500", "content-length": "10" }),
      check("POST", "/reports/x", { ...action, ...COOKIE, origin: "https://evil.example", "content-length": "10" }),
      check("POST", "/", { ...action, origin: APP, "content-length": "10" }),
      check("POST", "/", { ...action, "content-length": "10" }),
      check("POST", "/", { ...action, origin: APP, "content-length": String(10 * 1024 * 1024) }),
      check("POST", "/", { ...action, origin: APP, "content-length": String(1024 * 1024) }),
      check("POST", "/", { ...action, origin: APP, "transfer-encoding": "chunked" }),
      check("POST", "/api/runs", { "content-type": "application/json", "content-length": String(10 * 1024 * 1024) }),
    ]).toEqual([403, 403, "ok", "ok", 413, "ok", 411, "ok"]);
  });

  it("says why, in words a user can act on", () => {
    expect(CROSS_ORIGIN_MESSAGE).toBe(
      "This request came from another site, or without the headers that show it came from this one, and was refused.",
    );
    expect(JSON_ONLY_MESSAGE).toBe("Send the request body as JSON, with Content-Type: application/json.");
  });
});
