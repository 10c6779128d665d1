-- Full-text index of the local library (SQLite FTS5, ranked with bm25()).
-- The FTS rowid mirrors Evidence's implicit rowid; triggers keep it in step with library rows (inLibrary = 1).
-- `terms` holds MeSH descriptors and annotated entity names so that a search for a concept finds records
-- that are only annotated with it. A future migration that rebuilds "Evidence" (new rowids) must empty
-- "EvidenceFts" and re-insert every library row, as the INSERT ... SELECT at the end of this file does.
CREATE VIRTUAL TABLE "EvidenceFts" USING fts5(
    "title",
    "abstract",
    "terms",
    tokenize = 'porter unicode61 remove_diacritics 2'
);

CREATE TRIGGER "Evidence_fts_ai" AFTER INSERT ON "Evidence" WHEN new."inLibrary" = 1 BEGIN
    INSERT INTO "EvidenceFts"("rowid", "title", "abstract", "terms") VALUES (
        new."rowid", new."title", new."abstract",
        coalesce((SELECT group_concat(json_extract(value, '$.term'), ' ') FROM json_each(new."meshTerms")), '') || ' ' ||
        coalesce((SELECT group_concat(json_extract(value, '$.name'), ' ') FROM json_each(new."entities")), '')
    );
END;

CREATE TRIGGER "Evidence_fts_au" AFTER UPDATE ON "Evidence" BEGIN
    DELETE FROM "EvidenceFts" WHERE "rowid" = old."rowid";
    INSERT INTO "EvidenceFts"("rowid", "title", "abstract", "terms") SELECT
        new."rowid", new."title", new."abstract",
        coalesce((SELECT group_concat(json_extract(value, '$.term'), ' ') FROM json_each(new."meshTerms")), '') || ' ' ||
        coalesce((SELECT group_concat(json_extract(value, '$.name'), ' ') FROM json_each(new."entities")), '')
    WHERE new."inLibrary" = 1;
END;

CREATE TRIGGER "Evidence_fts_ad" AFTER DELETE ON "Evidence" BEGIN
    DELETE FROM "EvidenceFts" WHERE "rowid" = old."rowid";
END;

INSERT INTO "EvidenceFts"("rowid", "title", "abstract", "terms") SELECT
    e."rowid", e."title", e."abstract",
    coalesce((SELECT group_concat(json_extract(value, '$.term'), ' ') FROM json_each(e."meshTerms")), '') || ' ' ||
    coalesce((SELECT group_concat(json_extract(value, '$.name'), ' ') FROM json_each(e."entities")), '')
FROM "Evidence" e WHERE e."inLibrary" = 1;
