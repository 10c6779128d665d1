import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/** Root of the shared recorded fixtures (/work/shared/fixtures), resolved from the project directory (vitest cwd). */
export const FIXTURES_DIR = path.resolve(process.cwd(), "../shared/fixtures");

/**
 * Absolute path of a fixture given its path relative to the fixtures root, e.g. "pubmed/efetch_pubmed2_2records.xml".
 */
export function fixturePath(relative: string): string {
  return path.join(FIXTURES_DIR, relative);
}

/** The UTF-8 text of a fixture. @throws when the file does not exist. */
export function readFixture(relative: string): string {
  return readFileSync(fixturePath(relative), "utf8");
}

/** The parsed JSON of a fixture. @throws when the file does not exist or is not JSON. */
export function readJsonFixture(relative: string): unknown {
  return JSON.parse(readFixture(relative));
}

/** Paths (relative to the fixtures root) of the files under `dir`, recursively, sorted. */
export function listFixtures(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const name of readdirSync(fixturePath(rel)).sort()) {
      const child = path.join(rel, name);
      if (statSync(fixturePath(child)).isDirectory()) walk(child);
      else out.push(child);
    }
  };
  walk(dir);
  return out;
}
