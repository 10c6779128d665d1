import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// "My papers" on its real route handlers and a temp database, CRITICA_AUTH=off: the browser session is whatever
// `session.id` says. Files are the shared fixtures (a Hindawi case report as PDF and as Europe PMC JATS) and PDFs
// pdfkit writes (a scanned page).
const session = vi.hoisted(() => ({ id: null as string | null }));
vi.mock("server-only", () => ({}));
vi.mock("next/headers", () => ({
  cookies: async () => ({
    get: (name: string) => (name === "critica_session" && session.id ? { value: session.id } : undefined),
    set: () => undefined,
  }),
}));
vi.mock("next/server", () => ({ connection: async () => undefined, after: (fn: () => unknown) => void fn() }));

const papers = await import("@/app/api/papers/route");
const paperById = await import("@/app/api/papers/[id]/route");
const { searchPassages } = await import("@/lib/db/passage-search");
const { createPapersSource } = await import("@/lib/sources/papers");
const { useTempDatabase } = await import("@/tests/support/temp-database");
const { fixturePath } = await import("@/tests/support/fixtures");
const { buildPdf, scannedPage } = await import("@/tests/support/pdf-files");

const ALICE = "alice-session-aaaaaaaaaaaaaaaa";
const BOB = "bob-session-bbbbbbbbbbbbbbbbbbbb";
const file = (name: string, bytes: Uint8Array, type = "application/pdf") =>
  new File([Buffer.from(bytes)], name, { type });
const upload = (...files: File[]) => {
  const body = new FormData();
  for (const f of files) body.append("file", f);
  return new Request("http://critica.test/api/papers", { method: "POST", body });
};
const as = async <T>(who: string | null, call: () => Promise<Response>): Promise<{ status: number; body: T }> => {
  session.id = who;
  const res = await call();
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : text) as T };
};
const byId = (id: string) => ({ params: Promise.resolve({ id }) });
type Results = {
  results: Array<{ fileName: string; paper?: { id: string; title: string; passages: number }; error?: string }>;
};

describe("My papers: upload, list, delete, each user's own", () => {
  let cleanup: () => void;
  beforeAll(async () => {
    ({ cleanup } = await useTempDatabase("papers-routes"));
  });
  afterAll(() => cleanup());

  let pdfId = "";
  it("uploads several files at once: each read or refused with its reason, none lost for another's fault", async () => {
    const pdf = file("levofloxacin-case.pdf", fs.readFileSync(fixturePath("fulltext/pdf/PMC4738914.pdf")));
    const jats = file(
      "PMC4745305.xml",
      fs.readFileSync(fixturePath("fulltext/europepmc/PMC4745305.fullTextXML.xml")),
      "application/xml",
    );
    const scan = file("scan.pdf", await buildPdf((doc) => scannedPage(doc)));
    const notes = file("notes.txt", new TextEncoder().encode("not a paper"), "text/plain");
    const { status, body } = await as<Results>(ALICE, () => papers.POST(upload(pdf, scan, jats, notes)));
    expect(status).toBe(207);
    expect(body.results.map((r) => [r.fileName, r.paper?.title ?? r.error])).toEqual([
      [
        "levofloxacin-case.pdf",
        "Probable Levofloxacin-Induced Thrombocytopenia in a Patient Previously on Ciprofloxacin: " +
          "A Case Report and Literature Review",
      ],
      ["scan.pdf", "no text layer: scanned PDFs need OCR, which Critica does not do"],
      [
        "PMC4745305.xml",
        "Concomitant Use of Topiramate Inducing Neutropenia in a Schizophrenic Male Stabilized on Clozapine",
      ],
      ["notes.txt", "not an article file: upload a PDF or a JATS article (.nxml, or .xml with an <article> root)"],
    ]);
    pdfId = body.results[0].paper!.id;
  });

  it("lists a user's papers to that user only; another user cannot read or delete them", async () => {
    const mine = await as<{ papers: Array<{ id: string; fileName: string; format: string }> }>(ALICE, () =>
      papers.GET(),
    );
    expect(mine.body.papers.map((p) => [p.fileName, p.format])).toEqual([
      ["PMC4745305.xml", "jats"],
      ["levofloxacin-case.pdf", "pdf"],
    ]);
    expect((await as<{ papers: unknown[] }>(BOB, () => papers.GET())).body.papers).toEqual([]);
    expect((await as(BOB, () => paperById.GET(new Request("http://critica.test"), byId(pdfId)))).status).toBe(404);
    expect((await as(BOB, () => paperById.DELETE(new Request("http://critica.test"), byId(pdfId)))).status).toBe(404);
  });

  it("their passages are searched in their owner's scope only; a run limited to one's papers finds them", async () => {
    const alice = await searchPassages("levofloxacin 500 mg daily", 3, { owner: ALICE, only: true });
    expect(alice[0].passage.text).toContain("switched to oral levofloxacin, 500 mg daily");
    expect(alice[0].passage.id).toBe("doi:10.1155/2016/2860645·page1·1");
    expect(await searchPassages("levofloxacin 500 mg daily", 3, { owner: null })).toEqual([]);
    expect(await searchPassages("levofloxacin", 3, { owner: BOB })).toEqual([]);
    const found = await createPapersSource(ALICE).search("levofloxacin thrombocytopenia", { limit: 5 });
    expect(found.map((r) => [r.id, r.citation.source])).toEqual([["doi:10.1155/2016/2860645", "papers"]]);
    expect(await createPapersSource(BOB).search("levofloxacin thrombocytopenia", { limit: 5 })).toEqual([]);
  });

  it("a research run limited to its owner's papers reads, cites them; another owner's run finds nothing", async () => {
    const { research } = await import("@/lib/modes");
    const { startRun } = await import("@/lib/runs/start");
    const { getReport } = await import("@/lib/db/runs");
    const { createExtractiveBackend } = await import("@/lib/research/agents/extractive");
    const ask = async (ownerId: string) => {
      const { runId, done } = await startRun(
        research,
        { question: "What dose of levofloxacin was given?", sources: ["papers"], maxIterations: 1 },
        { ownerId, overrides: { backend: createExtractiveBackend() } },
      );
      return { outcome: await done, report: (await getReport(runId))?.report };
    };
    const alice = await ask(ALICE);
    expect(alice.outcome.evidence.map((e) => e.id)).toContain("doi:10.1155/2016/2860645");
    expect(alice.report?.passages?.find((p) => p.sentence.includes("500 mg daily"))).toMatchObject({
      evidenceId: "doi:10.1155/2016/2860645",
      passageId: "doi:10.1155/2016/2860645·page1·1",
      page: 1,
      section: "1. Case",
    });
    expect((await ask(BOB)).outcome.evidence).toEqual([]);
  });

  it("deletes a paper with its passages for its owner", async () => {
    expect((await as(ALICE, () => paperById.DELETE(new Request("http://critica.test"), byId(pdfId)))).status).toBe(204);
    expect((await as(ALICE, () => paperById.GET(new Request("http://critica.test"), byId(pdfId)))).status).toBe(404);
    // Alice's other paper (the topiramate case) remains; nothing of the levofloxacin case does.
    expect(await searchPassages("levofloxacin", 3, { owner: ALICE, only: true })).toEqual([]);
    expect((await searchPassages("topiramate", 1, { owner: ALICE, only: true }))[0].evidenceId).toBe(
      "pmcid:PMC4745305",
    );
  });

  it("refuses a request without files", async () => {
    expect(await as(ALICE, () => papers.POST(upload()))).toEqual({
      status: 400,
      body: { error: "Choose at least one PDF or JATS file." },
    });
  });
});
