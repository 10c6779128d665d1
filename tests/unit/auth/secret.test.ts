import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));
const { authSecret, SECRET_FILE } = await import("@/lib/auth/secret");

// A fresh clone runs without configuring a secret (scripts/start.sh): one is generated once into data/auth-secret.
describe("the session-signing secret", () => {
  const cwd = process.cwd();
  afterEach(() => process.chdir(cwd));

  it("is generated once (256 bits, owner-only file) and reused, unless BETTER_AUTH_SECRET is set", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "critica-secret-"));
    process.chdir(dir);
    try {
      const first = authSecret(undefined);
      expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes, base64url
      expect(fs.statSync(path.join(dir, SECRET_FILE)).mode & 0o777).toBe(0o600);
      expect(authSecret(undefined)).toBe(first);
      expect(authSecret("configured-secret-0123456789abcdef0123")).toBe("configured-secret-0123456789abcdef0123");
    } finally {
      process.chdir(cwd);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
