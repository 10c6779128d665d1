import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));
vi.mock("next/headers", () => ({ cookies: async () => ({ get: () => undefined, set: () => undefined }) }));
vi.mock("next/server", () => ({ connection: async () => undefined }));

const route = await import("@/app/api/runs/[id]/messages/route");
const { getDb } = await import("@/lib/db/client");
const { applyMigrations } = await import("@/lib/db/migrate");
const { listMessages } = await import("@/lib/db/messages");
const { getRun, listRunEvents } = await import("@/lib/db/runs");
const { importFile } = await import("@/lib/library/import");
const { research } = await import("@/lib/modes");
const { startRun } = await import("@/lib/runs/start");
const { reportVersions } = await import("@/lib/chat/report-versions");
const { CORPUS } = await import("@/tests/support/temp-database");

// The chat end to end on Postgres, the production database (the chat must work on SQLite and Postgres), through the
// route handlers of POST and GET /api/runs/<id>/messages. scripts/test.sh (scripts/postgres-for-tests.sh) sets
// TEST_POSTGRES_URL, a role with CREATEDB; without it this file is skipped, as tests/unit/db/postgres.test.ts.
const ADMIN_URL = process.env.TEST_POSTGRES_URL;
// TEST_POSTGRES_DB_SUFFIX lets several checkouts share one PostgreSQL server without dropping each other's databases.
const DATABASE = `critica_chat_test${process.env.TEST_POSTGRES_DB_SUFFIX ?? ""}`;
const QUESTION = "Is lithium nephrotoxic, and by what mechanism?";
const ORIGIN = "http://critica.test";
const params = (id: string) => ({ params: Promise.resolve({ id }) });

/** POSTs a follow-up and reads the whole server-sent stream: its chunks in order and the answer's text. */
async function post(runId: string, text: string) {
  const response = await route.POST(
    new Request(`${ORIGIN}/api/runs/${runId}/messages`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text }),
    }),
    params(runId),
  );
  expect(response.status).toBe(200);
  const chunks = (await response.text())
    .split("\n\n")
    .filter((line) => line.startsWith("data: {"))
    .map((line) => JSON.parse(line.slice(6)) as { type: string; delta?: string; data?: Record<string, unknown> });
  return { chunks, text: chunks.flatMap((c) => (c.type === "text-delta" ? [c.delta] : [])).join("") };
}

/** GET /api/runs/<id>/messages: the saved thread. */
async function thread(runId: string): Promise<
  Array<{
    id: string;
    role: string;
    parts: Array<{ type: string; text?: string; data?: unknown }>;
    metadata: { status: string };
  }>
> {
  return (await (await route.GET(new Request(`${ORIGIN}/api/runs/${runId}/messages`), params(runId))).json()).messages;
}

describe.skipIf(!ADMIN_URL)("Postgres: a run's conversation through POST and GET /api/runs/<id>/messages", () => {
  let runId: string;
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DATABASE}`);
    await admin.end();
    const url = new URL(ADMIN_URL!);
    url.pathname = `/${DATABASE}`;
    process.env.DATABASE_URL = url.toString();
    process.env.OPENAI_API_KEY = "";
    await applyMigrations();
    for (const set of ["Development", "Test", "Training"])
      await importFile(path.join(CORPUS, `bc5cdr_pubtator/CDR_${set}Set.PubTator.txt`));
    const started = await startRun(research, { question: QUESTION, sources: ["local"], maxIterations: 2 });
    expect((await started.done).status).toBe("completed");
    runId = started.runId;
  }, 180_000);
  afterAll(async () => {
    await getDb().$disconnect();
  });

  it("streams an evidence answer and returns the saved thread", async () => {
    const a = await post(runId, "What doses were used?");
    // The references cited so far also arrive while the text streams (data-chat-answer rewritten under one id).
    const types = a.chunks.map((c) => c.type).filter((t) => t !== "text-delta");
    expect([...types.slice(0, 3), ...types.slice(-3)]).toEqual([
      "start",
      "data-follow-up-kind",
      "text-start",
      "text-end",
      "data-chat-answer",
      "finish",
    ]);
    // The run's records are numbered in the report's order, which reads kidney diseases as MeSH's subtree: the rats
    // of PMID 1378968 are [8] (were [6]), as on SQLite (extractive-follow-ups.test.ts).
    expect(a.text).toBe(
      "3 passages of the run's evidence state doses of lithium, in the abstracts' own words [4, 8, 28]:\n\n" +
        "- “A 2-wk administration of LiCl (4 mmol.kg(-1).day(-1) ip) in mPGES-1 +/+ mice led to a marked " +
        "polyuria with hyposmotic urine.” [4]\n" +
        "- “Newborn female Wistar rats were fed a lithium-containing diet (50 mmol/kg) for 8 weeks and then " +
        "randomized to normal diet, HP diet (40 vs. 19%), NX or HP+NX for another 8 weeks.” [8]\n" +
        "- “The male Wistar rats consuming a diet that contained LiCl (60 mmol/kg) for 4 weeks developed marked " +
        "polyuria.” [28]",
    );
    const answer = a.chunks.findLast((c) => c.type === "data-chat-answer")!.data as {
      references: Array<{ n: number; pmid: string }>;
      evidenceConsidered: number;
      checks: { status: string };
    };
    expect(answer.references.map((r) => [r.n, r.pmid])).toEqual([
      [4, "19692487"],
      [8, "1378968"],
      [28, "9406968"],
    ]);
    // 48 records (was 54): the second iteration searches nothing (see the research follow-up below).
    expect([answer.evidenceConsidered, answer.checks.status]).toEqual([48, "verified"]);

    const messages = await thread(runId);
    expect(messages.map((m) => [m.role, m.metadata.status, m.parts.map((p) => p.type).join(" ")])).toEqual([
      ["user", "complete", "text"],
      ["assistant", "complete", "data-follow-up-kind text data-chat-answer"],
    ]);
    expect(messages[0].parts[0]).toEqual({ type: "text", text: "What doses were used?" });
    expect(messages[1].parts[1]).toEqual({ type: "text", text: a.text, state: "done" });
  });

  it("a research follow-up runs a new iteration whose events, answer and report v2 are saved", async () => {
    const a = await post(runId, "What about children?");
    const part = (type: string) => a.chunks.findLast((c) => c.type === type)?.data;
    expect(part("data-follow-up-kind")).toEqual({
      kind: "research",
      reason: "asks about a topic beyond the evidence (“what about …”)",
      references: [],
      focus: "children",
      decidedBy: "rules",
    });
    // One search, with the run's drug (Postgres full-text search finds 21 new records where SQLite's bm25 finds 12).
    // From event 20 (was 22): with the kidney diseases read as MeSH's subtree the judge asks for no patients' search,
    // so the second iteration searches nothing, as on SQLite (research-follow-ups.test.ts).
    expect(part("data-research-iteration")).toEqual({ iteration: 3, fromSeq: 20, queries: ["lithium children"] });
    expect(part("data-run-finished")).toMatchObject({ status: "completed", message: null });
    const version = {
      version: 2,
      changes: {
        fromVersion: 1,
        toVersion: 2,
        referencesAdded: [
          // A question about lithium gains no references about other drugs, as on SQLite.
          {
            evidenceId: "pmid:6794356",
            title: "Tricuspid valve regurgitation and lithium carbonate toxicity in a newborn infant.",
          },
        ],
        referencesRemoved: [],
        hypotheses: [],
        // (6 + 5) / 20: the judge's mechanism and clinical scores with kidney diseases read as MeSH's subtree.
        confidenceBefore: 0.55,
        confidenceAfter: 0.55,
        newRecords: 21,
      },
    };
    expect(part("data-report-version")).toEqual(version);

    expect(await getRun(runId)).toMatchObject({ status: "completed", iterations: 3, evidenceCount: 69 });
    const versions = reportVersions(await listRunEvents(runId));
    expect(versions.map((v) => [v.version, v.report.references.map((r) => r.pmid).join(",")])).toEqual([
      // v1 cites eight records (six before the lithium-induced diabetes insipidus records bore on the kidney): its
      // conclusion cites the records behind its drug candidate (PMID 7453952 and 1378968 among them), as on SQLite.
      [1, "9226773,9538487,25006961,19692487,3001299,1141447,7453952,1378968"],
      [2, "9226773,9538487,25006961,19692487,3001299,1141447,7453952,1378968,6794356"],
    ]);
    // The thread read back from Postgres: four messages, the research answer with its iteration and report version.
    const messages = await thread(runId);
    expect(messages.map((m) => [m.role, m.metadata.status, m.parts.map((p) => p.type).join(" ")])).toEqual([
      ["user", "complete", "text"],
      ["assistant", "complete", "data-follow-up-kind text data-chat-answer"],
      ["user", "complete", "text"],
      ["assistant", "complete", "data-follow-up-kind data-research-iteration data-report-version"],
    ]);
    expect(messages[3].parts[2]).toEqual({ type: "data-report-version", id: "version", data: version });
    expect((await listMessages(runId)).map((m) => m.id)).toEqual(messages.map((m) => m.id));
  });
});
