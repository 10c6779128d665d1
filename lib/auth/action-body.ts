import type { CheckedRequest, RequestRefusal } from "./csrf";

/*
 * Server actions (POSTs to a page) read their body within Next.js's limit (`serverActions.bodySizeLimit`, 1 MB by
 * default), but answer a larger one 500, as a failure of the server. The proxy answers it first, from the declared
 * length: 413 when it is over the limit, and 411 when no length is declared (a chunked body, which the app's own
 * actions never send: browsers send the length of a form or a string body).
 */

/**
 * The body limit of a server action: Next.js's default, 1 MB
 * (node_modules/next/dist/server/app-render/action-handler.js).
 */
export const ACTION_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The refusal of a server action's body by its declared length (see the file comment), or null. API routes
 * (/api/…) and the engine's endpoints (/.well-known/…) read their own bodies and are left alone.
 */
export function actionBodyRefusal(request: CheckedRequest): RequestRefusal | null {
  if (request.method.toUpperCase() !== "POST") return null;
  if (request.pathname.startsWith("/api/") || request.pathname.startsWith("/.well-known/")) return null;
  const length = request.headers.get("content-length");
  if (length === null)
    return request.headers.has("transfer-encoding")
      ? { status: 411, message: "Send the form with its length (Content-Length)." }
      : null;
  if (Number(length) > ACTION_BODY_LIMIT_BYTES)
    return { status: 413, message: "This form is too large: at most 1 MB can be sent at once." };
  return null;
}
