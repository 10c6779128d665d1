-- The library sync's writer keeps the full-text index, the record count and the entity dictionary itself for the rows
-- it writes (lib/db/library-writer-sqlite.ts), from values its parse worker prepared, instead of these triggers
-- extracting them from the JSON columns row by row (a third of the writer's time per record), and writes the
-- full-text entries after the rows (FTS5 writes its pending terms to disk at every savepoint, which each insert into
-- Evidence opens: interleaved, they made one segment per record). It marks its own transactions with a
-- "LibraryStats" row of id 0, which it deletes before committing: no other connection ever sees the row, so every
-- other write path (library:import, runs saving evidence) keeps the triggers. The triggers' bodies are unchanged.
--
-- FTS5 keeps up to 'hashsize' bytes of pending terms in memory before writing a segment (default 1 MB, a few hundred
-- records): 64 MB lets a sync batch of 5,000 records make one segment, so fewer merges follow.
DROP TRIGGER "Evidence_library_ai";
DROP TRIGGER "Evidence_library_au";
DROP TRIGGER "Evidence_library_ad";

CREATE TRIGGER "Evidence_library_ai" AFTER INSERT ON "Evidence"
WHEN new."inLibrary" = 1 AND NOT EXISTS (SELECT 1 FROM "LibraryStats" WHERE "id" = 0) BEGIN
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
WHEN (old."inLibrary" = 1 OR new."inLibrary" = 1) AND NOT EXISTS (SELECT 1 FROM "LibraryStats" WHERE "id" = 0) BEGIN
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

CREATE TRIGGER "Evidence_library_ad" AFTER DELETE ON "Evidence"
WHEN old."inLibrary" = 1 AND NOT EXISTS (SELECT 1 FROM "LibraryStats" WHERE "id" = 0) BEGIN
    DELETE FROM "EvidenceFts" WHERE "rowid" = old."rowid";
    UPDATE "LibraryStats" SET "records" = "records" - 1 WHERE "id" = 1;
    UPDATE "LibraryEntity" SET "records" = "records" - 1
    WHERE ("type", "key") IN (
        SELECT json_extract(value, '$.type'), lower(json_extract(value, '$.name'))
        FROM json_each(old."entities") WHERE json_extract(value, '$.type') IN ('chemical', 'disease')
    );
END;

INSERT INTO "EvidenceFts"("EvidenceFts", "rank") VALUES ('hashsize', 67108864);
