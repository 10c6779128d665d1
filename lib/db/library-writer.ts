import "server-only";
import { getConfig, isPostgresUrl } from "@/lib/config";
import type { LibraryWriter } from "./library-writer-types";

/** Opens the writer for DATABASE_URL (or `url`): SQLite through better-sqlite3, Postgres through pg. */
export async function openLibraryWriter(url = getConfig().DATABASE_URL): Promise<LibraryWriter> {
  if (isPostgresUrl(url)) {
    const { openPostgresLibraryWriter } = await import("./library-writer-pg");
    return openPostgresLibraryWriter(url);
  }
  const { openSqliteLibraryWriter } = await import("./library-writer-sqlite");
  return openSqliteLibraryWriter(url);
}
