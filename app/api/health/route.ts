import { connection } from "next/server";
import { checkDatabase, checkWorld } from "@/lib/db/health";
import { json } from "@/app/api/_contract/respond";

/**
 * GET /api/health → `{ ok, database: { ok, kind, error? }, world: { ok, kind, error? } }`: 200 when both the
 * database (answers `SELECT 1`) and the Workflow SDK world (the local world's data directory is readable and
 * writable, or the Postgres world's tables answer) are up, else 503 with the failing part's error message. Each
 * probe gives up after 5 s (lib/db/health.ts). For load balancers and uptime checks; it reveals no run data.
 */
export async function GET() {
  await connection();
  const [database, world] = await Promise.all([checkDatabase(), checkWorld()]);
  const ok = database.ok && world.ok;
  return json({ ok, database, world }, ok ? 200 : 503);
}
