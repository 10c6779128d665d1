import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// A leaked API key is a script's credential in the wrong hands: it may use the research API, but it must not mint a
// key that outlives its revocation, change the account, or read the account's sessions. Every refused request here
// changes no row of the database.
const req = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock("server-only", () => ({}));
vi.mock("next/headers", () => ({
  headers: async () => req.headers,
  cookies: async () => ({ get: () => undefined, set: () => undefined }),
}));
vi.mock("next/server", () => ({ connection: async () => undefined }));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));

const { getDb } = await import("@/lib/db/client");
const { getAuth } = await import("@/lib/auth/server");
const { API_KEY_SCOPE_MESSAGE } = await import("@/lib/auth/api-key-scope");
const runs = await import("@/app/api/runs/route");
const actions = await import("@/app/_server/account-actions");
const { useTempDatabase } = await import("@/tests/support/temp-database");
const { databaseDigest, changedRows } = await import("@/tests/support/db-digest");
const { ORIGIN, authPost, signUp } = await import("@/tests/unit/auth/support");

/** A GET of better-auth's handler with these headers. */
async function authGet(path: string, headers: Record<string, string>): Promise<Response> {
  const { GET } = await import("@/app/api/auth/[...all]/route");
  return GET(new Request(`${ORIGIN}/api/auth${path}`, { headers: { origin: ORIGIN, ...headers } }));
}

describe("an API key can use the research API and nothing of the account (CRITICA_AUTH=on)", () => {
  let cleanup: () => void;
  const saved = { ...process.env };
  let admin: { cookie: string; userId: string };
  let key: string;
  beforeAll(async () => {
    Object.assign(process.env, {
      CRITICA_AUTH: "on",
      BETTER_AUTH_SECRET: "unit-test-secret-0123456789abcdef0123456789",
      CRITICA_ENGINE: "inline",
      CRITICA_SOURCES: "local",
    });
    ({ cleanup } = await useTempDatabase("api-key-scope"));
    admin = await signUp("admin@lab.org");
    ({ key } = await (
      await getAuth()
    ).api.createApiKey({ body: { name: "pipeline" }, headers: new Headers({ cookie: admin.cookie }) }));
  });
  afterAll(async () => {
    await getDb().$disconnect();
    process.env = saved;
    cleanup();
  });

  it("refuses every better-auth endpoint but get-session with 403, changing nothing", async () => {
    const before = await databaseDigest(getDb());
    const answers: Record<string, [number, string]> = {};
    const credentials: Array<Record<string, string>> = [{ authorization: `Bearer ${key}` }, { "x-api-key": key }];
    for (const bearer of credentials) {
      const posts: Array<[string, unknown]> = [
        ["/api-key/create", { name: "escape" }],
        ["/api-key/update", { keyId: "x", name: "renamed" }],
        ["/api-key/delete", { keyId: "x" }],
        ["/update-user", { name: "Mallory" }],
        ["/change-email", { newEmail: "mallory@evil.example" }],
        ["/change-password", { currentPassword: "correct horse battery", newPassword: "mallory-owns-it" }],
        ["/delete-user", {}],
        ["/revoke-sessions", {}],
        ["/revoke-other-sessions", {}],
        ["/sign-out", {}],
      ];
      for (const [path, body] of posts) {
        const res = await authPost(path, body, bearer);
        answers[`${Object.keys(bearer)[0]} POST ${path}`] = [
          res.status,
          ((await res.json()) as { message: string }).message,
        ];
      }
      for (const path of ["/api-key/list", "/list-sessions", "/list-accounts"]) {
        const res = await authGet(path, bearer);
        answers[`${Object.keys(bearer)[0]} GET ${path}`] = [
          res.status,
          ((await res.json()) as { message: string }).message,
        ];
      }
    }
    expect(Object.values(answers)).toEqual(Object.values(answers).map(() => [403, API_KEY_SCOPE_MESSAGE]));
    expect(Object.keys(answers)).toHaveLength(26);
    expect(changedRows(before, await databaseDigest(getDb()))).toEqual({});

    const session = await authGet("/get-session", { authorization: `Bearer ${key}` });
    expect([session.status, ((await session.json()) as { user: { id: string } }).user.id]).toEqual([200, admin.userId]);
  });

  it("refuses the account's server actions to a key, while the same key lists the owner's runs", async () => {
    req.headers = new Headers({ authorization: `Bearer ${key}` });
    const before = await databaseDigest(getDb());
    const form = (fields: Record<string, string>) => {
      const data = new FormData();
      for (const [name, value] of Object.entries(fields)) data.set(name, value);
      return data;
    };
    expect(await actions.createApiKeyAction({ name: "", key: null, error: null }, form({ name: "escape" }))).toEqual({
      name: "escape",
      key: null,
      error: API_KEY_SCOPE_MESSAGE,
    });
    const keyId = (await getDb().apikey.findFirstOrThrow()).id;
    expect(await actions.revokeApiKeyAction(keyId)).toEqual({ error: API_KEY_SCOPE_MESSAGE });
    expect(await actions.claimRunsAction()).toEqual({ error: API_KEY_SCOPE_MESSAGE });
    const invite = form({ name: "Mallory", email: "mallory@evil.example", password: "mallory-owns-it" });
    expect(await actions.inviteUserAction({ name: "", email: "", created: null, error: null }, invite)).toEqual({
      name: "Mallory",
      email: "mallory@evil.example",
      created: null,
      error: API_KEY_SCOPE_MESSAGE,
    });
    // Using a key stamps its row (lastRequest); no key was added, removed or renamed, and nothing else changed.
    const { apikey: stamped, ...others } = changedRows(before, await databaseDigest(getDb()));
    expect([stamped, others]).toEqual([1, {}]);
    expect((await getDb().apikey.findMany()).map((k) => [k.id, k.name])).toEqual([[keyId, "pipeline"]]);
    const listed = await runs.GET(new Request(`${ORIGIN}/api/runs`));
    expect([listed.status, (await listed.json()).runs]).toEqual([200, []]);

    // The signed-in browser session still manages keys.
    req.headers = new Headers({ cookie: admin.cookie });
    const created = await actions.createApiKeyAction({ name: "", key: null, error: null }, form({ name: "second" }));
    expect(created.error).toBeNull();
    expect(created.key).toMatch(/^crt_/);
  });
});
