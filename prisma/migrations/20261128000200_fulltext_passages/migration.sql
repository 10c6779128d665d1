-- Full texts and their passages (lib/db/full-texts.ts, docs/library.md): a record's full text from an open-access
-- source, a library import or a user's upload, its paragraph-sized passages in reading order, and the papers users
-- uploaded to "My papers".
-- "PassageFts" indexes the passages for full-text search like "EvidenceFts" indexes records: contentless (searches join
-- "Passage" by rowid), kept by triggers. Columns: the passage's text, its section heading, and its scope, one token
-- the search ANDs with the query (bm25 weight 0): "public" for full texts anyone may read, "owner<hex of ownerId>" for
-- a user's uploaded paper, so a search reads only what its caller may.

-- CreateTable
CREATE TABLE "FullText" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "evidenceId" TEXT NOT NULL,
    "ownerId" TEXT,
    "origin" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "licence" JSONB NOT NULL,
    "pages" INTEGER,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "FullText_evidenceId_fkey" FOREIGN KEY ("evidenceId") REFERENCES "Evidence" ("id") ON DELETE CASCADE ON UPDATE CASCADE
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

    PRIMARY KEY ("fullTextId", "ordinal"),
    CONSTRAINT "Passage_fullTextId_fkey" FOREIGN KEY ("fullTextId") REFERENCES "FullText" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Paper" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "ownerId" TEXT,
    "fileName" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "bytes" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "evidenceId" TEXT NOT NULL,
    "fullTextId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Paper_fullTextId_fkey" FOREIGN KEY ("fullTextId") REFERENCES "FullText" ("id") ON DELETE CASCADE ON UPDATE CASCADE
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

CREATE VIRTUAL TABLE "PassageFts" USING fts5(
    "text",
    "section",
    "scope",
    content = '',
    contentless_delete = 1,
    tokenize = 'porter unicode61 remove_diacritics 2'
);

-- Passages are written and deleted with their full text, never updated. The article writer of library:import
-- (lib/db/article-store-sqlite.ts) writes the index entries of a batch itself, in one statement after its rows (an
-- entry per insert made FTS5 write a segment per passage), and marks its transaction with a "LibraryStats" row of id
-- -1, deleted before it commits: no other connection sees the row, and every other write path keeps the trigger.
CREATE TRIGGER "Passage_fts_ai" AFTER INSERT ON "Passage"
WHEN NOT EXISTS (SELECT 1 FROM "LibraryStats" WHERE "id" = -1) BEGIN
    INSERT INTO "PassageFts"("rowid", "text", "section", "scope") VALUES (
        new."rowid", new."text", coalesce(new."section", ''),
        CASE WHEN new."ownerId" IS NULL THEN 'public' ELSE 'owner' || hex(new."ownerId") END
    );
END;

CREATE TRIGGER "Passage_fts_ad" AFTER DELETE ON "Passage" BEGIN
    DELETE FROM "PassageFts" WHERE "rowid" = old."rowid";
END;

-- FTS5 keeps up to 'hashsize' bytes of pending terms in memory before writing a segment (default 1 MB): 64 MB lets a
-- batch of imported articles make one segment.
INSERT INTO "PassageFts"("PassageFts", "rank") VALUES ('hashsize', 67108864);
