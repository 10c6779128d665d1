/**
 * The URL policy of rendered report and abstract text: only absolute http(s) and mailto links survive; everything
 * else (javascript:, data:, vbscript:, relative paths, protocol-relative "//host") becomes "" so it is rendered as
 * plain text. Control characters and whitespace that browsers strip before the scheme cannot sneak one past.
 */
export function safeUrl(url: string): string {
  const trimmed = url.replace(/[\u0000-\u0020\u007f-\u009f]+/g, "");
  return /^(?:https?:\/\/[^/]|mailto:)/i.test(trimmed) ? trimmed : "";
}
