import { getConfig } from "@/lib/config";
import { getAuth } from "@/lib/auth/server";
import { secureCookies, servedOverHttps } from "@/lib/auth/gate";

/**
 * /api/auth/*: better-auth's endpoints (sign-up/email, sign-in/email, sign-out, get-session, OAuth callbacks,
 * api-key/*). better-auth answers a rate-limited request 429 with a JSON message but no content type and its wait
 * in X-Retry-After; the JSON content type and the standard Retry-After header (RFC 9110 §10.2.3) are added. Over
 * HTTPS every cookie it sets is marked Secure (better-auth decides once per server, from BETTER_AUTH_URL, and a
 * server behind a TLS-terminating proxy is addressed over HTTPS without knowing it). 404 with CRITICA_AUTH=off,
 * where there are no accounts.
 */
async function handle(request: Request): Promise<Response> {
  if (getConfig().CRITICA_AUTH === "off")
    return Response.json({ error: "Accounts are off on this server (CRITICA_AUTH=off)." }, { status: 404 });
  const response = secureCookies(
    await (await getAuth()).handler(request),
    servedOverHttps(request.headers.get("x-forwarded-proto")),
  );
  const wait = response.headers.get("x-retry-after");
  if (response.status === 429) {
    const headers = new Headers(response.headers);
    if (wait && !headers.has("retry-after")) headers.set("retry-after", wait);
    if (!headers.get("content-type")?.includes("json")) headers.set("content-type", "application/json");
    return new Response(response.body, { status: 429, statusText: response.statusText, headers });
  }
  return response;
}

export const GET = handle;
export const POST = handle;
