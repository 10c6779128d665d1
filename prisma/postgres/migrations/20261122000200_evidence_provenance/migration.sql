-- Issue 15: retraction, correction and version facts of a record (lib/domain/evidence.ts provenanceSchema), as JSON.
-- Null on rows saved before this migration; read as "nothing known". Column as `npm run db:diff -- postgresql --from-empty` writes it.
-- AlterTable
ALTER TABLE "Evidence" ADD COLUMN "provenance" JSONB;
