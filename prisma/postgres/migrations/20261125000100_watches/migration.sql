-- Watches (living reports, docs/watches.md): the watch of a run, its scheduled checks (unique per due time), in-app
-- notifications, and each owner's webhook with its deliveries. SQL as `npm run db:diff -- postgresql --from-empty` writes it.
-- CreateTable
CREATE TABLE "Watch" (
    "id" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "ownerId" TEXT,
    "cadence" TEXT NOT NULL,
    "sources" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'active',
    "feedToken" TEXT NOT NULL,
    "nextDueAt" TIMESTAMP(3) NOT NULL,
    "lastCheckedAt" TIMESTAMP(3),
    "sourceState" JSONB NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "version" INTEGER NOT NULL DEFAULT 0,
    "plannedVersion" INTEGER NOT NULL DEFAULT -1,
    "workflowRunId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Watch_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WatchCheck" (
    "id" TEXT NOT NULL,
    "watchId" TEXT NOT NULL,
    "dueAt" TIMESTAMP(3) NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),
    "status" TEXT NOT NULL DEFAULT 'running',
    "since" JSONB NOT NULL,
    "probe" JSONB,
    "summary" JSONB,
    "reportVersion" INTEGER,
    "fromSeq" INTEGER,
    "versionRunId" TEXT,
    "costUsd" DOUBLE PRECISION,
    "modelCalls" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,

    CONSTRAINT "WatchCheck_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Notification" (
    "id" TEXT NOT NULL,
    "ownerId" TEXT,
    "runId" TEXT NOT NULL,
    "checkId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "readAt" TIMESTAMP(3),

    CONSTRAINT "Notification_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookEndpoint" (
    "ownerId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "secret" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WebhookEndpoint_pkey" PRIMARY KEY ("ownerId")
);

-- CreateTable
CREATE TABLE "WebhookDelivery" (
    "id" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "checkId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastStatus" INTEGER,
    "error" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deliveredAt" TIMESTAMP(3),

    CONSTRAINT "WebhookDelivery_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Watch_runId_key" ON "Watch"("runId");

-- CreateIndex
CREATE UNIQUE INDEX "Watch_feedToken_key" ON "Watch"("feedToken");

-- CreateIndex
CREATE INDEX "Watch_ownerId_idx" ON "Watch"("ownerId");

-- CreateIndex
CREATE INDEX "Watch_status_idx" ON "Watch"("status");

-- CreateIndex
CREATE INDEX "WatchCheck_watchId_startedAt_idx" ON "WatchCheck"("watchId", "startedAt");

-- CreateIndex
CREATE UNIQUE INDEX "WatchCheck_watchId_dueAt_key" ON "WatchCheck"("watchId", "dueAt");

-- CreateIndex
CREATE UNIQUE INDEX "Notification_checkId_key" ON "Notification"("checkId");

-- CreateIndex
CREATE INDEX "Notification_ownerId_readAt_idx" ON "Notification"("ownerId", "readAt");

-- CreateIndex
CREATE INDEX "Notification_ownerId_createdAt_idx" ON "Notification"("ownerId", "createdAt");

-- CreateIndex
CREATE INDEX "WebhookDelivery_ownerId_createdAt_idx" ON "WebhookDelivery"("ownerId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "WebhookDelivery_checkId_ownerId_key" ON "WebhookDelivery"("checkId", "ownerId");

-- AddForeignKey
ALTER TABLE "Watch" ADD CONSTRAINT "Watch_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WatchCheck" ADD CONSTRAINT "WatchCheck_watchId_fkey" FOREIGN KEY ("watchId") REFERENCES "Watch"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

