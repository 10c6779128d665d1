import { describe, expect, it } from "vitest";
import { securityTxt } from "@/lib/auth/security-txt";

describe("/.well-known/security.txt (RFC 9116)", () => {
  it("names the contact, expires 180 days ahead (under a year), and gives its canonical URL", () => {
    const now = new Date("2026-11-25T10:00:00.123Z");
    expect(securityTxt("https://critica.example.org", "mailto:security@lab.org", now)).toBe(
      "Contact: mailto:security@lab.org\nExpires: 2027-05-24T10:00:00Z\nPreferred-Languages: en\nCanonical: " +
        "https://critica.example.org/.well-known/security.txt\n",
    );
    expect(securityTxt("http://127.0.0.1:3000", undefined, now).split("\n")[0]).toBe(
      "Contact: mailto:security@127.0.0.1",
    );
  });
});
