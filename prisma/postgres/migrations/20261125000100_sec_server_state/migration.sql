-- CreateTable
CREATE TABLE "ServerState" (
    "key" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ServerState_pkey" PRIMARY KEY ("key")
);

-- A database whose administrator exists already has had its first administrator: record it, so no later sign-up
-- becomes a second one.
INSERT INTO "ServerState" ("key", "value")
SELECT 'first-admin', "id" FROM "User" WHERE "role" = 'admin' ORDER BY "createdAt" ASC LIMIT 1;
