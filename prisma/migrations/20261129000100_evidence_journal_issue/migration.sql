-- A record's journal issue (volume, issue, pages) and the journal's NLM abbreviation, read from PubMed/MEDLINE XML
-- and Europe PMC, for reference-manager exports (BibTeX, RIS, CSL-JSON) and Vancouver/APA citations. Null on rows
-- saved before this migration and on records whose source gives none (PubTator, ClinicalTrials.gov).
-- AlterTable
ALTER TABLE "Evidence" ADD COLUMN "volume" TEXT;
ALTER TABLE "Evidence" ADD COLUMN "issue" TEXT;
ALTER TABLE "Evidence" ADD COLUMN "pages" TEXT;
ALTER TABLE "Evidence" ADD COLUMN "journalAbbrev" TEXT;
