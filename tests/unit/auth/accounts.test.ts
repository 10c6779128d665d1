import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// Accounts on better-auth's real handler and a temp SQLite database: first account = admin, closed
// sign-up, hashed passwords, per-IP and per-account sign-in limits (429 + Retry-After), API keys (Bearer, hashed,
// revoked → 401) and the per-user limits on starting runs.
const req = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock("server-only", () => ({}));
vi.mock("next/headers", () => ({
  headers: async () => req.headers,
  cookies: async () => ({ get: () => undefined, set: () => undefined }),
}));
vi.mock("next/server", () => ({ connection: async () => undefined }));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));

const { getDb } = await import("@/lib/db/client");
const { createRun } = await import("@/lib/db/runs");
const { getAuth, oauthProviders } = await import("@/lib/auth/server");
const { admitRunStart } = await import("@/lib/auth/limits");
const runs = await import("@/app/api/runs/route");
const { inviteUserAction } = await import("@/app/_server/account-actions");
const { useTempDatabase } = await import("@/tests/support/temp-database");
const { ORIGIN, authPost, signUp } = await import("./support");

const PASSWORD = "correct horse battery";

describe("accounts, API keys and abuse limits (CRITICA_AUTH=on)", () => {
  let cleanup: () => void;
  const saved = { ...process.env };
  let admin: { cookie: string; userId: string };
  let alice: { cookie: string; userId: string };
  beforeAll(async () => {
    Object.assign(process.env, {
      CRITICA_AUTH: "on",
      BETTER_AUTH_SECRET: "unit-test-secret-0123456789abcdef0123456789",
    });
    ({ cleanup } = await useTempDatabase("auth-accounts"));
  });
  afterAll(() => {
    process.env = saved;
    cleanup();
  });

  it("makes the first account the admin and later ones users, storing only a password hash", async () => {
    admin = await signUp("Admin@Lab.org", PASSWORD);
    alice = await signUp("alice@lab.org", PASSWORD);
    const users = await getDb().user.findMany({ orderBy: { createdAt: "asc" }, select: { email: true, role: true } });
    expect(users).toEqual([
      { email: "admin@lab.org", role: "admin" },
      { email: "alice@lab.org", role: "user" },
    ]);
    const credential = await getDb().account.findFirstOrThrow({
      where: { userId: alice.userId, providerId: "credential" },
    });
    expect(credential.password).not.toContain(PASSWORD);
    expect(credential.password).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/); // better-auth's scrypt "salt:key", hex
  });

  it("refuses new accounts with CRITICA_SIGNUP=closed, and says so", async () => {
    process.env.CRITICA_SIGNUP = "closed";
    try {
      const refused = await authPost("/sign-up/email", {
        name: "mallory",
        email: "mallory@elsewhere.org",
        password: PASSWORD,
      });
      expect(refused.status).toBe(403);
      expect((await refused.json()).message).toBe(
        "Sign-up is closed on this server. Ask its administrator for an account.",
      );
      expect(await getDb().user.count()).toBe(2);

      // The administrator can still add an account; a user cannot; the new account signs in with its password.
      const form = (fields: Record<string, string>) =>
        Object.entries(fields).reduce((f, [k, v]) => (f.append(k, v), f), new FormData());
      const invite = { name: "Dana", email: " Dana@Lab.org ", password: "first password 1" };
      const empty = { name: "", email: "", created: null, error: null };
      req.headers = new Headers({ cookie: alice.cookie });
      expect(await inviteUserAction(empty, form(invite))).toEqual({
        name: "Dana",
        email: " Dana@Lab.org ",
        created: null,
        error: "Only an administrator can add accounts.",
      });
      req.headers = new Headers({ cookie: admin.cookie });
      expect(await inviteUserAction(empty, form({ ...invite, password: "short" }))).toMatchObject({
        error: "The first password needs at least 8 characters.",
      });
      expect(await inviteUserAction(empty, form(invite))).toEqual({
        name: "",
        email: "",
        created: "dana@lab.org",
        error: null,
      });
      expect(await inviteUserAction(empty, form(invite))).toMatchObject({
        error: "An account with this e-mail already exists.",
      });
      expect(
        await getDb().user.findUniqueOrThrow({ where: { email: "dana@lab.org" }, select: { role: true } }),
      ).toEqual({ role: "user" });
      expect((await authPost("/sign-in/email", { email: "dana@lab.org", password: "first password 1" })).status).toBe(
        200,
      );
    } finally {
      delete process.env.CRITICA_SIGNUP;
    }
  });

  it("lets the owner sign in from a fresh address after ten wrong passwords from other addresses", async () => {
    // Was: ten attempts a minute per account from any address, so anyone could lock carol out (429 for her too).
    await signUp("carol@lab.org", PASSWORD);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await authPost("/sign-in/email", { email: "carol@lab.org", password: "wrong password" })).status);
    expect(statuses).toEqual(Array(10).fill(401));
    const owner = await authPost("/sign-in/email", { email: "CAROL@lab.org", password: PASSWORD });
    expect(owner.status).toBe(200);
  });

  it("allows 10 sign-in attempts a minute per client address, then answers 429 with Retry-After", async () => {
    const ip = { "x-forwarded-for": "203.0.113.7" };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await authPost("/sign-in/email", { email: `nobody${i}@lab.org`, password: PASSWORD }, ip)).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    const blocked = await authPost("/sign-in/email", { email: "someone@lab.org", password: PASSWORD }, ip);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("accepts an API key as Authorization: Bearer, stores only its hash, answers 401 once it is revoked", async () => {
    const created = await (
      await getAuth()
    ).api.createApiKey({ body: { name: "pipeline" }, headers: new Headers({ cookie: alice.cookie }) });
    expect(created.key).toMatch(/^crt_[A-Za-z]{64}$/);
    const stored = await getDb().apikey.findFirstOrThrow({ where: { referenceId: alice.userId } });
    expect(stored.key).not.toBe(created.key);
    expect(stored.start).toBe(created.key.slice(0, 6));

    const own = crypto.randomUUID();
    await createRun({
      id: own,
      settings: { mode: "research", question: "Is lithium nephrotoxic?", sources: ["local"], maxIterations: 1 },
      backend: "extractive",
      model: null,
      ownerId: alice.userId,
    });
    await getDb().run.update({ where: { id: own }, data: { status: "completed" } });
    req.headers = new Headers({ authorization: `Bearer ${created.key}` });
    const listed = await runs.GET(new Request(`${ORIGIN}/api/runs`));
    expect(listed.status).toBe(200);
    expect((await listed.json()).runs.map((r: { id: string }) => r.id)).toEqual([own]);

    await (
      await getAuth()
    ).api.deleteApiKey({ body: { keyId: created.id }, headers: new Headers({ cookie: alice.cookie }) });
    const revoked = await runs.GET(new Request(`${ORIGIN}/api/runs`));
    expect(revoked.status).toBe(401);
    req.headers = new Headers({ authorization: "Bearer crt_not-a-real-key" });
    expect((await runs.GET(new Request(`${ORIGIN}/api/runs`))).status).toBe(401);
  });

  it("limits starts per user per minute and day, and runs in progress, with messages on when to retry", async () => {
    const caller = {
      kind: "user" as const,
      userId: admin.userId,
      email: "admin@lab.org",
      name: "Admin",
      role: "admin" as const,
      credential: "session" as const,
    };
    Object.assign(process.env, {
      CRITICA_RUNS_PER_MINUTE: "2",
      CRITICA_RUNS_PER_DAY: "3",
      CRITICA_MAX_CONCURRENT_RUNS: "2",
    });
    try {
      expect(await admitRunStart(caller)).toBeNull();
      expect(await admitRunStart(caller)).toBeNull();
      const minute = await admitRunStart(caller);
      expect(minute?.status).toBe(429);
      expect(minute?.message).toMatch(
        /^You have started 2 runs in the last minute, the most allowed\. Try again in \d+ seconds?\.$/,
      );
      // A new minute (the counter row expired): the third start of the day passes, the fourth hits the day's cap.
      await getDb().rateLimiterFlexible.updateMany({
        where: { key: { startsWith: "runs-minute" } },
        data: { expire: new Date(Date.now() - 1000) },
      });
      expect(await admitRunStart(caller)).toBeNull();
      await getDb().rateLimiterFlexible.updateMany({
        where: { key: { startsWith: "runs-minute" } },
        data: { expire: new Date(Date.now() - 1000) },
      });
      const day = await admitRunStart(caller);
      expect(day?.message).toBe(
        "You have started 3 runs today, the most allowed in 24 hours. Try again in about 24 hours.",
      );
      expect(day?.retryAfterSeconds).toBeGreaterThan(86_000);

      for (const status of ["running", "queued"]) {
        const id = crypto.randomUUID();
        await createRun({
          id,
          settings: { mode: "research", question: "q", sources: ["local"], maxIterations: 1 },
          backend: "extractive",
          model: null,
          ownerId: alice.userId,
        });
        await getDb().run.update({ where: { id }, data: { status } });
      }
      const busy = await admitRunStart({ ...caller, userId: alice.userId, role: "user" });
      expect(busy?.message).toBe(
        "You already have 2 runs in progress (at most 2 at once). Wait for one to finish, or cancel one, then " +
          "start again.",
      );
      req.headers = new Headers({ cookie: alice.cookie });
      const refused = await runs.POST(
        new Request(`${ORIGIN}/api/runs`, {
          method: "POST",
          body: JSON.stringify({ question: "Is lithium nephrotoxic?", sources: ["local"] }),
        }),
      );
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("30");
      expect((await refused.json()).error).toBe(busy?.message);
    } finally {
      for (const k of ["CRITICA_RUNS_PER_MINUTE", "CRITICA_RUNS_PER_DAY", "CRITICA_MAX_CONCURRENT_RUNS"])
        delete process.env[k];
    }
  });

  it("offers GitHub and Google when their client id and secret are set, redirecting to the provider", async () => {
    expect(oauthProviders().map((p) => p.id)).toEqual([]);
    Object.assign(process.env, {
      GITHUB_CLIENT_ID: "gh-client",
      GITHUB_CLIENT_SECRET: "gh-secret",
      GOOGLE_CLIENT_ID: "g-client",
      GOOGLE_CLIENT_SECRET: "g-secret",
    });
    try {
      expect(oauthProviders().map((p) => p.label)).toEqual(["GitHub", "Google"]);
      const github = await (await authPost("/sign-in/social", { provider: "github", callbackURL: "/reports" })).json();
      const url = new URL(github.url);
      expect(url.origin + url.pathname).toBe("https://github.com/login/oauth/authorize");
      expect(url.searchParams.get("client_id")).toBe("gh-client");
      expect(url.searchParams.get("redirect_uri")).toBe(`${ORIGIN}/api/auth/callback/github`);
      const google = new URL(
        (await (await authPost("/sign-in/social", { provider: "google", callbackURL: "/" })).json()).url,
      );
      expect(google.hostname).toBe("accounts.google.com");
      expect(google.searchParams.get("redirect_uri")).toBe(`${ORIGIN}/api/auth/callback/google`);
    } finally {
      for (const k of ["GITHUB_CLIENT_ID", "GITHUB_CLIENT_SECRET", "GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"])
        delete process.env[k];
    }
  });
});
