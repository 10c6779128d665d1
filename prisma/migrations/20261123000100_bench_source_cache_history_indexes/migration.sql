-- Issue 12: the source response cache (lib/sources/cache.ts, lib/db/source-cache.ts) and the history indexes
-- (lib/db/history.ts: a session's runs newest first with keyset pagination; the mode filter's distinct modes).
-- SQL as `npm run db:diff -- sqlite --from-empty` writes it.
-- CreateTable
CREATE TABLE "SourceCache" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "source" TEXT NOT NULL,
    "query" TEXT NOT NULL,
    "records" JSONB NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "SourceCache_expiresAt_idx" ON "SourceCache"("expiresAt");

-- CreateIndex
CREATE INDEX "Run_ownerId_createdAt_id_idx" ON "Run"("ownerId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Run_createdAt_id_idx" ON "Run"("createdAt", "id");

-- CreateIndex
CREATE INDEX "Run_mode_idx" ON "Run"("mode");
