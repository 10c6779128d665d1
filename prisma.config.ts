import { defineConfig } from "prisma/config";

// Offline: the native schema-engine binary cannot be downloaded, and `prisma generate` only needs *a* path.
// Migrations are applied by lib/db/migrate.ts, never by `prisma migrate`.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= "/bin/false";
process.env.CHECKPOINT_DISABLE ??= "1";

export default defineConfig({ schema: "prisma/schema.prisma", migrations: { path: "prisma/migrations" } });
