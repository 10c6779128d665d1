import net from "node:net";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getRunDetail } from "@/lib/runs/projections";
import { importFile } from "@/lib/library/import";
import { runToJson } from "@/lib/research/run-json";
import { research } from "@/lib/modes";
import { startRun } from "@/lib/runs/start";
import { startFixtureServer, type FixtureServer } from "@/tests/support/fixture-server";
import { CORPUS, useTempDatabase } from "@/tests/support/temp-database";

const QUESTION = "Does doxorubicin cause cardiotoxicity, and through which mechanism?";
const ENV_KEYS = [
  "PUBMED_BASE_URL",
  "EUROPEPMC_BASE_URL",
  "CTGOV_BASE_URL",
  "CRITICA_SOURCE_TIMEOUT_MS",
  "CRITICA_SOURCE_CACHE_TTL_HOURS",
] as const;

async function run(sources: Array<"pubmed" | "europepmc" | "ctgov" | "local">, maxIterations = 1) {
  const { runId, done } = await startRun(research, { question: QUESTION, sources, maxIterations });
  const outcome = await done;
  return { outcome, json: runToJson((await getRunDetail(runId))!) };
}

/** A loopback port with nothing listening on it (bound, then released). */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

describe("research runs on the live sources, replayed by a loopback fixture server", () => {
  let server: FixtureServer;
  let cleanup: () => void;
  const saved = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));

  beforeAll(async () => {
    ({ cleanup } = await useTempDatabase("live"));
    // Each test injects its own faults into the same question's searches: the source cache (tested in
    // tests/unit/sources/cache.test.ts) would answer them from an earlier test's rows.
    process.env.CRITICA_SOURCE_CACHE_TTL_HOURS = "0";
    await importFile(path.join(CORPUS, "bc5cdr_pubtator/CDR_TestSet.PubTator.txt"));
    server = await startFixtureServer();
  });
  afterEach(() => {
    server.reset();
    process.env.PUBMED_BASE_URL = server.urls.pubmed;
    process.env.EUROPEPMC_BASE_URL = server.urls.europepmc;
    process.env.CTGOV_BASE_URL = server.urls.ctgov;
    process.env.CRITICA_SOURCE_TIMEOUT_MS = "15000";
  });
  afterAll(async () => {
    await server.close();
    for (const k of ENV_KEYS) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
    cleanup();
  });

  it("draws evidence from PubMed, Europe PMC and ClinicalTrials.gov, with trial phases and statuses", async () => {
    process.env.PUBMED_BASE_URL = server.urls.pubmed;
    process.env.EUROPEPMC_BASE_URL = server.urls.europepmc;
    process.env.CTGOV_BASE_URL = server.urls.ctgov;
    const { outcome, json } = await run(["pubmed", "europepmc", "ctgov"]);
    expect(outcome.status).toBe("completed");
    expect(json.shortfalls).toEqual([]);
    const bySource = (s: string) => json.evidence.filter((e) => e.citation.source === s);
    expect(bySource("pubmed").length).toBeGreaterThan(0);
    expect(bySource("europepmc").length).toBeGreaterThan(0);
    const trials = bySource("ctgov");
    expect(trials).toHaveLength(4);
    for (const t of trials) {
      expect(t.citation.nctId).toMatch(/^NCT\d{8}$/);
      expect(t.id).toBe(`nct:${t.citation.nctId}`);
      expect(t.citation.url).toBe(`https://clinicaltrials.gov/study/${t.citation.nctId}`);
      expect(t.trial?.overallStatus).toMatch(/^[A-Z_]+$/);
    }
    expect(trials.some((t) => (t.trial?.phases.length ?? 0) > 0)).toBe(true);
    // Every PubMed record came through esearch + efetch with its PMID and PubMed URL.
    for (const e of bySource("pubmed"))
      expect(e.citation.url).toBe(`https://pubmed.ncbi.nlm.nih.gov/${e.citation.pmid}/`);
    expect(server.requests.filter((r) => r.route === "esearch").length).toBeGreaterThanOrEqual(1);
  });

  it("a failing source leaves one recorded shortfall and a completed run", async () => {
    server.inject("esearch", { kind: "status", status: 500 });
    server.inject("europepmc", { kind: "status", status: 429, headers: { "Retry-After": "1" }, times: 1 });
    const { outcome, json } = await run(["pubmed", "europepmc", "local"]);
    expect(outcome.status).toBe("completed");
    expect(json.shortfalls).toEqual([{ source: "pubmed", message: "PubMed: HTTP 500 after 3 retries, 0 records" }]);
    // Europe PMC recovered from its 429 after Retry-After; the local library still answered.
    expect(json.evidence.some((e) => e.citation.source === "europepmc")).toBe(true);
    expect(json.evidence.some((e) => e.citation.source === "local")).toBe(true);
    expect(json.report!.methodology.content).toContain("PubMed: HTTP 500 after 3 retries, 0 records");
    expect(json.report!.limitations.join(" ")).toContain("PubMed");
  });

  it("a source that does not answer in time is cut off at its timeout, and the run completes", async () => {
    server.inject("ctgov", { kind: "timeout" });
    process.env.CRITICA_SOURCE_TIMEOUT_MS = "1500";
    const { outcome, json } = await run(["ctgov", "local"]);
    expect(outcome.status).toBe("completed");
    expect(json.shortfalls).toEqual([
      { source: "ctgov", message: "ClinicalTrials.gov: timed out after 1.5 s, 0 records" },
    ]);
    const searches = (await getRunDetail(json.runId))!.events.filter(
      (e) => e.type === "search" && e.data.source === "ctgov",
    );
    // Asked once, then left out of the rest of the run.
    expect(searches).toHaveLength(1);
  });

  it("truncated XML and empty results are shortfall and zero hits, never a failed run", async () => {
    server.inject("efetch", { kind: "truncate" });
    server.inject("europepmc", { kind: "empty" });
    const { outcome, json } = await run(["pubmed", "europepmc", "local"]);
    expect(outcome.status).toBe("completed");
    expect(json.shortfalls.map((s) => s.source)).toEqual(["pubmed"]);
    expect(json.shortfalls[0].message).toMatch(/^PubMed: .+, 0 records$/);
    expect(json.evidence.filter((e) => e.citation.source === "europepmc")).toEqual([]);
  });

  it(
    "with every live source on a dead port, the run completes from the local library with one shortfall per " +
      "source",
    async () => {
      const dead = await closedPort();
      process.env.PUBMED_BASE_URL = `http://127.0.0.1:${dead}/eutils`;
      process.env.EUROPEPMC_BASE_URL = `http://127.0.0.1:${dead}/europepmc`;
      process.env.CTGOV_BASE_URL = `http://127.0.0.1:${dead}/ctgov`;
      const { outcome, json } = await run(["pubmed", "europepmc", "ctgov", "local"], 2);
      expect(outcome.status).toBe("completed");
      expect(json.shortfalls.map((s) => s.source)).toEqual(["pubmed", "europepmc", "ctgov"]);
      for (const s of json.shortfalls) expect(s.message).toMatch(/ECONNREFUSED.*, 0 records$/);
      expect(json.evidence.length).toBeGreaterThan(0);
      expect(json.evidence.every((e) => e.citation.source === "local")).toBe(true);
      expect(json.report!.references.length).toBeGreaterThan(0);
    },
  );
});
