import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ClaimSearchEvent } from "@/components/modes/claim-check/events";
import { createExtractiveClaimBackend } from "@/lib/claims/agents/extractive";
import { claimCheck } from "@/lib/modes";
import type { RunEventPayloads } from "@/lib/domain/events";
import { getDb } from "@/lib/db/client";
import { listRunEvents } from "@/lib/db/runs";
import { createExtractiveBackend } from "@/lib/research/agents/extractive";
import { research } from "@/lib/modes";
import { startRun } from "@/lib/runs/start";
import { normaliseCachedQuery, sourceCacheKey, withSourceCache } from "@/lib/sources/cache";
import { createPubmedSource } from "@/lib/sources/pubmed";
import { createSources } from "@/lib/sources/registry";
import { PUBMED_MIN_TIME_MS } from "@/lib/sources/pubmed-rate-limit";
import { startFixtureServer, type FixtureServer } from "@/tests/support/fixture-server";
import { useTempDatabase } from "@/tests/support/temp-database";

// Real PubMed client against the loopback fixture server (esearch → the 25 PMIDs of
// efetch_pharmacology_25records_ASSEMBLED.xml in descending PMID order), real SourceCache rows in a temp database.

const HOUR = 3_600_000;
let server: FixtureServer;
let cleanup: () => void;
const savedEnv = { ...process.env };

beforeAll(async () => {
  ({ cleanup } = await useTempDatabase("source-cache"));
  server = await startFixtureServer();
});
afterAll(async () => {
  process.env = savedEnv;
  await server.close();
  cleanup();
});
beforeEach(async () => {
  server.reset();
  await getDb().sourceCache.deleteMany();
  process.env.PUBMED_BASE_URL = server.urls.pubmed;
  process.env.EUROPEPMC_BASE_URL = server.urls.europepmc;
  process.env.CTGOV_BASE_URL = server.urls.ctgov;
  delete process.env.NCBI_API_KEY;
  delete process.env.CRITICA_SOURCE_CACHE_TTL_HOURS;
});

const pubmedRequests = () => server.requests.filter((r) => r.route === "esearch" || r.route === "efetch").length;

describe("the source cache", () => {
  it("answers a repeated request from its row without the network; asks again once the TTL has passed", async () => {
    let now = new Date("2026-11-23T02:00:00.000Z");
    const source = withSourceCache(createPubmedSource({ apiKey: "k" }), { ttlMs: 24 * HOUR, now: () => now });
    let hits = 0;
    const first = await source.search("Pharmacology  review", { limit: 5, onCacheHit: () => hits++ });
    expect(first.map((e) => e.citation.pmid)).toEqual(["39626064", "39382274", "39337530", "39077977", "38801034"]);
    expect([pubmedRequests(), hits]).toEqual([2, 0]);

    const rows = await getDb().sourceCache.findMany();
    expect(rows.map((r) => [r.key, r.source, r.query, r.expiresAt.toISOString()])).toEqual([
      [
        sourceCacheKey("pubmed", "", "pharmacology review", 5),
        "pubmed",
        "pharmacology review",
        "2026-11-24T02:00:00.000Z",
      ],
    ]);

    // Same request, other spacing and case: served from the row, no request, the same records.
    now = new Date("2026-11-24T01:59:59.000Z");
    const again = await source.search(" pharmacology Review ", { limit: 5, onCacheHit: () => hits++ });
    expect(again).toEqual(first);
    expect([pubmedRequests(), hits]).toEqual([2, 1]);

    // Another limit is another request.
    await source.search("pharmacology review", { limit: 3, onCacheHit: () => hits++ });
    expect([pubmedRequests(), hits]).toEqual([4, 1]);

    // Expired: the network again, and the row is renewed.
    now = new Date("2026-11-24T02:00:00.000Z");
    await source.search("pharmacology review", { limit: 5, onCacheHit: () => hits++ });
    expect([pubmedRequests(), hits]).toEqual([6, 1]);
    const renewed = await getDb().sourceCache.findUnique({
      where: { key: sourceCacheKey("pubmed", "", "pharmacology review", 5) },
    });
    expect(renewed?.expiresAt.toISOString()).toBe("2026-11-25T02:00:00.000Z");
  });

  it("keeps Boolean operators apart from words: 'a AND b' and 'a and b' are two requests", () => {
    expect(normaliseCachedQuery("  Lithium AND  Kidney OR renal NOT rat ")).toBe("lithium AND kidney OR renal NOT rat");
    expect(sourceCacheKey("pubmed", "", "lithium AND kidney", 10)).not.toBe(
      sourceCacheKey("pubmed", "", "lithium and kidney", 10),
    );
  });

  it("still spaces PubMed's misses 334 ms apart without an API key", async () => {
    // Measured where the requests leave, as the limiter spaces them: the in-process server shares the event loop, so
    // under load it can read the first request late and see a shorter gap than NCBI would.
    const sent: number[] = [];
    const timedFetch: typeof fetch = (input, init) => {
      sent.push(performance.now());
      return fetch(input, init);
    };
    const source = withSourceCache(createPubmedSource({ fetch: timedFetch }), { ttlMs: HOUR });
    await Promise.all([source.search("lithium", { limit: 2 }), source.search("kidney", { limit: 2 })]);
    const routes = server.requests.filter((r) => r.route === "esearch" || r.route === "efetch").map((r) => r.route);
    // Two esearch requests, then one efetch for both misses (concurrent searches share their efetch).
    expect(routes).toEqual(["esearch", "esearch", "efetch"]);
    expect(sent).toHaveLength(3);
    for (let i = 1; i < sent.length; i++)
      expect(sent[i] - sent[i - 1]).toBeGreaterThanOrEqual(PUBMED_MIN_TIME_MS.withoutKey);
  });

  it("never caches a failure", async () => {
    server.inject("esearch", { kind: "status", status: 400, times: 1 });
    const source = withSourceCache(createPubmedSource({ apiKey: "k", retries: 0 }), { ttlMs: HOUR });
    await expect(source.search("lithium", { limit: 2 })).rejects.toThrow(/PubMed/);
    expect(await getDb().sourceCache.count()).toBe(0);
    expect((await source.search("lithium", { limit: 2 })).map((e) => e.citation.pmid)).toEqual([
      "39626064",
      "39382274",
    ]);
  });

  it("is on for live sources by default, off with TTL 0 or when a run bypasses it, never for the library", async () => {
    const twice = async (sources: ReturnType<typeof createSources>) => {
      server.reset();
      for (let i = 0; i < 2; i++) await sources[0].search("lithium", { limit: 2 });
      return server.requests.length;
    };
    expect(await twice(createSources(["europepmc"], { treatmentQuestion: false }))).toBe(1);
    expect(await twice(createSources(["europepmc"], { treatmentQuestion: false, cache: false }))).toBe(2);
    process.env.CRITICA_SOURCE_CACHE_TTL_HOURS = "0";
    expect(await twice(createSources(["europepmc"], { treatmentQuestion: false }))).toBe(2);
    expect((await getDb().sourceCache.findMany()).map((r) => r.source)).toEqual(["europepmc"]);
  });

  it("a repeated run searches from the cache, says so in its timeline, and a run can bypass it", async () => {
    const run = async (sourceCache?: "use" | "bypass") => {
      server.reset();
      const { runId, done } = await startRun(
        research,
        { question: "Is lithium nephrotoxic?", sources: ["europepmc", "ctgov"], maxIterations: 1, sourceCache },
        { overrides: { backend: createExtractiveBackend() } },
      );
      expect((await done).status).toBe("completed");
      const searches = (await listRunEvents(runId)).flatMap((e) =>
        e.type === "search" ? [[e.data.source, e.data.fromCache ?? false] as const] : [],
      );
      // Full texts a run reads are stored with its records (not cached answers), so the count is of searches.
      return { searches, requests: server.requests.filter((r) => r.route !== "fulltext").length };
    };
    const first = await run();
    expect(first.searches.every(([, cached]) => !cached)).toBe(true);
    expect(first.requests).toBeGreaterThan(0);
    const repeat = await run();
    expect(repeat.requests).toBe(0);
    // The same searches, each from the cache; each source's search event is saved when that source answers,
    // so their order follows the answers, not the request.
    const bySource = (searches: ReadonlyArray<readonly [string, boolean]>) =>
      [...searches].sort(([a], [b]) => a.localeCompare(b));
    expect(bySource(repeat.searches)).toEqual(bySource(first.searches.map(([source]) => [source, true] as const)));
    const bypassed = await run("bypass");
    expect(bypassed.requests).toBe(first.requests);
    expect(bypassed.searches.every(([, cached]) => !cached)).toBe(true);
  });
  it('a repeated claim check searches from the cache and its timeline says "from cache" on each search', async () => {
    const TEXT = "Lithium causes nephrogenic diabetes insipidus.";
    const check = async () => {
      server.reset();
      const { runId, done } = await startRun(
        claimCheck,
        { text: TEXT, sources: ["europepmc", "ctgov"] },
        { overrides: { backend: createExtractiveClaimBackend() } },
      );
      expect((await done).status).toBe("completed");
      const searches = (await listRunEvents(runId)).flatMap((e) => (e.type === "claim-search" ? [e.data] : []));
      return { searches, requests: server.requests.length };
    };
    const key = (s: RunEventPayloads["claim-search"]) => `${s.strategy} ${s.source} ${s.query}`;
    const first = await check();
    expect(first.requests).toBeGreaterThan(0);
    expect(first.searches.length).toBeGreaterThan(0);
    expect(first.searches.filter((s) => s.fromCache)).toEqual([]);
    const repeat = await check();
    expect(repeat.requests).toBe(0);
    expect(repeat.searches.map(key).sort()).toEqual(first.searches.map(key).sort());
    expect(repeat.searches.every((s) => s.fromCache === true)).toBe(true);
    // The timeline entry shows the tag for the repeat's searches only.
    const tagged = (s: RunEventPayloads["claim-search"]) =>
      renderToStaticMarkup(createElement(ClaimSearchEvent, { data: s })).match(
        /<span data-testid="from-cache"[^>]*>([^<]*)<\/span>/,
      )?.[1] === "from cache";
    expect(repeat.searches.map(tagged)).toEqual(repeat.searches.map(() => true));
    expect(first.searches.map(tagged)).toEqual(first.searches.map(() => false));
  });
});
