-- Full texts and their passages (lib/db/full-texts.ts, docs/library.md): a record's full text from an open-access
-- source, a library import or a user's upload, its paragraph-sized passages in reading order, and the papers users
-- uploaded to "My papers". Passages are indexed for full-text search by a generated tsvector (text weight A, section
-- heading weight B) with GIN; a search filters on "ownerId" (null: anyone may read it) beside the match.

-- CreateTable
CREATE TABLE "FullText" (
    "id" TEXT NOT NULL,
    "evidenceId" TEXT NOT NULL,
    "ownerId" TEXT,
    "origin" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "licence" JSONB NOT NULL,
    "pages" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FullText_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Passage" (
    "fullTextId" TEXT NOT NULL,
    "ordinal" INTEGER NOT NULL,
    "passageId" TEXT NOT NULL,
    "evidenceId" TEXT NOT NULL,
    "ownerId" TEXT,
    "section" TEXT,
    "sectionType" TEXT NOT NULL,
    "page" INTEGER,
    "kind" TEXT NOT NULL,
    "text" TEXT NOT NULL,

    CONSTRAINT "Passage_pkey" PRIMARY KEY ("fullTextId","ordinal")
);

-- CreateTable
CREATE TABLE "Paper" (
    "id" TEXT NOT NULL,
    "ownerId" TEXT,
    "fileName" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "bytes" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "evidenceId" TEXT NOT NULL,
    "fullTextId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Paper_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "FullText_evidenceId_ownerId_idx" ON "FullText"("evidenceId", "ownerId");

-- CreateIndex
CREATE INDEX "FullText_ownerId_idx" ON "FullText"("ownerId");

-- CreateIndex
CREATE INDEX "Passage_evidenceId_idx" ON "Passage"("evidenceId");

-- CreateIndex
CREATE UNIQUE INDEX "Paper_fullTextId_key" ON "Paper"("fullTextId");

-- CreateIndex
CREATE INDEX "Paper_ownerId_createdAt_idx" ON "Paper"("ownerId", "createdAt");

-- AddForeignKey
ALTER TABLE "FullText" ADD CONSTRAINT "FullText_evidenceId_fkey" FOREIGN KEY ("evidenceId") REFERENCES "Evidence"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Passage" ADD CONSTRAINT "Passage_fullTextId_fkey" FOREIGN KEY ("fullTextId") REFERENCES "FullText"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Paper" ADD CONSTRAINT "Paper_fullTextId_fkey" FOREIGN KEY ("fullTextId") REFERENCES "FullText"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "Passage" ADD COLUMN "searchVector" tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english', "text"), 'A') ||
    setweight(to_tsvector('english', coalesce("section", '')), 'B')
) STORED;
CREATE INDEX "Passage_searchVector_idx" ON "Passage" USING GIN ("searchVector");
