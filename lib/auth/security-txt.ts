/** How long a served security.txt stays valid: RFC 9116 §2.5.5 asks for an Expires less than a year ahead. */
const VALID_DAYS = 180;

/**
 * The body of /.well-known/security.txt (RFC 9116) for a server at `origin`: Contact (`contact`, else the
 * conventional security@ mailbox of the server's host, RFC 2142 §4), an Expires 180 days ahead of `now` (the file
 * is generated per request, so it never goes stale), English as the preferred language, and its Canonical URL.
 */
export function securityTxt(origin: string, contact: string | undefined, now = new Date()): string {
  const expires = new Date(now.getTime() + VALID_DAYS * 86_400_000);
  expires.setUTCMilliseconds(0);
  return [
    `Contact: ${contact ?? `mailto:security@${new URL(origin).hostname}`}`,
    `Expires: ${expires.toISOString().replace(".000Z", "Z")}`,
    "Preferred-Languages: en",
    `Canonical: ${origin}/.well-known/security.txt`,
    "",
  ].join("\n");
}
