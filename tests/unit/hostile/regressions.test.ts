import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// What the hostile-input suite found, each pinned by name: a form action called with something other than a form
// threw (a 500); the run stream's 404 was plain text; better-auth's 429 had no JSON content type; a request body
// nested thousands of levels deep reaches the schema validation only up to 32 levels.
const req = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock("server-only", () => ({}));
vi.mock("next/headers", () => ({
  headers: async () => req.headers,
  cookies: async () => ({ get: () => undefined, set: () => undefined }),
}));
vi.mock("next/server", () => ({ connection: async () => undefined }));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));

const { useTempDatabase } = await import("@/tests/support/temp-database");
const { UNREADABLE_FORM } = await import("@/app/_server/action-result");

describe("inputs the hostile-input suite found mishandled", () => {
  const saved = { ...process.env };
  let cleanup: () => void;
  beforeAll(async () => {
    Object.assign(process.env, {
      CRITICA_AUTH: "on",
      BETTER_AUTH_SECRET: "unit-test-secret-0123456789abcdef0123456789",
      CRITICA_AUTH_ATTEMPTS_PER_MINUTE: "1",
    });
    ({ cleanup } = await useTempDatabase("hostile-regressions"));
  });
  afterAll(() => {
    process.env = saved;
    cleanup();
  });

  it("form actions called with a value that is not a form answer { error } instead of throwing", async () => {
    const { retryUnreachableSource } = await import("@/app/_server/research-actions");
    const { startRunAction } = await import("@/app/_server/start-actions");
    const { createApiKeyAction, inviteUserAction } = await import("@/app/_server/account-actions");
    const notForms: unknown[] = [null, undefined, "question=x", { get: "x" }, [], 42];
    for (const value of notForms) {
      const asForm = value as FormData;
      for (const mode of ["research", "claim-check"])
        expect(await startRunAction(mode, { values: {}, sources: null, error: null }, asForm)).toEqual({
          error: UNREADABLE_FORM,
          values: {},
          sources: null,
        });
      expect(await createApiKeyAction({ name: "", key: null, error: null }, asForm)).toEqual({
        name: "",
        key: null,
        error: UNREADABLE_FORM,
      });
      expect(await inviteUserAction({ name: "", email: "", created: null, error: null }, asForm)).toEqual({
        name: "",
        email: "",
        created: null,
        error: UNREADABLE_FORM,
      });
      await expect(retryUnreachableSource(asForm)).resolves.toBeUndefined();
    }
  });

  it("answers an unknown run's stream 404 with a JSON message", async () => {
    const { GET } = await import("@/app/api/runs/[id]/stream/route");
    const res = await GET(new Request("http://critica.test/api/runs/x/stream"), {
      params: Promise.resolve({ id: "../../etc/passwd" }),
    } as never);
    expect([res.status, res.headers.get("content-type"), await res.json()]).toEqual([
      404,
      "application/json",
      { error: "Unknown run." },
    ]);
  });

  it("answers a body nested 10,000 levels deep 400, and one nested 32 levels as the schema says", async () => {
    const { POST } = await import("@/app/api/runs/route");
    const post = (body: string) =>
      POST(
        new Request("http://critica.test/api/runs", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
        }),
      );
    const deep = await post(`{"question":"q","sources":${"[".repeat(10_000)}${"]".repeat(10_000)}}`);
    expect([deep.status, await deep.json()]).toEqual([
      400,
      { error: "The request body nests more than 32 levels deep." },
    ]);
    const shallow = await post(`{"question":"q","sources":${"[".repeat(31)}${"]".repeat(31)}}`);
    expect(shallow.status).toBe(400);
    expect(((await shallow.json()) as { error: string }).error).toMatch(/^sources\.0: /);
  });

  it("answers better-auth's rate limit 429 as JSON with Retry-After", async () => {
    const { authPost } = await import("@/tests/unit/auth/support");
    const ip = { "x-forwarded-for": "203.0.113.77" };
    await authPost("/sign-in/email", { email: "a@lab.org", password: "wrong password" }, ip);
    const limited = await authPost("/sign-in/email", { email: "b@lab.org", password: "wrong password" }, ip);
    expect([
      limited.status,
      limited.headers.get("content-type"),
      Number(limited.headers.get("retry-after")) > 0,
    ]).toEqual([429, "application/json", true]);
    expect(await limited.json()).toEqual({ message: "Too many requests. Please try again later." });
  });
});
