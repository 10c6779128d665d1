import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** Where the generated secret is kept when BETTER_AUTH_SECRET is unset (git-ignored, like the database). */
export const SECRET_FILE = "data/auth-secret";

/**
 * The secret that signs session cookies: BETTER_AUTH_SECRET when set, else a 256-bit random value generated once
 * into data/auth-secret (relative to the working directory, mode 0600), so a fresh clone runs without setup and
 * sessions survive restarts. Several processes (server, CLI) starting at once agree: the first writer wins.
 */
export function authSecret(configured: string | undefined): string {
  if (configured) return configured;
  const file = path.resolve(SECRET_FILE);
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    try {
      fs.writeFileSync(file, crypto.randomBytes(32).toString("base64url"), { flag: "wx", mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    return fs.readFileSync(file, "utf8").trim();
  }
}
