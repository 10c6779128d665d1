-- Issue 14: the messages of a run's conversation (follow-ups and answers). `streamingLock` holds the run id while an
-- answer streams; its unique index admits one streaming answer per run. SQL as `npm run db:diff -- postgresql --from-empty` writes it.
-- CreateTable
CREATE TABLE "Message" (
    "id" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "parts" JSONB NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'complete',
    "streamingLock" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Message_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Message_streamingLock_key" ON "Message"("streamingLock");

-- CreateIndex
CREATE INDEX "Message_runId_createdAt_idx" ON "Message"("runId", "createdAt");

-- AddForeignKey
ALTER TABLE "Message" ADD CONSTRAINT "Message_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;
