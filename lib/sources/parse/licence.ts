import type { Licence } from "@/lib/domain/fulltext";

/** Creative Commons licence codes as their URLs spell them, and as named. */
const CC_CODES: Record<string, string> = {
  by: "CC BY",
  "by-sa": "CC BY-SA",
  "by-nd": "CC BY-ND",
  "by-nc": "CC BY-NC",
  "by-nc-sa": "CC BY-NC-SA",
  "by-nc-nd": "CC BY-NC-ND",
};

/**
 * The short name of a licence from its URL or, failing that, its text: "CC BY 4.0" (creativecommons.org/licenses/by/
 * 4.0), "CC0 1.0" (publicdomain/zero/1.0), "public domain" (publicdomain/mark, or a text saying the work is in the
 * public domain), "CC BY" (a text naming the Creative Commons Attribution License without a version), else null.
 * bioRxiv's API codes ("cc_by", "cc_by_nc_nd", "cc0", "cc_no") are read too ("cc_no": null, no reuse licence).
 */
export function licenceName(url: string | null, text: string | null): string | null {
  const u = url?.toLowerCase() ?? "";
  let m = /creativecommons\.org\/licenses\/([a-z-]+)\/(\d(?:\.\d)?)/.exec(u);
  if (m && CC_CODES[m[1]]) return `${CC_CODES[m[1]]} ${m[2]}`;
  m = /creativecommons\.org\/licenses\/([a-z-]+)\/?$/.exec(u);
  if (m && CC_CODES[m[1]]) return CC_CODES[m[1]];
  m = /creativecommons\.org\/publicdomain\/zero\/(\d(?:\.\d)?)/.exec(u);
  if (m) return `CC0 ${m[1]}`;
  if (/creativecommons\.org\/publicdomain\/mark/.test(u)) return "public domain";
  const code = /^cc(?:_|0)/.test(u) ? u : "";
  if (code === "cc0") return "CC0";
  if (code && code !== "cc_no") {
    const name = CC_CODES[code.slice(3).replace(/_/g, "-")];
    if (name) return name;
  }
  const t = text?.toLowerCase() ?? "";
  if (/\bcc0\b|public domain dedication/.test(t)) return "CC0";
  if (/public domain/.test(t)) return "public domain";
  if (/creative commons attribution[- ]non-?commercial/.test(t)) return "CC BY-NC";
  if (/creative commons attribution|\bcc[- ]by\b/.test(t)) return "CC BY";
  return null;
}

/** A licence from its text and URL as an article states them (either may be absent), with its short name. */
export function licenceOf(text: string | null, url: string | null): Licence {
  const cleanText = text?.replace(/\s+/g, " ").trim() || null;
  const cleanUrl = url?.trim() || null;
  return { text: cleanText, url: cleanUrl, name: licenceName(cleanUrl, cleanText) };
}
