-- The local library at PubMed scale (lib/library/sync.ts, docs/library.md).
-- 1. The full-text index becomes contentless (content='', contentless_delete=1, SQLite >= 3.43): it no longer keeps a
--    second copy of every title and abstract (searches join Evidence by rowid), which roughly halves the library's
--    disk use at PubMed scale. Columns: title, abstract, terms (MeSH headings, entity names, the NCT IDs of the
--    record's DataBankList) and facets, which the search's field filters AND with the query (bm25 gives the column
--    weight 0): "yr<year>", "pt<publication type>" and "mh<MeSH heading>" with spaces removed ("ptReview",
--    "mhLithiumCompounds"): one token each, so a filter costs one posting list, not the positions of a phrase; a
--    heading with a comma is two tokens ("mhDiabetesInsipidus,Nephrogenic"), matched as a phrase. The search writes
--    the same spelling (lib/db/library-facets.ts).
-- 2. LibraryStats (the library's record count) and LibraryEntity (its entity dictionary) are kept by triggers, so
--    neither counting the library nor loading its dictionary scans it.
-- 3. LibrarySyncFile: the files `npm run library:sync` applied, with a checkpoint per file.
-- A future migration that rebuilds "Evidence" (new rowids) must empty "EvidenceFts" and re-insert every library row,
-- as the INSERT ... SELECT below does.
DROP TRIGGER IF EXISTS "Evidence_fts_ai";
DROP TRIGGER IF EXISTS "Evidence_fts_au";
DROP TRIGGER IF EXISTS "Evidence_fts_ad";
DROP TABLE IF EXISTS "EvidenceFts";

CREATE VIRTUAL TABLE "EvidenceFts" USING fts5(
    "title",
    "abstract",
    "terms",
    "facets",
    content = '',
    contentless_delete = 1,
    tokenize = 'porter unicode61 remove_diacritics 2'
);

-- CreateTable
CREATE TABLE "LibrarySyncFile" (
    "name" TEXT NOT NULL PRIMARY KEY,
    "bytes" BIGINT NOT NULL,
    "status" TEXT NOT NULL,
    "items" INTEGER NOT NULL DEFAULT 0,
    "records" INTEGER NOT NULL DEFAULT 0,
    "deleted" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "startedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" DATETIME
);

-- CreateTable
CREATE TABLE "LibraryStats" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "records" INTEGER NOT NULL DEFAULT 0
);

-- CreateTable
CREATE TABLE "LibraryEntity" (
    "type" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "meshId" TEXT,
    "records" INTEGER NOT NULL,

    PRIMARY KEY ("type", "key")
);

-- CreateIndex
CREATE INDEX "LibraryEntity_records_idx" ON "LibraryEntity"("records");

CREATE TRIGGER "Evidence_library_ai" AFTER INSERT ON "Evidence" WHEN new."inLibrary" = 1 BEGIN
    INSERT INTO "EvidenceFts"("rowid", "title", "abstract", "terms", "facets") VALUES (
        new."rowid", new."title", new."abstract",
        coalesce((SELECT group_concat(json_extract(value, '$.term'), ' ') FROM json_each(new."meshTerms")), '') || ' ' ||
        coalesce((SELECT group_concat(json_extract(value, '$.name'), ' ') FROM json_each(new."entities")), '') || ' ' ||
        coalesce((SELECT group_concat(value, ' ') FROM json_each(new."provenance", '$.trialRegistrations')), ''),
        CASE WHEN new."year" IS NULL THEN '' ELSE 'yr' || new."year" END || ' ' ||
        coalesce((SELECT group_concat('pt' || replace(value, ' ', ''), ' ') FROM json_each(new."publicationTypes")), '') || ' ' ||
        coalesce((SELECT group_concat('mh' || replace(json_extract(value, '$.term'), ' ', ''), ' ') FROM json_each(new."meshTerms")), '')
    );
    UPDATE "LibraryStats" SET "records" = "records" + 1 WHERE "id" = 1;
    INSERT INTO "LibraryEntity" ("type", "key", "name", "meshId", "records")
    SELECT "type", "key", "name", "meshId", 1 FROM (
        SELECT json_extract(value, '$.type') AS "type", lower(json_extract(value, '$.name')) AS "key",
               json_extract(value, '$.name') AS "name", json_extract(value, '$.meshId') AS "meshId"
        FROM json_each(new."entities") WHERE json_extract(value, '$.type') IN ('chemical', 'disease')
        GROUP BY 1, 2
    ) WHERE true
    ON CONFLICT ("type", "key") DO UPDATE SET "records" = "records" + 1;
END;

CREATE TRIGGER "Evidence_library_au" AFTER UPDATE ON "Evidence"
WHEN old."inLibrary" = 1 OR new."inLibrary" = 1 BEGIN
    DELETE FROM "EvidenceFts" WHERE "rowid" = old."rowid" AND old."inLibrary" = 1;
    INSERT INTO "EvidenceFts"("rowid", "title", "abstract", "terms", "facets") SELECT
        new."rowid", new."title", new."abstract",
        coalesce((SELECT group_concat(json_extract(value, '$.term'), ' ') FROM json_each(new."meshTerms")), '') || ' ' ||
        coalesce((SELECT group_concat(json_extract(value, '$.name'), ' ') FROM json_each(new."entities")), '') || ' ' ||
        coalesce((SELECT group_concat(value, ' ') FROM json_each(new."provenance", '$.trialRegistrations')), ''),
        CASE WHEN new."year" IS NULL THEN '' ELSE 'yr' || new."year" END || ' ' ||
        coalesce((SELECT group_concat('pt' || replace(value, ' ', ''), ' ') FROM json_each(new."publicationTypes")), '') || ' ' ||
        coalesce((SELECT group_concat('mh' || replace(json_extract(value, '$.term'), ' ', ''), ' ') FROM json_each(new."meshTerms")), '')
    WHERE new."inLibrary" = 1;
    UPDATE "LibraryStats" SET "records" = "records" + new."inLibrary" - old."inLibrary" WHERE "id" = 1 AND new."inLibrary" <> old."inLibrary";
    UPDATE "LibraryEntity" SET "records" = "records" - 1
    WHERE ("type", "key") IN (
        SELECT json_extract(value, '$.type'), lower(json_extract(value, '$.name'))
        FROM json_each(old."entities") WHERE json_extract(value, '$.type') IN ('chemical', 'disease')
    ) AND old."inLibrary" = 1 AND (new."inLibrary" = 0 OR new."entities" IS NOT old."entities");
    INSERT INTO "LibraryEntity" ("type", "key", "name", "meshId", "records")
    SELECT "type", "key", "name", "meshId", 1 FROM (
        SELECT json_extract(value, '$.type') AS "type", lower(json_extract(value, '$.name')) AS "key",
               json_extract(value, '$.name') AS "name", json_extract(value, '$.meshId') AS "meshId"
        FROM json_each(new."entities") WHERE json_extract(value, '$.type') IN ('chemical', 'disease')
        GROUP BY 1, 2
    ) WHERE new."inLibrary" = 1 AND (old."inLibrary" = 0 OR new."entities" IS NOT old."entities")
    ON CONFLICT ("type", "key") DO UPDATE SET "records" = "records" + 1;
END;

CREATE TRIGGER "Evidence_library_ad" AFTER DELETE ON "Evidence" WHEN old."inLibrary" = 1 BEGIN
    DELETE FROM "EvidenceFts" WHERE "rowid" = old."rowid";
    UPDATE "LibraryStats" SET "records" = "records" - 1 WHERE "id" = 1;
    UPDATE "LibraryEntity" SET "records" = "records" - 1
    WHERE ("type", "key") IN (
        SELECT json_extract(value, '$.type'), lower(json_extract(value, '$.name'))
        FROM json_each(old."entities") WHERE json_extract(value, '$.type') IN ('chemical', 'disease')
    );
END;

INSERT INTO "LibraryStats" ("id", "records") SELECT 1, count(*) FROM "Evidence" WHERE "inLibrary" = 1;

INSERT INTO "EvidenceFts"("rowid", "title", "abstract", "terms", "facets") SELECT
    e."rowid", e."title", e."abstract",
        coalesce((SELECT group_concat(json_extract(value, '$.term'), ' ') FROM json_each(e."meshTerms")), '') || ' ' ||
        coalesce((SELECT group_concat(json_extract(value, '$.name'), ' ') FROM json_each(e."entities")), '') || ' ' ||
        coalesce((SELECT group_concat(value, ' ') FROM json_each(e."provenance", '$.trialRegistrations')), ''),
        CASE WHEN e."year" IS NULL THEN '' ELSE 'yr' || e."year" END || ' ' ||
        coalesce((SELECT group_concat('pt' || replace(value, ' ', ''), ' ') FROM json_each(e."publicationTypes")), '') || ' ' ||
        coalesce((SELECT group_concat('mh' || replace(json_extract(value, '$.term'), ' ', ''), ' ') FROM json_each(e."meshTerms")), '')
FROM "Evidence" e WHERE e."inLibrary" = 1;

INSERT INTO "LibraryEntity" ("type", "key", "name", "meshId", "records")
SELECT json_extract(j.value, '$.type'), lower(json_extract(j.value, '$.name')), json_extract(j.value, '$.name'),
       json_extract(j.value, '$.meshId'), count(DISTINCT e."rowid")
FROM "Evidence" e, json_each(e."entities") j
WHERE e."inLibrary" = 1 AND json_extract(j.value, '$.type') IN ('chemical', 'disease')
GROUP BY 1, 2;
