import { describe, expect, it } from "vitest";
import { canDeletePaper, canReadPaper, canUploadPapers, papersOwnerFor } from "@/lib/auth/papers";
import type { Caller } from "@/lib/auth/rules";

const alice: Caller = {
  kind: "user",
  userId: "alice",
  email: "a@x.org",
  name: "Alice",
  role: "user",
  credential: "session",
};
const bob: Caller = { kind: "user", userId: "bob", email: "b@x.org", name: "Bob", role: "user", credential: "session" };
const admin: Caller = {
  kind: "user",
  userId: "root",
  email: "r@x.org",
  name: "Root",
  role: "admin",
  credential: "session",
};
const guest: Caller = { kind: "guest" };
const browser: Caller = { kind: "local", sessionId: "s1" };
const otherBrowser: Caller = { kind: "local", sessionId: "s2" };

describe("who may do what with a paper of My papers (the rules of runs)", () => {
  it("uploads: signed-in users and, without accounts, a browser session; never a guest", () => {
    expect([alice, guest, browser].map(canUploadPapers)).toEqual([true, false, true]);
    expect([alice, guest, browser].map(papersOwnerFor)).toEqual(["alice", null, "s1"]);
  });
  it("reads: the owner and an admin; with accounts off, only the browser session that uploaded it", () => {
    const paper = { ownerId: "alice" };
    expect([alice, bob, admin, guest].map((c) => canReadPaper(c, paper))).toEqual([true, false, true, false]);
    expect([browser, otherBrowser].map((c) => canReadPaper(c, { ownerId: "s1" }))).toEqual([true, false]);
  });
  it("deletes: the owner, and an admin (moderation); nobody deletes a paper without owner", () => {
    const paper = { ownerId: "alice" };
    expect([alice, bob, admin, guest].map((c) => canDeletePaper(c, paper))).toEqual([true, false, true, false]);
    expect(canDeletePaper(browser, { ownerId: null })).toBe(false);
    expect([browser, otherBrowser].map((c) => canDeletePaper(c, { ownerId: "s1" }))).toEqual([true, false]);
  });
});
