// `npm run db:deploy`: applies pending migrations to DATABASE_URL (the app and every CLI do this on start too).
import { applyMigrations } from "@/lib/db/migrate";

applyMigrations().then(
  ({ applied }) => {
    console.log(applied.length ? `applied: ${applied.join(", ")}` : "database is up to date");
    process.exit(0);
  },
  (error) => {
    console.error(`migration failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
