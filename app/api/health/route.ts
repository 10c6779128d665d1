import { connection } from "next/server";
import { getDb, usingPostgres } from "@/lib/db/client";
import { json } from "@/app/api/_contract/respond";

/**
 * GET /api/health → 200 `{ ok: true, database: { ok, kind } }` when the database answers a query, else 503 with
 * `ok: false` and the database's error message. For load balancers and uptime checks; it reveals no run data.
 */
export async function GET() {
  await connection();
  const kind = usingPostgres() ? "postgresql" : "sqlite";
  try {
    await getDb().$queryRawUnsafe("SELECT 1");
    return json({ ok: true, database: { ok: true, kind } });
  } catch (error) {
    return json({ ok: false, database: { ok: false, kind, error: error instanceof Error ? error.message : String(error) } }, 503);
  }
}
