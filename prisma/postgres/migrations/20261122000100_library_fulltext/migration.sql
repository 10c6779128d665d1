-- Full-text index of the local library (Postgres tsvector, ranked with ts_rank).
ALTER TABLE "Evidence" ADD COLUMN "searchVector" tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english', coalesce("title", '')), 'A') ||
    setweight(to_tsvector('english', coalesce("abstract", '')), 'B') ||
    setweight(jsonb_to_tsvector('english', "entities", '["string"]'), 'C') ||
    setweight(jsonb_to_tsvector('english', "meshTerms", '["string"]'), 'C')
) STORED;

CREATE INDEX "Evidence_searchVector_idx" ON "Evidence" USING GIN ("searchVector");
