/*
 * Shared by the account tests: sign-up and sign-in through better-auth's real HTTP handler
 * (app/api/auth/[...all]/route.ts) on a temp database.
 */
export const ORIGIN = "http://critica.test";

/** A fresh client address per call, so better-auth's per-IP limit does not mix the tests' requests. */
let lastIp = 0;
export function nextIp(): string {
  lastIp += 1;
  return `198.51.100.${lastIp % 250}`;
}

/** POSTs JSON to better-auth's handler through the app's route (which adds Retry-After to 429s). */
export async function authPost(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  const { POST } = await import("@/app/api/auth/[...all]/route");
  return POST(
    new Request(`${ORIGIN}/api/auth${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN, "x-forwarded-for": nextIp(), ...headers },
      body: JSON.stringify(body),
    }),
  );
}

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie header. */
export function cookieOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Signs up an account and returns its session cookie and user id. @throws when better-auth refuses. */
export async function signUp(
  email: string,
  password = "correct horse battery",
): Promise<{ cookie: string; userId: string }> {
  const response = await authPost("/sign-up/email", { name: email.split("@")[0], email, password });
  if (!response.ok) throw new Error(`sign-up ${email}: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { user: { id: string } };
  return { cookie: cookieOf(response), userId: body.user.id };
}
