-- The Hypothesis and Assessment tables have not been written or read since a run's views were projected from its
-- events (lib/runs/projections.ts, issue 16): the hypotheses and assessment events are their only home.

-- DropForeignKey
ALTER TABLE "Hypothesis" DROP CONSTRAINT "Hypothesis_runId_fkey";

-- DropForeignKey
ALTER TABLE "Assessment" DROP CONSTRAINT "Assessment_runId_fkey";

-- DropTable
DROP TABLE "Hypothesis";

-- DropTable
DROP TABLE "Assessment";
