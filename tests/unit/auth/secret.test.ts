import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));
const { authSecret, derivedKey, LEGACY_SECRET_FILE } = await import("@/lib/auth/secret");
const { getDb } = await import("@/lib/db/client");
const { useTempDatabase } = await import("@/tests/support/temp-database");

// A fresh clone runs without configuring a secret (scripts/start.sh): one is generated once into the database, so
// every instance on that database signs and accepts the same sessions.
describe("the session-signing secret", () => {
  const saved = { ...process.env };
  const cwd = process.cwd();
  let cleanup: () => void;
  beforeAll(async () => {
    delete process.env.BETTER_AUTH_SECRET;
    ({ cleanup } = await useTempDatabase("auth-secret"));
  });
  afterAll(() => {
    process.chdir(cwd);
    process.env = saved;
    cleanup();
  });

  it(
    "is generated once (256 bits) into the database; twenty concurrent first readers all get the one value; " +
      "BETTER_AUTH_SECRET wins when set",
    async () => {
      const values = await Promise.all(Array.from({ length: 20 }, () => authSecret(undefined)));
      expect(values[0]).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
      expect(new Set(values).size).toBe(1);
      expect(await getDb().serverState.findMany({ select: { key: true, value: true } })).toEqual([
        { key: "auth-secret", value: values[0] },
      ]);
      expect(await authSecret(undefined)).toBe(values[0]);
      expect(await authSecret("configured-secret-0123456789abcdef0123")).toBe("configured-secret-0123456789abcdef0123");
    },
  );

  it("keeps the sessions of a server that generated data/auth-secret: a fresh database is seeded with it", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "critica-legacy-secret-"));
    fs.mkdirSync(path.join(dir, "data"));
    fs.writeFileSync(path.join(dir, LEGACY_SECRET_FILE), "legacy-secret-written-by-an-older-server-0123\n");
    const { cleanup: drop } = await useTempDatabase("auth-secret-legacy");
    process.chdir(dir);
    try {
      expect(await authSecret(undefined)).toBe("legacy-secret-written-by-an-older-server-0123");
    } finally {
      process.chdir(cwd);
      drop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("derives independent keys per purpose (HMAC-SHA256, base64url)", () => {
    expect(derivedKey("s".repeat(43), "critica/workflow-engine/delivery/v1")).toBe(
      derivedKey("s".repeat(43), "critica/workflow-engine/delivery/v1"),
    );
    expect(derivedKey("s".repeat(43), "a")).not.toBe(derivedKey("s".repeat(43), "b"));
    // RFC 4231 test case 2: HMAC-SHA-256("Jefe", "what do ya want for nothing?").
    expect(Buffer.from(derivedKey("Jefe", "what do ya want for nothing?"), "base64url").toString("hex")).toBe(
      "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843",
    );
  });
});
