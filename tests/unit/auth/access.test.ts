import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// Every read and write of a run through the real route handlers and server actions, with CRITICA_AUTH=on and three
// accounts signed in through better-auth (admin first, then Alice and Bob): Bob must neither see nor change Alice's
// runs, the admin reads everything and may cancel or delete, history lists only the caller's runs.
const req = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock("server-only", () => ({}));
vi.mock("next/headers", () => ({
  headers: async () => req.headers,
  cookies: async () => ({ get: () => undefined, set: () => undefined }),
}));
vi.mock("next/server", () => ({ connection: async () => undefined }));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));
vi.mock("next/navigation", () => ({
  redirect: (url: string) => {
    throw new Error(`redirect ${url}`);
  },
}));

const { getDb } = await import("@/lib/db/client");
const { createRun } = await import("@/lib/db/runs");
const { createShareLink, getShareLink } = await import("@/lib/db/share-links");
const runs = await import("@/app/api/runs/route");
const runById = await import("@/app/api/runs/[id]/route");
const cancel = await import("@/app/api/runs/[id]/cancel/route");
const share = await import("@/app/api/runs/[id]/share/route");
const stream = await import("@/app/api/runs/[id]/stream/route");
const exportRoute = await import("@/app/reports/[id]/export/[format]/route");
const { cancelResearch } = await import("@/app/_server/research-actions");
const { deleteReport, rerunReport } = await import("@/app/_server/report-actions");
const { revokeShare, shareRun } = await import("@/app/_server/share-actions");
const { claimRunsAction } = await import("@/app/_server/account-actions");
const { cliRunOwner } = await import("@/lib/auth/cli-owner");
const { useTempDatabase } = await import("@/tests/support/temp-database");
const { ORIGIN, signUp } = await import("./support");

type Account = { cookie: string; userId: string };
const as = (a: Account | null) => {
  req.headers = new Headers(a ? { cookie: a.cookie } : {});
};
const params = <T extends object>(p: T) => ({ params: Promise.resolve(p) });
const get = (path: string) => new Request(`${ORIGIN}${path}`);
const post = (path: string) => new Request(`${ORIGIN}${path}`, { method: "POST" });
const listIds = async (query = "") =>
  ((await (await runs.GET(get(`/api/runs${query}`))).json()).runs as Array<{ id: string }>).map((r) => r.id);

async function seed(ownerId: string | null, status = "completed", minutesAgo = 0): Promise<string> {
  const id = crypto.randomUUID();
  const settings = {
    mode: "research" as const,
    question: `Is lithium nephrotoxic? (${status}, ${minutesAgo})`,
    sources: ["local" as const],
    maxIterations: 1,
  };
  await createRun({ id, settings, backend: "extractive", model: null, ownerId });
  await getDb().run.update({ where: { id }, data: { status, createdAt: new Date(Date.now() - minutesAgo * 60_000) } });
  return id;
}

describe("authorisation of every read and write (CRITICA_AUTH=on)", () => {
  let cleanup: () => void;
  const saved = { ...process.env };
  let admin: Account, alice: Account, bob: Account;
  let done: string, live: string, cli: string, oldSession: string;
  beforeAll(async () => {
    Object.assign(process.env, {
      CRITICA_AUTH: "on",
      BETTER_AUTH_SECRET: "unit-test-secret-0123456789abcdef0123456789",
    });
    ({ cleanup } = await useTempDatabase("auth-access"));
    admin = await signUp("admin@lab.org");
    alice = await signUp("alice@lab.org");
    bob = await signUp("bob@lab.org");
    done = await seed(alice.userId, "completed", 2);
    live = await seed(alice.userId, "running", 1);
    cli = await seed(null, "completed", 4);
    oldSession = await seed("browser-session-from-before-accounts", "completed", 3);
  });
  afterAll(() => {
    process.env = saved;
    cleanup();
  });

  it("lets the owner and admins read a run's JSON, stream and exports; another user and a guest get 404", async () => {
    const statuses = async () => [
      (await runById.GET(get(`/api/runs/${done}`), params({ id: done }))).status,
      (await stream.GET(get(`/api/runs/${done}/stream`), params({ id: done }))).status,
      (await exportRoute.GET(get(`/reports/${done}/export/markdown`), params({ id: done, format: "json" }))).status,
    ];
    as(alice);
    expect(await statuses()).toEqual([200, 204, 200]);
    as(admin);
    expect(await statuses()).toEqual([200, 204, 200]);
    as(bob);
    expect(await statuses()).toEqual([404, 404, 404]);
    expect(await (await runById.GET(get(`/api/runs/${done}`), params({ id: done }))).json()).toEqual({
      error: "Unknown run.",
    });
    as(null);
    expect(await statuses()).toEqual([404, 404, 404]);
  });

  it("sends an ended run's missed events to a page rendered while it ran (a fast run), then ends", async () => {
    const { appendRunEvent } = await import("@/lib/db/runs");
    const fast = await seed(alice.userId, "completed", 1);
    const search = { iteration: 1, phase: "question", source: "local", query: "lithium", hits: 3, durationMs: 5 };
    await appendRunEvent(fast, 1, "search", search as never);
    await appendRunEvent(fast, 2, "run-finished", { status: "completed", message: null, durationMs: 900 });
    as(alice);
    // The page was rendered with event 1 while the run ran: the stream sends event 2, the run's end, and closes.
    const res = await stream.GET(get(`/api/runs/${fast}/stream?after=1`), params({ id: fast }));
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toContain('"type":"data-run-finished"');
    expect(body).not.toContain('"type":"data-search"');
    // A reader that has every event gets 204.
    expect((await stream.GET(get(`/api/runs/${fast}/stream?after=2`), params({ id: fast }))).status).toBe(204);
    // The other tests count the seeded runs.
    await getDb().run.delete({ where: { id: fast } });
  });

  it("lists only the caller's runs; an admin may list another user's or unclaimed runs; a guest gets 401", async () => {
    as(alice);
    expect(await listIds()).toEqual([live, done]);
    expect(await listIds("?user=unclaimed")).toEqual([live, done]);
    as(bob);
    expect(await listIds()).toEqual([]);
    expect(await listIds(`?user=${alice.userId}`)).toEqual([]);
    as(admin);
    expect(await listIds()).toEqual([]);
    expect(await listIds(`?user=${alice.userId}`)).toEqual([live, done]);
    expect(await listIds("?user=unclaimed")).toEqual([oldSession, cli]);
    as(null);
    expect((await runs.GET(get("/api/runs"))).status).toBe(401);
  });

  it("refuses another user every write, through the API and the server actions, and changes nothing", async () => {
    const token = await createShareLink(done, { run: {}, events: [], evidence: [] } as never);
    as(bob);
    expect((await cancel.POST(post(`/api/runs/${live}/cancel`), params({ id: live }))).status).toBe(404);
    expect((await share.POST(post(`/api/runs/${done}/share`), params({ id: done }))).status).toBe(404);
    expect(await cancelResearch(live)).toEqual({ error: "Unknown run." });
    expect(await shareRun(done)).toEqual({ error: "Unknown run." });
    expect(await revokeShare(token)).toEqual({ error: "Unknown link." });
    expect(await deleteReport({ runId: done, revokeShareLinks: true })).toEqual({ error: "Unknown run." });
    expect(await rerunReport(done)).toEqual({ error: "Unknown run." });
    expect(await claimRunsAction()).toEqual({ error: "Only an administrator can claim runs." });
    as(null);
    expect(await deleteReport({ runId: done, revokeShareLinks: false })).toEqual({ error: "Unknown run." });
    expect(await getDb().run.count({ where: { id: { in: [done, live] } } })).toBe(2);
    expect((await getDb().run.findUniqueOrThrow({ where: { id: live } })).status).toBe("running");
    expect((await getShareLink(token))?.revokedAt).toBeNull();
    expect(await getDb().shareLink.count({ where: { runId: done } })).toBe(1);
    expect(await getDb().run.count()).toBe(4);
  });

  it("lets an admin cancel or delete another user's run, but not share, revoke or re-run it (403)", async () => {
    as(admin);
    const shareRes = await share.POST(post(`/api/runs/${done}/share`), params({ id: done }));
    expect(shareRes.status).toBe(403);
    expect(await shareRes.json()).toEqual({ error: "Only the owner of this run can share it." });
    expect(await shareRun(done)).toEqual({ error: "Only the owner of this run can share it." });
    expect(await rerunReport(done)).toEqual({ error: "Only the owner of this run can re-run it." });
    const [link] = await getDb().shareLink.findMany({ where: { runId: done } });
    expect(await revokeShare(link.token)).toEqual({ error: "Only the owner of this run can revoke its links." });
    // Cancel passes the ownership check and sets the run's cancel flag in the database, which the
    // executing instance polls, wherever the run executes.
    const cancelled = await cancel.POST(post(`/api/runs/${live}/cancel`), params({ id: live }));
    expect(cancelled.status).toBe(202);
    expect(await cancelled.json()).toEqual({ ok: true, message: "Cancelling… everything found so far is kept." });
    expect((await getDb().run.findUniqueOrThrow({ where: { id: live } })).cancelRequestedAt).toBeInstanceOf(Date);
  });

  it("lets the owner share and delete their run", async () => {
    as(alice);
    const shared = await share.POST(post(`/api/runs/${done}/share`), params({ id: done }));
    expect(shared.status).toBe(201);
    const { token } = await shared.json();
    expect(await revokeShare(token)).toEqual({ ok: true });
    expect(await deleteReport({ runId: done, revokeShareLinks: true })).toEqual({ ok: true });
    expect(await getDb().run.count({ where: { id: done } })).toBe(0);
  });

  it("lets the admin claim the runs no account owns (CLI runs, browser sessions from before accounts)", async () => {
    as(admin);
    expect(await claimRunsAction()).toEqual({ claimed: 2 });
    expect(await listIds()).toEqual([oldSession, cli]);
    expect(await listIds("?user=unclaimed")).toEqual([]);
    as(alice);
    expect(await listIds()).toEqual([live]);
  });

  it("gives a CLI run to the account of --as <email>, by default the admin; refuses an unknown e-mail", async () => {
    expect(await cliRunOwner(undefined)).toBe(admin.userId);
    expect(await cliRunOwner("Alice@Lab.org")).toBe(alice.userId);
    await expect(cliRunOwner("nobody@lab.org")).rejects.toThrow(
      "--as: no account has the e-mail address nobody@lab.org.",
    );
    process.env.CRITICA_AUTH = "off";
    try {
      expect(await cliRunOwner(undefined)).toBeNull();
      await expect(cliRunOwner("alice@lab.org")).rejects.toThrow("--as needs accounts (CRITICA_AUTH=on)");
    } finally {
      process.env.CRITICA_AUTH = "on";
    }
  });
});
