import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { applyMigrations } from "@/lib/db/migrate";

/** Absolute path of the shared fixtures beside the project. */
export const FIXTURES = path.resolve(process.cwd(), "../shared/fixtures");
export const CORPUS = path.join(FIXTURES, "corpus");

/**
 * Points DATABASE_URL at a fresh SQLite file in a temp folder and applies the migrations.
 * @returns the file path and a cleanup function.
 */
export async function useTempDatabase(name: string): Promise<{ file: string; cleanup: () => void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `critica-${name}-`));
  const file = path.join(dir, "test.db");
  process.env.DATABASE_URL = `file:${file}`;
  await applyMigrations();
  return { file, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
