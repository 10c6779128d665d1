import "server-only";
import diagnosticsChannel from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { rewriteForwardedHeaders, type TrustedProxies } from "./client-address";

const holder = globalThis as unknown as { __criticaTrustedProxies?: TrustedProxies };

/**
 * Makes this process's HTTP server believe forwarding headers only from `trusted` proxies: every request's headers
 * are rewritten (lib/auth/client-address.ts rewriteForwardedHeaders) from its socket's peer address before Next.js
 * reads them. Next.js gives route handlers no peer address, and fills X-Forwarded-For from the socket only when the
 * client sent none, so this is the one place where the peer is known. It listens on Node's `http.server.request.start`
 * diagnostics channel, published for each request before the server's `request` event. Calling it again replaces
 * the trusted set.
 */
export function trustForwardedHeadersFrom(trusted: TrustedProxies): void {
  const subscribed = holder.__criticaTrustedProxies !== undefined;
  holder.__criticaTrustedProxies = trusted;
  if (subscribed) return;
  diagnosticsChannel.subscribe("http.server.request.start", (message) => {
    const { request, socket } = message as { request: IncomingMessage; socket: Socket };
    rewriteForwardedHeaders(
      request.headers,
      socket.remoteAddress ?? "",
      holder.__criticaTrustedProxies ?? { kind: "none" },
    );
  });
}
