import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// Guessing an account's password from many addresses must slow the guesser, not lock the owner out: ten wrong
// passwords from other addresses leave the owner's fresh client free; past the account's ceiling of failures (20 an
// hour here) a client that never signed in to the account is refused, while the owner's known client still signs in.
vi.mock("server-only", () => ({}));

const { useTempDatabase } = await import("@/tests/support/temp-database");
const { authPost, signUp } = await import("@/tests/unit/auth/support");

const PASSWORD = "correct horse battery";

describe("sign-in limits slow the attacker, not the owner (CRITICA_AUTH=on)", () => {
  const saved = { ...process.env };
  let cleanup: () => void;
  beforeAll(async () => {
    Object.assign(process.env, {
      CRITICA_AUTH: "on",
      BETTER_AUTH_SECRET: "unit-test-secret-0123456789abcdef0123456789",
      CRITICA_AUTH_FAILURES_PER_HOUR: "20",
    });
    ({ cleanup } = await useTempDatabase("hostile-lockout"));
  });
  afterAll(() => {
    process.env = saved;
    cleanup();
  });

  const from = (ip: string) => ({ "x-forwarded-for": ip });
  const signIn = async (password: string, ip: string) => {
    const res = await authPost("/sign-in/email", { email: "victim@lab.org", password }, from(ip));
    const body = (await res.json()) as { message?: string };
    return { status: res.status, message: body.message, retryAfter: res.headers.get("retry-after") };
  };

  it("ten wrong passwords from ten addresses leave a fresh client of the owner free", async () => {
    await signUp("victim@lab.org", PASSWORD);
    const guesses = [];
    for (let i = 1; i <= 10; i++) guesses.push((await signIn("wrong password", `203.0.113.${i}`)).status);
    expect(guesses).toEqual(Array(10).fill(401));
    expect((await signIn(PASSWORD, "198.18.0.1")).status).toBe(200);
  });

  it("past the account's ceiling, an unknown client is refused with 429 and a known client signs in", async () => {
    const guesses = [];
    for (let i = 11; i <= 20; i++) guesses.push((await signIn("wrong password", `203.0.113.${i}`)).status);
    expect(guesses).toEqual(Array(10).fill(401));
    const stranger = await signIn("wrong password", "203.0.113.21");
    expect(stranger.status).toBe(429);
    expect(stranger.message).toMatch(
      new RegExp(
        "^This account has had too many failed sign-ins from many addresses\\. " +
          "Try again in about \\d+ minutes?, or from a device that signed in to it before\\.$",
      ),
    );
    expect(Number(stranger.retryAfter)).toBeGreaterThan(3_000);
    // Even the right password from a client that never signed in waits: the guesser cannot tell it from a wrong one.
    expect((await signIn(PASSWORD, "192.0.2.200")).status).toBe(429);
    // The owner's client that signed in before is known for 30 days: it signs in.
    expect((await signIn(PASSWORD, "198.18.0.1")).status).toBe(200);
    // Another account is not affected by this one's ceiling.
    await signUp("bystander@lab.org", PASSWORD);
    const other = await authPost(
      "/sign-in/email",
      { email: "bystander@lab.org", password: PASSWORD },
      from("203.0.113.22"),
    );
    expect(other.status).toBe(200);
  });
});
