import { getConfig } from "@/lib/config";
import { requestOrigin } from "@/lib/auth/gate";
import { securityTxt } from "@/lib/auth/security-txt";

/**
 * GET /.well-known/security.txt: where to report a vulnerability (RFC 9116), open to everyone. The contact is
 * CRITICA_SECURITY_CONTACT; the origin is BETTER_AUTH_URL, else the one the request was addressed to.
 */
export function GET(request: Request): Response {
  const config = getConfig();
  const origin = config.BETTER_AUTH_URL ? new URL(config.BETTER_AUTH_URL).origin : requestOrigin(request);
  return new Response(securityTxt(origin, config.CRITICA_SECURITY_CONTACT), {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=86400" },
  });
}
