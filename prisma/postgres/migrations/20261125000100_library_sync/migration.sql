-- The local library at PubMed scale (lib/library/sync.ts, docs/library.md).
-- 1. The full-text vector also holds the NCT IDs of a record's DataBankList (weight C) and its facets (weight D,
--    'simple' configuration), which the search's field filters AND with the query (ranking uses a query without
--    them): "yr<year>", "pt<publication type>" and "mh<MeSH heading>" with spaces removed ("ptReview",
--    "mhLithiumCompounds"), so a filter costs one posting list (lib/db/library-facets.ts writes the same spelling).
--    Re-adding the generated column rewrites the table.
-- 2. LibraryStats (the library's record count) and LibraryEntity (its entity dictionary) are kept by statement-level
--    triggers with transition tables (one aggregate per statement, so a bulk INSERT pays once, not per row).
-- 3. LibrarySyncFile: the files `npm run library:sync` applied, with a checkpoint per file.
CREATE FUNCTION library_facets(year integer, publication_types jsonb, mesh_terms jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT concat_ws(' ',
    'yr' || year,
    (SELECT string_agg('pt' || replace(t #>> '{}', ' ', ''), ' ') FROM jsonb_array_elements(publication_types) t),
    (SELECT string_agg('mh' || replace(m ->> 'term', ' ', ''), ' ') FROM jsonb_array_elements(mesh_terms) m))
$$;

DROP INDEX IF EXISTS "Evidence_searchVector_idx";
ALTER TABLE "Evidence" DROP COLUMN "searchVector";
-- Facets first: tsvector positions stop at 16,383, and their phrases must keep theirs.
ALTER TABLE "Evidence" ADD COLUMN "searchVector" tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple', library_facets("year", "publicationTypes", "meshTerms")), 'D') ||
    setweight(to_tsvector('english', coalesce("title", '')), 'A') ||
    setweight(to_tsvector('english', coalesce("abstract", '')), 'B') ||
    setweight(jsonb_to_tsvector('english', "entities", '["string"]'), 'C') ||
    setweight(jsonb_to_tsvector('english', "meshTerms", '["string"]'), 'C') ||
    setweight(jsonb_to_tsvector('english', coalesce("provenance" -> 'trialRegistrations', '[]'::jsonb), '["string"]'), 'C')
) STORED;
CREATE INDEX "Evidence_searchVector_idx" ON "Evidence" USING GIN ("searchVector");

-- CreateTable
CREATE TABLE "LibrarySyncFile" (
    "name" TEXT NOT NULL,
    "bytes" BIGINT NOT NULL,
    "status" TEXT NOT NULL,
    "items" INTEGER NOT NULL DEFAULT 0,
    "records" INTEGER NOT NULL DEFAULT 0,
    "deleted" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "LibrarySyncFile_pkey" PRIMARY KEY ("name")
);

-- CreateTable
CREATE TABLE "LibraryStats" (
    "id" INTEGER NOT NULL,
    "records" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "LibraryStats_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LibraryEntity" (
    "type" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "meshId" TEXT,
    "records" INTEGER NOT NULL,

    CONSTRAINT "LibraryEntity_pkey" PRIMARY KEY ("type","key")
);

-- CreateIndex
CREATE INDEX "LibraryEntity_records_idx" ON "LibraryEntity"("records");

-- The chemical and disease names of library rows, one per (type, lower-case name) and row.
CREATE FUNCTION library_entity_rows(rows_entities jsonb[]) RETURNS TABLE ("type" text, "key" text, "name" text, "meshId" text, "records" bigint)
LANGUAGE sql STABLE AS $$
  SELECT e ->> 'type', lower(e ->> 'name'), min(e ->> 'name'), min(e ->> 'meshId'), count(DISTINCT r.ord)
  FROM unnest(rows_entities) WITH ORDINALITY AS r(entities, ord), jsonb_array_elements(r.entities) e
  WHERE e ->> 'type' IN ('chemical', 'disease')
  GROUP BY 1, 2
$$;

CREATE FUNCTION library_entities_add(rows_entities jsonb[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "LibraryEntity" ("type", "key", "name", "meshId", "records")
  SELECT * FROM library_entity_rows(rows_entities)
  ON CONFLICT ("type", "key") DO UPDATE SET "records" = "LibraryEntity"."records" + EXCLUDED."records"
$$;

CREATE FUNCTION library_entities_remove(rows_entities jsonb[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "LibraryEntity" l SET "records" = l."records" - x."records"
  FROM library_entity_rows(rows_entities) x WHERE l."type" = x."type" AND l."key" = x."key"
$$;

CREATE FUNCTION library_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "LibraryStats" SET "records" = "records" + (SELECT count(*) FROM new_rows WHERE "inLibrary") WHERE "id" = 1;
  PERFORM library_entities_add((SELECT array_agg("entities") FROM new_rows WHERE "inLibrary"));
  RETURN NULL;
END $$;

CREATE FUNCTION library_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "LibraryStats" SET "records" = "records"
    + (SELECT count(*) FROM new_rows WHERE "inLibrary") - (SELECT count(*) FROM old_rows WHERE "inLibrary") WHERE "id" = 1;
  -- Old entities out, new ones in (a net zero for rows whose entities did not change). No join of the two transition
  -- tables: they have no index, and a nested loop over a batch of revisions took minutes.
  PERFORM library_entities_remove((SELECT array_agg("entities") FROM old_rows WHERE "inLibrary"));
  PERFORM library_entities_add((SELECT array_agg("entities") FROM new_rows WHERE "inLibrary"));
  RETURN NULL;
END $$;

CREATE FUNCTION library_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "LibraryStats" SET "records" = "records" - (SELECT count(*) FROM old_rows WHERE "inLibrary") WHERE "id" = 1;
  PERFORM library_entities_remove((SELECT array_agg("entities") FROM old_rows WHERE "inLibrary"));
  RETURN NULL;
END $$;

CREATE TRIGGER "Evidence_library_ai" AFTER INSERT ON "Evidence" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION library_after_insert();
CREATE TRIGGER "Evidence_library_au" AFTER UPDATE ON "Evidence" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION library_after_update();
CREATE TRIGGER "Evidence_library_ad" AFTER DELETE ON "Evidence" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION library_after_delete();

INSERT INTO "LibraryStats" ("id", "records") SELECT 1, count(*) FROM "Evidence" WHERE "inLibrary";
SELECT library_entities_add((SELECT array_agg("entities") FROM "Evidence" WHERE "inLibrary"));
