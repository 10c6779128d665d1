import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { countLibraryRecords } from "@/lib/db/evidence";
import { searchLibrary } from "@/lib/db/library";
import { applyMigrations } from "@/lib/db/migrate";
import { getRunDetail } from "@/lib/runs/projections";
import { importFile } from "@/lib/library/import";
import { research } from "@/lib/modes";
import { startRun } from "@/lib/runs/start";
import { CORPUS } from "@/tests/support/temp-database";
import { EMPTY_PROVENANCE } from "@/lib/domain/evidence";
import { COPIES, medlineCopiesXml, tempFile } from "@/tests/support/provenance-copies";

// Postgres is the production database. scripts/test.sh starts a local server and sets TEST_POSTGRES_URL (a role
// with CREATEDB); without it (a developer machine without Postgres) this file is skipped.
const ADMIN_URL = process.env.TEST_POSTGRES_URL;
// TEST_POSTGRES_DB_SUFFIX lets several checkouts share one PostgreSQL server without dropping each other's databases.
const DATABASE = `critica_unit_test${process.env.TEST_POSTGRES_DB_SUFFIX ?? ""}`;

describe.skipIf(!ADMIN_URL)("Postgres: migrations, library import, full-text search and a research run", () => {
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DATABASE}`);
    await admin.end();
    const url = new URL(ADMIN_URL!);
    url.pathname = `/${DATABASE}`;
    process.env.DATABASE_URL = url.toString();
  });
  afterAll(async () => {
    await getDb().$disconnect();
  });

  it("applies every migration once, writing Prisma's migration table", async () => {
    expect(await applyMigrations()).toEqual({
      applied: [
        "20261122000000_init",
        "20261122000100_library_fulltext",
        "20261122000200_evidence_provenance",
        "20261123000100_auth_accounts",
        "20261123000100_bench_source_cache_history_indexes",
        "20261123000100_chat_messages",
        "20261123000100_dur3_cancel_lease",
        "20261123000100_llm2_drop_hypothesis_assessment",
        "20261125000100_library_sync",
        "20261125000100_sec_server_state",
        "20261125000100_watches",
        "20261128000200_fulltext_passages",
        "20261129000100_evidence_journal_issue",
      ],
    });
    const rows = await getDb().$queryRawUnsafe<Array<{ migration_name: string; applied_steps_count: number }>>(
      `SELECT migration_name, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name`,
    );
    expect(rows).toEqual([
      { migration_name: "20261122000000_init", applied_steps_count: 1 },
      { migration_name: "20261122000100_library_fulltext", applied_steps_count: 1 },
      { migration_name: "20261122000200_evidence_provenance", applied_steps_count: 1 },
      { migration_name: "20261123000100_auth_accounts", applied_steps_count: 1 },
      { migration_name: "20261123000100_bench_source_cache_history_indexes", applied_steps_count: 1 },
      { migration_name: "20261123000100_chat_messages", applied_steps_count: 1 },
      { migration_name: "20261123000100_dur3_cancel_lease", applied_steps_count: 1 },
      { migration_name: "20261123000100_llm2_drop_hypothesis_assessment", applied_steps_count: 1 },
      { migration_name: "20261125000100_library_sync", applied_steps_count: 1 },
      { migration_name: "20261125000100_sec_server_state", applied_steps_count: 1 },
      { migration_name: "20261125000100_watches", applied_steps_count: 1 },
      { migration_name: "20261128000200_fulltext_passages", applied_steps_count: 1 },
      { migration_name: "20261129000100_evidence_journal_issue", applied_steps_count: 1 },
    ]);
  });

  it("imports a PubTator file idempotently", async () => {
    const file = path.join(CORPUS, "bc5cdr_pubtator/CDR_TestSet.PubTator.txt");
    expect((await importFile(file)).imported).toBe(500);
    const again = await importFile(file);
    expect([again.imported, again.updated, again.skipped]).toEqual([0, 0, 500]);
    expect(await countLibraryRecords()).toBe(500);
  });

  it("stores provenance flags and keeps them across re-imports", async () => {
    // CDR_TestSet holds the kinin record (updated with its expression of concern); the retracted copy is new here.
    const flagged = await importFile(tempFile("copies.xml", medlineCopiesXml()));
    expect([flagged.imported, flagged.updated, flagged.skipped]).toEqual([1, 1, 0]);
    const provenance = async (pmid: string) =>
      (await getDb().evidence.findUniqueOrThrow({ where: { id: `pmid:${pmid}` } })).provenance;
    expect(await provenance(COPIES.retracted.pmid)).toEqual({
      ...EMPTY_PROVENANCE,
      retracted: true,
      retractionIn: [COPIES.retracted.noticePmid],
    });
    expect(await provenance(COPIES.concern.pmid)).toEqual({
      ...EMPTY_PROVENANCE,
      expressionOfConcern: true,
      expressionOfConcernIn: [COPIES.concern.noticePmid],
    });
    const pubtator = await importFile(path.join(CORPUS, "bc5cdr_pubtator/CDR_TestSet.PubTator.txt"));
    expect(pubtator.updated).toBe(1);
    expect(await provenance(COPIES.concern.pmid)).toEqual({
      ...EMPTY_PROVENANCE,
      expressionOfConcern: true,
      expressionOfConcernIn: [COPIES.concern.noticePmid],
    });
    const [hit] = await searchLibrary("coenzyme Q10 cisplatin nephrotoxicity mice", 1);
    expect([hit.id, hit.provenance?.retracted]).toEqual([`pmid:${COPIES.retracted.pmid}`, true]);
  });

  it("ranks library records with the tsvector index", async () => {
    const hits = await searchLibrary("lithium nephrogenic diabetes insipidus", 5);
    expect(hits[0].relevance).toBe(1);
    // The three records of this file that match all four terms come first (coordination level, then ts_rank).
    expect(
      hits
        .slice(0, 3)
        .map((h) => h.id)
        .sort(),
    ).toEqual(["pmid:15366550", "pmid:25006961", "pmid:9538487"]);
  });

  it("completes a research run and saves it", async () => {
    const { runId, done } = await startRun(research, {
      question: "Is lithium nephrotoxic, and by what mechanism?",
      sources: ["local"],
    });
    const outcome = await done;
    expect(outcome.status).toBe("completed");
    const detail = (await getRunDetail(runId))!;
    expect(detail.run.status).toBe("completed");
    expect(detail.report!.references.length).toBeGreaterThan(0);
    for (const ref of detail.report!.references) expect(detail.evidence.map((e) => e.id)).toContain(ref.evidenceId);
    expect(detail.events.at(-1)?.type).toBe("run-finished");
  });
});
