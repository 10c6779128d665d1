import { describe, expect, it } from "vitest";
import {
  canClaimRun,
  canManageAccount,
  canReadRun,
  canStartRun,
  canWriteRun,
  historyScope,
  isAdmin,
  ownerIdFor,
  type Caller,
  type RunWrite,
} from "@/lib/auth/rules";
import { isPublicPath, safeNext, secureCookies, securityHeaders, servedOverHttps } from "@/lib/auth/gate";
import { authOffWarning, bindHost, isLoopback, listenPort } from "@/lib/auth/bind";

// The access rules, one assertion per rule and caller kind. Ids are shaped like the real ones:
// better-auth user ids (32 characters) and browser session ids (base64url of 24 bytes).
const ADMIN: Caller = {
  kind: "user",
  userId: "adm1nAAAAAAAAAAAAAAAAAAAAAAAAAAA",
  email: "admin@lab.org",
  name: "Ada",
  role: "admin",
  credential: "session",
};
const ALICE: Caller = {
  kind: "user",
  userId: "a1iceAAAAAAAAAAAAAAAAAAAAAAAAAAA",
  email: "alice@lab.org",
  name: "Alice",
  role: "user",
  credential: "session",
};
const BOB: Caller = {
  kind: "user",
  userId: "b0bAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
  email: "bob@lab.org",
  name: "Bob",
  role: "user",
  credential: "session",
};
const GUEST: Caller = { kind: "guest" };
const LAPTOP: Caller = { kind: "local", sessionId: "laptop-session-xxxxxxxxxxxxxxxxx" };
const NEW_BROWSER: Caller = { kind: "local", sessionId: null };
const WRITES: RunWrite[] = ["cancel", "delete", "share", "revoke", "rerun"];

const alicesRun = { ownerId: ALICE.kind === "user" ? ALICE.userId : "" };
const cliRun = { ownerId: null };
const laptopRun = { ownerId: "laptop-session-xxxxxxxxxxxxxxxxx" };

describe("reading a run (page, exports, stream, JSON, chat messages)", () => {
  it("with accounts: the owner and admins read it; another user and a guest do not (they get 404)", () => {
    expect(canReadRun(ALICE, alicesRun)).toBe(true);
    expect(canReadRun(ADMIN, alicesRun)).toBe(true);
    expect(canReadRun(BOB, alicesRun)).toBe(false);
    expect(canReadRun(GUEST, alicesRun)).toBe(false);
    expect(canReadRun(BOB, cliRun)).toBe(false);
    expect(canReadRun(ADMIN, cliRun)).toBe(true);
  });
  it("with CRITICA_AUTH=off anyone holding the id reads it, as before accounts", () => {
    expect(canReadRun(NEW_BROWSER, laptopRun)).toBe(true);
    expect(canReadRun(LAPTOP, cliRun)).toBe(true);
  });
});

describe("writing to a run", () => {
  it.each(WRITES)("%s: the owner may, another user and a guest may not", (write) => {
    expect(canWriteRun(ALICE, alicesRun, write)).toBe(true);
    expect(canWriteRun(BOB, alicesRun, write)).toBe(false);
    expect(canWriteRun(GUEST, alicesRun, write)).toBe(false);
    expect(canWriteRun(BOB, cliRun, write)).toBe(false);
  });
  it("an admin may cancel and delete anyone's run, but not share, revoke the links of, or re-run it", () => {
    expect(WRITES.filter((w) => canWriteRun(ADMIN, alicesRun, w))).toEqual(["cancel", "delete"]);
  });
  it.each(WRITES)("%s with CRITICA_AUTH=off: the browser that started it, or anyone for a CLI run", (write) => {
    expect(canWriteRun(LAPTOP, laptopRun, write)).toBe(true);
    expect(canWriteRun(NEW_BROWSER, laptopRun, write)).toBe(false);
    expect(canWriteRun(NEW_BROWSER, cliRun, write)).toBe(true);
  });
});

describe("managing the account", () => {
  it("a signed-in browser session may; the same user with an API key, a guest or a local session may not", () => {
    expect([ADMIN, ALICE, { ...ALICE, credential: "api-key" } as Caller, GUEST, LAPTOP].map(canManageAccount)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});

describe("starting, claiming, listing and owning runs", () => {
  it("guests cannot start runs; users and a personal install can", () => {
    expect([ALICE, ADMIN, LAPTOP, NEW_BROWSER, GUEST].map(canStartRun)).toEqual([true, true, true, true, false]);
  });
  it("only an admin claims, and only runs no account owns", () => {
    const accounts = new Set([(ADMIN as { userId: string }).userId, (ALICE as { userId: string }).userId]);
    expect(canClaimRun(ADMIN, cliRun, accounts)).toBe(true);
    expect(canClaimRun(ADMIN, laptopRun, accounts)).toBe(true);
    expect(canClaimRun(ADMIN, alicesRun, accounts)).toBe(false);
    expect(canClaimRun(ALICE, cliRun, accounts)).toBe(false);
    expect(canClaimRun(LAPTOP, cliRun, accounts)).toBe(false);
  });
  it("history: a user sees exactly their runs whatever they ask; an admin may pick a user, all or unclaimed", () => {
    expect(historyScope(ALICE)).toEqual({ owner: "a1iceAAAAAAAAAAAAAAAAAAAAAAAAAAA", withUnowned: false });
    expect(historyScope(ALICE, "b0bAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")).toEqual({
      owner: "a1iceAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      withUnowned: false,
    });
    expect(historyScope(ALICE, "unclaimed")).toEqual({ owner: "a1iceAAAAAAAAAAAAAAAAAAAAAAAAAAA", withUnowned: false });
    expect(historyScope(ADMIN)).toEqual({ owner: "adm1nAAAAAAAAAAAAAAAAAAAAAAAAAAA", withUnowned: false });
    expect(historyScope(ADMIN, "b0bAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")).toEqual({
      owner: "b0bAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      withUnowned: false,
    });
    expect(historyScope(ADMIN, "unclaimed")).toEqual({ unclaimed: true });
    expect(historyScope(ADMIN, "all")).toEqual({ all: true });
    expect(historyScope(ALICE, "all")).toEqual({ owner: "a1iceAAAAAAAAAAAAAAAAAAAAAAAAAAA", withUnowned: false });
    expect(historyScope(GUEST, "unclaimed")).toEqual({ nobody: true });
    expect(historyScope(LAPTOP)).toEqual({ owner: "laptop-session-xxxxxxxxxxxxxxxxx", withUnowned: true });
    expect(historyScope(NEW_BROWSER)).toEqual({ owner: null, withUnowned: true });
  });
  it("a new run belongs to the user, or to the browser session with CRITICA_AUTH=off", () => {
    expect([ALICE, LAPTOP, NEW_BROWSER, GUEST].map(ownerIdFor)).toEqual([
      "a1iceAAAAAAAAAAAAAAAAAAAAAAAAAAA",
      "laptop-session-xxxxxxxxxxxxxxxxx",
      null,
      null,
    ]);
    expect([ADMIN, ALICE, GUEST, LAPTOP].map(isAdmin)).toEqual([true, false, false, false]);
  });
});

describe("the gate in front of every request", () => {
  it(
    "opens sign-in, sign-up, share links, auth endpoints, health, OpenAPI and security.txt to everyone, and " +
      "nothing else",
    () => {
      const open = [
        "/sign-in",
        "/sign-up",
        "/share/abc_DEF-123",
        "/share/abc/export/markdown",
        "/api/auth/sign-in/email",
        "/api/health",
        "/api/openapi.json",
        "/.well-known/security.txt",
      ];
      // The engine's endpoints are not open: they answer the engine alone (engine-gate.test.ts).
      const closed = [
        "/",
        "/reports",
        "/reports/7d1c3a4e-0000-4000-8000-000000000000",
        "/api/runs",
        "/api/checks",
        "/settings/api-keys",
        "/sign-out",
        "/share",
        "/api/healthz",
        "/sign-in-now",
        "/.well-known/workflow/v1/step",
        "/.well-known/security.txt/x",
      ];
      expect(open.filter(isPublicPath)).toEqual(open);
      expect(closed.filter(isPublicPath)).toEqual([]);
    },
  );
  it("redirects after sign-in only to a path on this site", () => {
    expect(
      ["/reports?q=lithium", "//evil.example", "/\\evil.example", "https://evil.example", "", null].map(safeNext),
    ).toEqual(["/reports?q=lithium", "/", "/", "/", "/", "/"]);
  });
  it("sends a nonce-based CSP that forbids framing, with nosniff and a strict referrer policy", () => {
    const h = securityHeaders("bm9uY2U=", { dev: false });
    expect(h["Content-Security-Policy"]).toBe(
      "default-src 'self'; script-src 'self' 'nonce-bm9uY2U=' 'strict-dynamic'; style-src 'self' " +
        "'unsafe-inline'; img-src 'self' blob: data:; font-src 'self'; connect-src 'self'; object-src 'none'; " +
        "base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
    );
    expect(h["X-Content-Type-Options"]).toBe("nosniff");
    expect(h["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    expect(securityHeaders("x", { dev: true })["Content-Security-Policy"]).toContain(
      "'nonce-x' 'strict-dynamic' 'unsafe-eval';",
    );
    expect(h["Strict-Transport-Security"]).toBeUndefined();
  });
  it("marks every cookie set over HTTPS Secure, and leaves plain HTTP answers alone", () => {
    const response = () => {
      const headers = new Headers();
      headers.append("set-cookie", "better-auth.session_token=abc; Max-Age=604800; Path=/; HttpOnly; SameSite=Lax");
      headers.append("set-cookie", "other=1; Path=/; Secure");
      return new Response("{}", { status: 200, headers });
    };
    expect(secureCookies(response(), true).headers.getSetCookie()).toEqual([
      "better-auth.session_token=abc; Max-Age=604800; Path=/; HttpOnly; SameSite=Lax; Secure",
      "other=1; Path=/; Secure",
    ]);
    expect(secureCookies(response(), false).headers.getSetCookie()[0]).toBe(
      "better-auth.session_token=abc; Max-Age=604800; Path=/; HttpOnly; SameSite=Lax",
    );
  });
  it("adds HSTS (a year) only to answers served over HTTPS, as X-Forwarded-Proto says", () => {
    expect(securityHeaders("x", { dev: false, https: true })["Strict-Transport-Security"]).toBe("max-age=31536000");
    expect(["https", "HTTPS", "https, http", "http", "http, https", null].map(servedOverHttps)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});

describe("the warning of a personal install reachable from the network", () => {
  it("reads the bind address from next start's -H, then HOSTNAME, else all interfaces", () => {
    expect(bindHost(["node", "next", "start", "-H", "127.0.0.1", "-p", "3000"], {})).toBe("127.0.0.1");
    expect(bindHost(["node", "next", "start", "--hostname=0.0.0.0"], {})).toBe("0.0.0.0");
    expect(bindHost(["node", "next", "start"], { HOSTNAME: "::1" })).toBe("::1");
    expect(bindHost(["node", "next", "start"], {})).toBe("0.0.0.0");
  });
  it("reads the port from next start's -p, then PORT, else 3000", () => {
    expect(listenPort(["node", "next", "start", "-p", "4100"], { PORT: "5000" })).toBe(4100);
    expect(listenPort(["node", "next", "start", "--port=4200"], {})).toBe(4200);
    expect(listenPort(["node", "next", "start"], { PORT: "5000" })).toBe(5000);
    expect(listenPort(["node", "next", "start"], {})).toBe(3000);
  });
  it("warns only with CRITICA_AUTH=off on a non-loopback address", () => {
    expect(
      ["localhost", "127.0.0.1", "127.8.9.10", "::1", "[::1]", "0.0.0.0", "::", "192.168.1.5"].map(isLoopback),
    ).toEqual([true, true, true, true, true, false, false, false]);
    expect(authOffWarning("off", "127.0.0.1")).toBeNull();
    expect(authOffWarning("on", "0.0.0.0")).toBeNull();
    expect(authOffWarning("off", "0.0.0.0")).toMatch(
      /^critica: WARNING: CRITICA_AUTH=off and the server listens on 0\.0\.0\.0, not only on loopback/,
    );
  });
});
