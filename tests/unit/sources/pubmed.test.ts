import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SourceError } from "@/lib/sources/http";
import { PubmedXmlError } from "@/lib/sources/parse/pubmed-xml";
import { createPubmedSource } from "@/lib/sources/pubmed";
import { startFixtureServer, type FixtureServer } from "@/tests/support/fixture-server";

// The fixture server answers esearch with the 25 PMIDs of efetch_pharmacology_25records_ASSEMBLED.xml in
// descending PMID order (see tests/support/fixture-server.ts); record values below are from that XML.

let server: FixtureServer;
const savedEnv = { ...process.env };

beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(async () => {
  process.env = savedEnv;
  await server.close();
});
beforeEach(() => {
  server.reset();
  process.env.PUBMED_BASE_URL = server.urls.pubmed;
  delete process.env.NCBI_API_KEY;
  delete process.env.NCBI_EMAIL;
});

/** With a key the shared limiter spaces requests 100 ms apart, which keeps this suite fast. */
const fast = { apiKey: "test-key", minDelayMs: 10 };

const gaps = (times: number[]) => times.slice(1).map((t, i) => t - times[i]);

describe("createPubmedSource", () => {
  it("searches, fetches and ranks records by esearch order", async () => {
    const results = await createPubmedSource({ ...fast, email: "dev@example.org" }).search("pharmacology", {
      limit: 5,
    });
    expect(results.map((e) => e.citation.pmid)).toEqual(["39626064", "39382274", "39337530", "39077977", "38801034"]);
    expect(results.map((e) => e.relevance)).toEqual([1, 0.8, 0.6, 0.4, 0.2]);
    expect(results.every((e) => e.citation.source === "pubmed")).toBe(true);
    expect(results[1].citation).toMatchObject({
      doi: "10.1128/aac.00924-24",
      pmcid: "PMC11539232",
      year: 2024,
      journal: "Antimicrobial agents and chemotherapy",
    });
    expect(
      results[1].citation.title.startsWith("Assessment of the activity and mechanisms of resistance to cefiderocol"),
    ).toBe(true);

    const [esearch, efetch] = server.requests;
    expect(esearch.route).toBe("esearch");
    expect(esearch.params).toEqual({
      db: "pubmed",
      retmode: "json",
      sort: "relevance",
      retmax: "5",
      term: "pharmacology",
      tool: "critica",
      email: "dev@example.org",
      api_key: "test-key",
    });
    expect(efetch.route).toBe("efetch");
    expect(efetch.params).toEqual({
      db: "pubmed",
      retmode: "xml",
      id: "39626064,39382274,39337530,39077977,38801034",
      tool: "critica",
      email: "dev@example.org",
      api_key: "test-key",
    });
    expect(server.requests).toHaveLength(2);
  });

  it("reads base URL, API key and e-mail from the environment at search time", async () => {
    const source = createPubmedSource({ minDelayMs: 10 });
    process.env.NCBI_API_KEY = "env-key";
    process.env.NCBI_EMAIL = "env@example.org";
    const results = await source.search("x", { limit: 2 });
    expect(results).toHaveLength(2);
    expect(server.requests.map((r) => [r.params.tool, r.params.email, r.params.api_key])).toEqual([
      ["critica", "env@example.org", "env-key"],
      ["critica", "env@example.org", "env-key"],
    ]);
  });

  it("leaves out api_key and email when none is configured", async () => {
    server.inject("esearch", { kind: "empty" });
    await createPubmedSource({ minDelayMs: 10 }).search("x", { limit: 1 });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0].params).not.toHaveProperty("api_key");
    expect(server.requests[0].params).not.toHaveProperty("email");
  });

  it("spaces PubMed requests at least 334 ms apart without an API key, across concurrent searches", async () => {
    const started: number[] = [];
    const timedFetch: typeof fetch = (input, init) => {
      started.push(performance.now());
      return fetch(input, init);
    };
    const source = createPubmedSource({ minDelayMs: 10, fetch: timedFetch });
    server.inject("esearch", { kind: "empty", times: 1 });
    // opens the keep-alive connection, so arrival times carry no connect cost
    await source.search("warm-up", { limit: 1 });
    server.requests.length = 0;
    started.length = 0;
    await Promise.all([source.search("a", { limit: 1 }), source.search("b", { limit: 1 })]);
    // Their efetch requests are coalesced into one while they wait for the limiter (pubmed-efetch-batch.ts).
    expect(server.requests.map((r) => r.route).sort()).toEqual(["efetch", "esearch", "esearch"]);
    // Client side: requests start >= 334 ms apart.
    for (const gap of gaps(started)) expect(gap).toBeGreaterThanOrEqual(334);
    // Server side (the recorded arrival times): allow 2 ms of loopback/scheduling jitter either way.
    for (const gap of gaps(server.requests.map((r) => r.at))) expect(gap).toBeGreaterThanOrEqual(332);
  });

  it("coalesces concurrent searches' efetch: one request for their PMIDs, each search gets its records", async () => {
    const source = createPubmedSource(fast);
    const [one, three, two] = await Promise.all([
      source.search("a", { limit: 1 }),
      source.search("b", { limit: 3 }),
      source.search("c", { limit: 2 }),
    ]);
    expect(one.map((e) => e.citation.pmid)).toEqual(["39626064"]);
    expect(three.map((e) => e.citation.pmid)).toEqual(["39626064", "39382274", "39337530"]);
    expect(three.map((e) => e.relevance)).toEqual([1, 2 / 3, 1 / 3].map((r) => expect.closeTo(r, 10)));
    expect(two.map((e) => e.citation.pmid)).toEqual(["39626064", "39382274"]);
    const efetch = server.requests.filter((r) => r.route === "efetch");
    expect(efetch.map((r) => r.params.id)).toEqual(["39626064,39382274,39337530"]);
    expect(server.requests.filter((r) => r.route === "esearch")).toHaveLength(3);
    // A search after the batch was sent makes its own efetch.
    expect((await source.search("d", { limit: 1 })).map((e) => e.citation.pmid)).toEqual(["39626064"]);
    expect(server.requests.filter((r) => r.route === "efetch").map((r) => r.params.id)).toEqual([
      "39626064,39382274,39337530",
      "39626064",
    ]);
  });

  it("a search cancelled while its coalesced efetch waits leaves the other search's request intact", async () => {
    // Without a key (334 ms between requests): esearch a, esearch b, then the shared efetch one slot after b's.
    const source = createPubmedSource({ minDelayMs: 10 });
    const controller = new AbortController();
    const cancelled = source.search("a", { limit: 2, signal: controller.signal });
    const kept = source.search("b", { limit: 1 });
    while (!server.requests.some((r) => r.route === "esearch" && r.params.term === "b"))
      await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 50)); // b has joined the batch, which waits ~280 ms more for its slot
    controller.abort(new Error("cancelled by the user"));
    await expect(cancelled).rejects.toThrow("cancelled by the user");
    expect((await kept).map((e) => e.citation.pmid)).toEqual(["39626064"]);
    expect(server.requests.filter((r) => r.route === "efetch").map((r) => r.params.id)).toEqual(["39626064,39382274"]);
  });

  it("a search cancelled before anyone shares its efetch abandons the request", async () => {
    const source = createPubmedSource({ minDelayMs: 10 });
    const controller = new AbortController();
    const cancelled = source.search("a", { limit: 2, signal: controller.signal });
    while (!server.requests.some((r) => r.route === "esearch")) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 50));
    controller.abort(new Error("cancelled by the user"));
    await expect(cancelled).rejects.toThrow("cancelled by the user");
    await new Promise((r) => setTimeout(r, 400)); // past the slot the efetch would have had
    expect(server.requests.map((r) => r.route)).toEqual(["esearch"]);
  });

  it("retries a 429 after the Retry-After delay and then succeeds", async () => {
    server.inject("esearch", {
      kind: "status",
      status: 429,
      headers: { "Retry-After": "1" },
      times: 1,
      body: '{"error":"API rate limit exceeded"}',
    });
    const results = await createPubmedSource(fast).search("x", { limit: 3 });
    expect(results.map((e) => e.citation.pmid)).toEqual(["39626064", "39382274", "39337530"]);
    const esearch = server.requests.filter((r) => r.route === "esearch").map((r) => r.at);
    expect(esearch).toHaveLength(2);
    expect(esearch[1] - esearch[0]).toBeGreaterThanOrEqual(995);
  });

  it("fails with SourceError when efetch keeps answering 500", async () => {
    server.inject("efetch", { kind: "status", status: 500 });
    const error = await createPubmedSource(fast)
      .search("x", { limit: 3 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceError);
    expect((error as SourceError).message).toBe("PubMed: HTTP 500 after 3 retries");
    expect((error as SourceError).source).toBe("pubmed");
    expect((error as SourceError).status).toBe(500);
    expect(server.requests.filter((r) => r.route === "efetch")).toHaveLength(4);
  });

  it("does not retry other client errors", async () => {
    server.inject("esearch", { kind: "status", status: 400, body: "bad term" });
    await expect(createPubmedSource(fast).search("x", { limit: 3 })).rejects.toThrow(
      "PubMed: HTTP 400 Bad Request: bad term",
    );
    expect(server.requests).toHaveLength(1);
  });

  it("rejects truncated efetch XML", async () => {
    server.inject("efetch", { kind: "truncate" });
    const error = await createPubmedSource(fast)
      .search("x", { limit: 3 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceError);
    expect((error as Error).message).toMatch(/^PubMed: unreadable efetch response: malformed PubMed XML at line \d+/);
    expect((error as Error).cause).toBeInstanceOf(PubmedXmlError);
  });

  it("stops when the caller aborts a request that never answers", async () => {
    server.inject("esearch", { kind: "timeout" });
    const controller = new AbortController();
    const started = performance.now();
    setTimeout(() => controller.abort(), 150);
    const error = await createPubmedSource(fast)
      .search("x", { limit: 3, signal: controller.signal })
      .catch((e: unknown) => e);
    expect((error as Error).name).toBe("AbortError");
    expect(performance.now() - started).toBeLessThan(2000);
    expect(server.requests).toHaveLength(1);
  });

  it("releases a search aborted while it waits for its limiter slot", async () => {
    const source = createPubmedSource({ minDelayMs: 10 }); // no key: 334 ms slots
    const first = source.search("a", { limit: 1 });
    const controller = new AbortController();
    const started = performance.now();
    const second = source.search("b", { limit: 1, signal: controller.signal }).catch((e: unknown) => e);
    setTimeout(() => controller.abort(), 50);
    expect(((await second) as Error).name).toBe("AbortError");
    expect(performance.now() - started).toBeLessThan(300); // before its slot came up
    expect(await first).toHaveLength(1);
    expect(server.requests.map((r) => r.params.term ?? r.params.id)).toEqual(["a", "39626064"]);
  });

  it("times out an attempt that never answers and reports it", async () => {
    server.inject("esearch", { kind: "timeout" });
    const error = await createPubmedSource({ ...fast, timeoutMs: 150, retries: 1 })
      .search("x", { limit: 3 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceError);
    expect((error as Error).message).toBe("PubMed: request timed out after 150 ms; gave up after 1 retry");
    expect(server.requests).toHaveLength(2);
  });

  it("returns [] for an empty esearch result without calling efetch", async () => {
    server.inject("esearch", { kind: "empty" });
    expect(await createPubmedSource(fast).search("x", { limit: 3 })).toEqual([]);
    expect(server.requests.map((r) => r.route)).toEqual(["esearch"]);
  });

  it("returns [] for a zero limit or blank query without any request", async () => {
    expect(await createPubmedSource(fast).search("x", { limit: 0 })).toEqual([]);
    expect(await createPubmedSource(fast).search("  ", { limit: 5 })).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });
});
