import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// The watches' HTTP API on its real route handlers and a temp database: the browser session is whatever
// `session.id` says (CRITICA_AUTH=off); `after` callbacks run at once.
const session = vi.hoisted(() => ({ id: null as string | null }));
// A start refused by the run limits, when set: what admitStart answers for a signed-in user over a limit.
const limit = vi.hoisted(() => ({ refusal: null as null | { error: string; status: 429; retryAfterSeconds: number } }));
vi.mock("@/app/_server/caller", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/app/_server/caller")>();
  return { ...original, admitStart: async () => limit.refusal ?? original.admitStart() };
});
vi.mock("server-only", () => ({}));
vi.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) => (name === "critica_session" && session.id ? { value: session.id } : undefined),
    set: () => undefined,
  }),
}));
vi.mock("next/server", () => ({ connection: async () => undefined, after: (fn: () => unknown) => void fn() }));
// This machine resolves no public name: example.org answers its public address, other names are not found.
vi.mock("node:dns", async (importOriginal) => {
  const dns = await importOriginal<typeof import("node:dns")>();
  const lookup = async (host: string, options: object) =>
    host === "example.org" ? [{ address: "93.184.215.14", family: 4 }] : dns.promises.lookup(host, options);
  return { default: { ...dns, promises: { ...dns.promises, lookup } } };
});

const watches = await import("@/app/api/watches/route");
const watchById = await import("@/app/api/watches/[id]/route");
const checkNow = await import("@/app/api/watches/[id]/check/route");
const { getWatch } = await import("@/lib/db/watches");
const { watchNow } = await import("@/lib/watches/clock");
const feeds = await import("@/app/api/feeds/[token]/route");
const notifications = await import("@/app/api/notifications/route");
const webhook = await import("@/app/api/webhook/route");
const openapi = await import("@/app/api/openapi.json/route");
const { createRun, updateRun } = await import("@/lib/db/runs");
const { saveNotification } = await import("@/lib/db/watch-notices");
const { useTempDatabase } = await import("@/tests/support/temp-database");

const ORIGIN = "http://critica.test";
const ALICE = "alice-session-aaaaaaaaaaaaaaaa";
const BOB = "bob-session-bbbbbbbbbbbbbbbbbbbb";
const json = (method: string, url: string, body?: unknown) =>
  new Request(`${ORIGIN}${url}`, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
const as = async <T>(who: string | null, call: () => Promise<Response>): Promise<{ status: number; body: T }> => {
  session.id = who;
  const res = await call();
  const text = await res.text();
  return {
    status: res.status,
    body: (text && res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text) as T,
  };
};
const byId = (id: string) => ({ params: Promise.resolve({ id }) });

async function completedRun(ownerId: string): Promise<string> {
  const id = crypto.randomUUID();
  await createRun({
    id,
    settings: {
      mode: "research",
      question: "Does ketamine reduce pain in cancer patients on morphine?",
      sources: ["pubmed", "ctgov"],
      maxIterations: 1,
    },
    backend: "extractive",
    model: null,
    ownerId,
  });
  await updateRun(id, { status: "completed" });
  return id;
}

describe("the watches' HTTP API", () => {
  let cleanup: () => void;
  beforeAll(async () => {
    ({ cleanup } = await useTempDatabase("watch-routes"));
  });
  afterAll(() => cleanup());

  it("watches, lists, changes and deletes a watch for the run's owner only", async () => {
    const runId = await completedRun(ALICE);
    expect(
      await as(ALICE, () => watches.POST(json("POST", "/api/watches", { runId, cadence: "hourly" }))),
    ).toMatchObject({
      status: 400,
      body: { error: 'cadence: Invalid option: expected one of "daily"|"weekly"|"monthly"' },
    });
    expect(await as(ALICE, () => watches.POST(json("POST", "/api/watches", "{")))).toEqual({
      status: 400,
      body: { error: "The request body is not valid JSON." },
    });
    expect(await as(BOB, () => watches.POST(json("POST", "/api/watches", { runId, cadence: "weekly" })))).toEqual({
      status: 403,
      body: { error: "Only the browser that started this run can watch it." },
    });
    const created = await as<{ id: string; status: string; sources: string[]; feedPath: string }>(ALICE, () =>
      watches.POST(json("POST", "/api/watches", { runId, cadence: "weekly", sources: ["pubmed"] })),
    );
    expect([created.status, created.body.status, created.body.sources]).toEqual([201, "active", ["pubmed"]]);
    const id = created.body.id;

    expect(
      (await as<{ watches: Array<{ id: string }> }>(ALICE, () => watches.GET())).body.watches.map((w) => w.id),
    ).toEqual([id]);
    expect((await as<{ watches: unknown[] }>(BOB, () => watches.GET())).body.watches).toEqual([]);
    expect(await as(ALICE, () => watchById.PATCH(json("PATCH", `/api/watches/${id}`, {}), byId(id)))).toMatchObject({
      status: 400,
      body: { error: "Give cadence, sources or status." },
    });
    expect(
      await as(BOB, () => watchById.PATCH(json("PATCH", `/api/watches/${id}`, { status: "paused" }), byId(id))),
    ).toEqual({ status: 403, body: { error: "Only the browser that started this run can change its watch." } });
    expect(
      (
        await as<{ status: string; cadence: string }>(ALICE, () =>
          watchById.PATCH(json("PATCH", `/api/watches/${id}`, { status: "paused", cadence: "monthly" }), byId(id)),
        )
      ).body,
    ).toMatchObject({ status: "paused", cadence: "monthly" });
    expect(
      (await as<{ status: string }>(ALICE, () => watchById.GET(json("GET", `/api/watches/${id}`), byId(id)))).body
        .status,
    ).toBe("paused");

    // The feed answers by its token alone; an unknown token is a 404.
    const feed = await feeds.GET(new Request(`${ORIGIN}${created.body.feedPath}`), {
      params: Promise.resolve({ token: created.body.feedPath.split("/").pop()! }),
    });
    expect([feed.status, feed.headers.get("content-type")]).toEqual([200, "application/atom+xml; charset=utf-8"]);
    expect(await feed.text()).toContain(
      `<link rel="self" type="application/atom+xml" href="${ORIGIN}${created.body.feedPath}"/>`,
    );
    expect(
      (await feeds.GET(new Request(`${ORIGIN}/api/feeds/x`), { params: Promise.resolve({ token: "A".repeat(43) }) }))
        .status,
    ).toBe(404);

    expect((await as(BOB, () => watchById.DELETE(json("DELETE", `/api/watches/${id}`), byId(id)))).status).toBe(403);
    expect((await as(ALICE, () => watchById.DELETE(json("DELETE", `/api/watches/${id}`), byId(id)))).status).toBe(204);
    expect(await as(ALICE, () => watchById.GET(json("GET", `/api/watches/${id}`), byId(id)))).toEqual({
      status: 404,
      body: { error: "Unknown watch." },
    });
  });

  it("checks a watch now for its owner only, not while paused, and counts the check in the run limits", async () => {
    const runId = await completedRun(ALICE);
    const created = await as<{ id: string; nextDueAt: string }>(ALICE, () =>
      watches.POST(json("POST", "/api/watches", { runId, cadence: "weekly" })),
    );
    const id = created.body.id;
    const post = () => checkNow.POST(json("POST", `/api/watches/${id}/check`), byId(id));
    expect(await as(BOB, post)).toEqual({
      status: 403,
      body: { error: "Only the browser that started this run can check its watch." },
    });
    expect(await as(ALICE, () => checkNow.POST(json("POST", "/api/watches/x/check"), byId("x")))).toEqual({
      status: 404,
      body: { error: "Unknown watch." },
    });

    // Over a run limit: the same 429 and Retry-After as a run, and the watch keeps its due time.
    limit.refusal = {
      error: "You have started 10 runs in the last minute, the most allowed.",
      status: 429,
      retryAfterSeconds: 42,
    };
    session.id = ALICE;
    const refused = await post();
    limit.refusal = null;
    expect([refused.status, refused.headers.get("retry-after"), await refused.json()]).toEqual([
      429,
      "42",
      { error: "You have started 10 runs in the last minute, the most allowed." },
    ]);
    expect((await getWatch(id))!.nextDueAt.toISOString()).toBe(created.body.nextDueAt);

    // Admitted: the watch is due now (a week earlier than scheduled), so its workflow checks it at once.
    const before = watchNow().getTime();
    const checked = await as<{ id: string; nextDueAt: string }>(ALICE, post);
    expect(checked.status).toBe(202);
    const due = new Date(checked.body.nextDueAt).getTime();
    expect(due).toBeGreaterThanOrEqual(before);
    expect(due).toBeLessThanOrEqual(watchNow().getTime());

    await as(ALICE, () => watchById.PATCH(json("PATCH", `/api/watches/${id}`, { status: "paused" }), byId(id)));
    expect(await as(ALICE, post)).toEqual({
      status: 409,
      body: { error: "This watch is paused: resume it to check now." },
    });
  });

  it("lists the caller's notifications with the unread count and marks them read", async () => {
    const runId = await completedRun(ALICE);
    for (const n of [1, 2])
      await saveNotification({
        id: `n${n}`,
        ownerId: ALICE,
        runId,
        checkId: `c${n}`,
        title: "New evidence",
        body: `headline ${n}`,
        url: `/reports/${runId}/versions/${n + 1}`,
      });
    const listed = await as<{ unread: number; notifications: Array<{ id: string; read: boolean }> }>(ALICE, () =>
      notifications.GET(),
    );
    expect([listed.body.unread, listed.body.notifications.map((n) => n.read)]).toEqual([2, [false, false]]);
    expect((await as<{ unread: number }>(BOB, () => notifications.GET())).body.unread).toBe(0);
    expect(
      (await as(ALICE, () => notifications.POST(json("POST", "/api/notifications", { ids: ["n1"] })))).body,
    ).toEqual({ unread: 1 });
    expect((await as(ALICE, () => notifications.POST(json("POST", "/api/notifications", {})))).body).toEqual({
      unread: 0,
    });
  });

  it("sets the caller's webhook with a new secret for an http(s) URL only, and removes it", async () => {
    expect(
      await as(ALICE, () => webhook.PUT(json("PUT", "/api/webhook", { url: "ftp://example.org/hook" }))),
    ).toMatchObject({ status: 400, body: { error: "url: Give an http or https URL." } });
    const set = await as<{ url: string; secret: string; deliveries: unknown[] }>(ALICE, () =>
      webhook.PUT(json("PUT", "/api/webhook", { url: "https://example.org/hook" })),
    );
    expect([set.status, set.body.url, set.body.deliveries]).toEqual([200, "https://example.org/hook", []]);
    expect(set.body.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    // An address on the server's own network is refused where it is saved, and the saved webhook is kept.
    for (const url of ["http://127.1:3000/", "http://localhost/hook", "http://[::ffff:169.254.169.254]/"]) {
      expect(await as(ALICE, () => webhook.PUT(json("PUT", "/api/webhook", { url })))).toMatchObject({
        status: 400,
        body: { error: expect.stringMatching(/^This URL points into the server's own network/) },
      });
    }
    expect(
      await as(ALICE, () => webhook.PUT(json("PUT", "/api/webhook", { url: "https://no-such.host.invalid/" }))),
    ).toEqual({
      status: 400,
      body: { error: "The host no-such.host.invalid could not be found." },
    });
    expect((await as<{ url: string | null }>(ALICE, () => webhook.GET())).body.url).toBe("https://example.org/hook");
    expect((await as<{ url: string | null }>(BOB, () => webhook.GET())).body.url).toBeNull();
    expect((await as(ALICE, () => webhook.DELETE())).status).toBe(204);
    expect((await as<{ url: string | null }>(ALICE, () => webhook.GET())).body.url).toBeNull();
  });

  it("documents every watch operation in the OpenAPI document", async () => {
    const doc = (await (await openapi.GET()).json()) as {
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, unknown> };
    };
    expect(
      Object.fromEntries(
        [
          "/api/watches",
          "/api/watches/{id}",
          "/api/watches/{id}/check",
          "/api/feeds/{token}",
          "/api/notifications",
          "/api/webhook",
        ].map((p) => [p, Object.keys(doc.paths[p] ?? {}).sort()]),
      ),
    ).toEqual({
      "/api/watches": ["get", "post"],
      "/api/watches/{id}": ["delete", "get", "patch"],
      "/api/watches/{id}/check": ["post"],
      "/api/feeds/{token}": ["get"],
      "/api/notifications": ["get", "post"],
      "/api/webhook": ["delete", "get", "put"],
    });
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining([
        "CreateWatchRequest",
        "ChangeWatchRequest",
        "Watch",
        "WatchCheck",
        "Cadence",
        "NotificationList",
        "Webhook",
      ]),
    );
  });
});
