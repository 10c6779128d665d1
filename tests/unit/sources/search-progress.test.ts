import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEuropePmcSource } from "@/lib/sources/europepmc";
import { createPubmedSource } from "@/lib/sources/pubmed";
import { searchSources, type SourceSearchResult } from "@/lib/sources/search";
import { startFixtureServer, type FixtureServer } from "@/tests/support/fixture-server";

// Live progress: each source's result is handed on when that source answers, not when the slowest does.
// PubMed's replies are delayed 600 ms per request (esearch, then efetch); Europe PMC answers at once.
const PUBMED_DELAY_MS = 600;

describe("searchSources reports each source as it answers", () => {
  let server: FixtureServer;
  const savedEnv = { ...process.env };
  beforeAll(async () => {
    server = await startFixtureServer({ delayMs: { esearch: PUBMED_DELAY_MS, efetch: PUBMED_DELAY_MS } });
    process.env.PUBMED_BASE_URL = server.urls.pubmed;
    process.env.EUROPEPMC_BASE_URL = server.urls.europepmc;
  });
  afterAll(async () => {
    process.env = savedEnv;
    await server.close();
  });

  it("hands on Europe PMC's 10 records while PubMed is still answering; returns results in source order", async () => {
    const started = performance.now();
    const seen: Array<{ source: string; hits: number; at: number }> = [];
    const onResult = (r: SourceSearchResult) =>
      void seen.push({ source: r.source, hits: r.evidence.length, at: performance.now() - started });
    const sources = [createPubmedSource({ minDelayMs: 10 }), createEuropePmcSource({ minDelayMs: 10 })];
    const results = await searchSources(sources, "cancer", { limit: 10, timeoutMs: 10_000, onResult });
    expect(seen.map((s) => [s.source, s.hits])).toEqual([
      ["europepmc", 10],
      ["pubmed", 10],
    ]);
    expect(seen[0].at).toBeLessThan(PUBMED_DELAY_MS);
    expect(seen[1].at).toBeGreaterThanOrEqual(2 * PUBMED_DELAY_MS);
    expect(results.map((r) => r.source)).toEqual(["pubmed", "europepmc"]);
    expect(results[1].evidence.slice(0, 3).map((e) => e.citation.pmid)).toEqual(["39709209", "39709208", "40468710"]);
  });

  it("hands on nothing for the searches a cancellation aborted", async () => {
    const controller = new AbortController();
    const seen: string[] = [];
    const pending = searchSources([createPubmedSource({ minDelayMs: 10 })], "cancer", {
      limit: 10,
      timeoutMs: 10_000,
      signal: controller.signal,
      onResult: (r) => void seen.push(r.source),
    });
    setTimeout(() => controller.abort(new Error("cancelled by the user")), 100);
    await expect(pending).rejects.toThrow("cancelled by the user");
    expect(seen).toEqual([]);
    // The in-flight esearch request was aborted, not left to finish.
    await expect.poll(() => server.requests.filter((r) => r.route === "esearch").at(-1)?.abortedAt).toBeGreaterThan(0);
  });
});
