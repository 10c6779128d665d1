import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { create as createTar } from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { readFullTexts } from "@/lib/db/full-texts";
import { applyMigrations } from "@/lib/db/migrate";
import { searchPassages } from "@/lib/db/passage-search";
import { importFile } from "@/lib/library/import";
import { addPaper } from "@/lib/library/papers";
import { fixturePath } from "@/tests/support/fixtures";

// Full texts and their passage index on Postgres (the generated tsvector with GIN): scripts/test.sh sets
// TEST_POSTGRES_URL; without it this file is skipped.
const ADMIN_URL = process.env.TEST_POSTGRES_URL;
const DATABASE = `critica_passages_test${process.env.TEST_POSTGRES_DB_SUFFIX ?? ""}`;

describe.skipIf(!ADMIN_URL)("Postgres: full texts, passages and their search", () => {
  let dir: string;
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DATABASE}`);
    await admin.end();
    const url = new URL(ADMIN_URL!);
    url.pathname = `/${DATABASE}`;
    process.env.DATABASE_URL = url.toString();
    await applyMigrations();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "critica-passages-pg-"));
  });
  afterAll(async () => {
    await getDb().$disconnect();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("imports a JATS article and a PMC OA archive with their passages", async () => {
    const single = await importFile(fixturePath("fulltext/europepmc/PMC4738914.fullTextXML.xml"));
    expect([single.format, single.imported, single.error]).toEqual(["jats", 1, null]);
    fs.copyFileSync(fixturePath("fulltext/jats/pone.0046493.nxml"), path.join(dir, "pone.0046493.nxml"));
    fs.copyFileSync(fixturePath("fulltext/jats/elife-56337.nxml"), path.join(dir, "elife-56337.nxml"));
    const archive = path.join(dir, "oa.tar.gz");
    await createTar({ gzip: true, file: archive, cwd: dir }, ["pone.0046493.nxml", "elife-56337.nxml"]);
    const report = await importFile(archive);
    expect([report.imported, report.failed, report.error]).toEqual([2, 0, null]);
    const text = (await readFullTexts(["pmcid:PMC4738914"], null)).get("pmcid:PMC4738914")!;
    expect(text.passages[0].id).toBe("PMC4738914·case-report·1");
  });

  it("searches passages by relevance within the caller's scope", async () => {
    const hits = await searchPassages("levofloxacin 500 mg daily", 3, { owner: null });
    expect(hits[0].evidenceId).toBe("pmcid:PMC4738914");
    expect(hits[0].passage.text).toContain("switched to oral levofloxacin, 500 mg daily");
    await addPaper({
      ownerId: "alice",
      fileName: "topiramate.pdf",
      bytes: new Uint8Array(fs.readFileSync(fixturePath("fulltext/pdf/PMC4745305.pdf"))),
    });
    const mine = await searchPassages("topiramate clozapine neutropenia", 3, { owner: "alice", only: true });
    expect(mine[0].evidenceId).toBe("doi:10.1155/2016/6086839");
    expect(await searchPassages("topiramate clozapine", 3, { owner: null })).toEqual([]);
    expect(await searchPassages("topiramate clozapine", 3, { owner: "bob" })).toEqual([]);
  });
});
