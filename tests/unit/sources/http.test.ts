import { describe, expect, it } from "vitest";
import { parseRetryAfter } from "@/lib/sources/http";

describe("parseRetryAfter", () => {
  const now = Date.parse("2025-06-18T10:00:00Z");

  it("reads delay-seconds", () => {
    expect(parseRetryAfter("1", now)).toBe(1000);
    expect(parseRetryAfter(" 120 ", now)).toBe(120_000);
  });

  it("reads an HTTP date, clamping past dates to 0", () => {
    expect(parseRetryAfter("Wed, 18 Jun 2025 10:00:05 GMT", now)).toBe(5000);
    expect(parseRetryAfter("Wed, 18 Jun 2025 09:59:00 GMT", now)).toBe(0);
  });

  it("returns null when absent or unreadable", () => {
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter("soon", now)).toBeNull();
  });
});
