-- CreateTable
CREATE TABLE "ServerState" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "value" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- A database whose administrator exists already has had its first administrator: record it, so no later sign-up
-- becomes a second one.
INSERT INTO "ServerState" ("key", "value")
SELECT 'first-admin', "id" FROM "User" WHERE "role" = 'admin' ORDER BY "createdAt" ASC LIMIT 1;
