// `npm run db:deploy`: applies pending migrations to DATABASE_URL (the app and every CLI do this on start too) and,
// with a Postgres DATABASE_URL, bootstraps the Workflow SDK's Postgres world tables in the same database (the server
// does this on start too; both are idempotent).
import { applyMigrations } from "@/lib/db/migrate";
import { bootstrapPostgresWorld } from "@/lib/db/workflow-world";
import { getConfig, isPostgresUrl } from "@/lib/config";

async function deploy(): Promise<string[]> {
  const { applied } = await applyMigrations();
  const url = getConfig().DATABASE_URL;
  if (isPostgresUrl(url) && getConfig().CRITICA_ENGINE === "workflow") {
    await bootstrapPostgresWorld(process.env.WORKFLOW_POSTGRES_URL ?? url);
    console.log("Workflow world (Postgres): tables are up to date");
  }
  return applied;
}

deploy().then(
  (applied) => {
    console.log(applied.length ? `applied: ${applied.join(", ")}` : "database is up to date");
    process.exit(0);
  },
  (error) => {
    console.error(`migration failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
