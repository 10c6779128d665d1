-- CreateTable
CREATE TABLE "Run" (
    "id" TEXT NOT NULL,
    "mode" TEXT NOT NULL DEFAULT 'research',
    "question" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "backend" TEXT NOT NULL,
    "model" TEXT,
    "sources" JSONB NOT NULL,
    "settings" JSONB NOT NULL,
    "maxIterations" INTEGER NOT NULL,
    "iterations" INTEGER NOT NULL DEFAULT 0,
    "confidence" DOUBLE PRECISION,
    "evidenceCount" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "ownerId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "Run_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RunEvent" (
    "id" SERIAL NOT NULL,
    "runId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RunEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Evidence" (
    "id" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "pmid" TEXT,
    "doi" TEXT,
    "pmcid" TEXT,
    "nctId" TEXT,
    "title" TEXT NOT NULL,
    "abstract" TEXT NOT NULL,
    "authors" JSONB NOT NULL,
    "journal" TEXT,
    "year" INTEGER,
    "url" TEXT NOT NULL,
    "publicationTypes" JSONB NOT NULL,
    "meshTerms" JSONB NOT NULL,
    "entities" JSONB NOT NULL,
    "preprint" BOOLEAN NOT NULL DEFAULT false,
    "trial" JSONB,
    "inLibrary" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Evidence_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RunEvidence" (
    "runId" TEXT NOT NULL,
    "evidenceId" TEXT NOT NULL,
    "ordinal" INTEGER NOT NULL,
    "iteration" INTEGER NOT NULL,
    "relevance" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "RunEvidence_pkey" PRIMARY KEY ("runId","evidenceId")
);

-- CreateTable
CREATE TABLE "Hypothesis" (
    "id" SERIAL NOT NULL,
    "runId" TEXT NOT NULL,
    "iteration" INTEGER NOT NULL,
    "ordinal" INTEGER NOT NULL,
    "drug" TEXT NOT NULL,
    "target" TEXT NOT NULL,
    "pathway" TEXT NOT NULL,
    "effect" TEXT NOT NULL,
    "confidence" DOUBLE PRECISION NOT NULL,
    "isPrimary" BOOLEAN NOT NULL DEFAULT false,
    "data" JSONB NOT NULL,

    CONSTRAINT "Hypothesis_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Assessment" (
    "id" SERIAL NOT NULL,
    "runId" TEXT NOT NULL,
    "iteration" INTEGER NOT NULL,
    "mechanismScore" INTEGER NOT NULL,
    "clinicalScore" INTEGER NOT NULL,
    "sufficient" BOOLEAN NOT NULL,
    "confidence" DOUBLE PRECISION NOT NULL,
    "recommendation" TEXT NOT NULL,
    "data" JSONB NOT NULL,

    CONSTRAINT "Assessment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Report" (
    "runId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "markdown" TEXT NOT NULL,
    "data" JSONB NOT NULL,
    "removedReferences" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Report_pkey" PRIMARY KEY ("runId")
);

-- CreateTable
CREATE TABLE "ShareLink" (
    "token" TEXT NOT NULL,
    "runId" TEXT,
    "snapshot" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "ShareLink_pkey" PRIMARY KEY ("token")
);

-- CreateIndex
CREATE INDEX "Run_createdAt_idx" ON "Run"("createdAt");

-- CreateIndex
CREATE INDEX "Run_status_idx" ON "Run"("status");

-- CreateIndex
CREATE UNIQUE INDEX "RunEvent_runId_seq_key" ON "RunEvent"("runId", "seq");

-- CreateIndex
CREATE INDEX "Evidence_pmid_idx" ON "Evidence"("pmid");

-- CreateIndex
CREATE INDEX "Evidence_doi_idx" ON "Evidence"("doi");

-- CreateIndex
CREATE INDEX "Evidence_nctId_idx" ON "Evidence"("nctId");

-- CreateIndex
CREATE INDEX "Evidence_pmcid_idx" ON "Evidence"("pmcid");

-- CreateIndex
CREATE INDEX "RunEvidence_evidenceId_idx" ON "RunEvidence"("evidenceId");

-- CreateIndex
CREATE INDEX "Hypothesis_runId_idx" ON "Hypothesis"("runId");

-- CreateIndex
CREATE UNIQUE INDEX "Assessment_runId_iteration_key" ON "Assessment"("runId", "iteration");

-- CreateIndex
CREATE INDEX "ShareLink_runId_idx" ON "ShareLink"("runId");

-- AddForeignKey
ALTER TABLE "RunEvent" ADD CONSTRAINT "RunEvent_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RunEvidence" ADD CONSTRAINT "RunEvidence_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RunEvidence" ADD CONSTRAINT "RunEvidence_evidenceId_fkey" FOREIGN KEY ("evidenceId") REFERENCES "Evidence"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Hypothesis" ADD CONSTRAINT "Hypothesis_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Assessment" ADD CONSTRAINT "Assessment_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Report" ADD CONSTRAINT "Report_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ShareLink" ADD CONSTRAINT "ShareLink_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE SET NULL ON UPDATE CASCADE;
