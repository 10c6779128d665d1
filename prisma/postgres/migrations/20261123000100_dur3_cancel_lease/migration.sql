-- Issue 10: cancel anywhere and the lease of durable runs (lib/db/run-control.ts). cancelRequestedAt: when someone
-- asked to cancel the run (any instance, the UI, the CLI or the API); heartbeatAt: the last heartbeat of the process
-- executing one of its durable steps; workflowRunId: the Workflow SDK's id of a durable run, re-enqueued by the lease
-- sweep. Null on older rows: not cancelled, never heartbeat, not durable.
-- AlterTable
ALTER TABLE "Run" ADD COLUMN "cancelRequestedAt" TIMESTAMP(3);
ALTER TABLE "Run" ADD COLUMN "heartbeatAt" TIMESTAMP(3);
ALTER TABLE "Run" ADD COLUMN "workflowRunId" TEXT;
