import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createEuropePmcSource } from "@/lib/sources/europepmc";
import { SourceError } from "@/lib/sources/http";
import { EuropePmcFormatError } from "@/lib/sources/parse/europepmc";
import { startFixtureServer, type FixtureServer } from "@/tests/support/fixture-server";

// Page 1 is europepmc/search_cancer_core_25.json; page 2 is the recorded immunotherapy lite page (see
// fixture-server.ts).

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
  process.env.EUROPEPMC_BASE_URL = server.urls.europepmc;
});

const fast = { minDelayMs: 10 };

describe("createEuropePmcSource", () => {
  it("searches one page with the core result type and ranks the records", async () => {
    const results = await createEuropePmcSource(fast).search("cancer", { limit: 10 });
    expect(results.map((e) => e.citation.pmid)).toEqual([
      "39709209",
      "39709208",
      "40468710",
      "40464630",
      "40493882",
      "40437959",
      "40377773",
      "40511629",
      "40530674",
      "40536418",
    ]);
    expect(results[0].relevance).toBe(1);
    expect(results[9].relevance).toBeCloseTo(0.1, 10);
    expect(results[2].citation).toMatchObject({
      source: "europepmc",
      title: "The role of psychological flexibility in relation to health outcomes in people in remission from cancer.",
      doi: "10.1111/bjhp.12807",
      journal: "British journal of health psychology",
    });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0].params).toEqual({
      query: "cancer",
      resultType: "core",
      format: "json",
      pageSize: "10",
      cursorMark: "*",
    });
  });

  it("follows nextCursorMark until the limit is reached", async () => {
    const results = await createEuropePmcSource(fast).search("cancer", { limit: 28 });
    expect(results).toHaveLength(28);
    // AGR record skipped
    expect(results.slice(25).map((e) => e.citation.pmid)).toEqual(["41102462", "41057853", "41083487"]);
    expect(server.requests.map((r) => r.params.cursorMark)).toEqual(["*", "AoIIP4ZawSg1MzEyODI1MA=="]);
  });

  it("stops paging when a page brings no results", async () => {
    const results = await createEuropePmcSource(fast).search("cancer", { limit: 100 });
    expect(results).toHaveLength(29); // 25 + 4 identified records of page 2
    expect(server.requests.map((r) => r.params.cursorMark)).toEqual([
      "*",
      "AoIIP4ZawSg1MzEyODI1MA==",
      "AoIIQGrHhyg1NDA0NDEzNQ==",
    ]);
    expect(results.at(-1)!.relevance).toBeCloseTo(1 / 29, 10);
  });

  it("retries a 429 with Retry-After and succeeds", async () => {
    server.inject("europepmc", { kind: "status", status: 429, headers: { "Retry-After": "1" }, times: 1 });
    const results = await createEuropePmcSource(fast).search("cancer", { limit: 2 });
    expect(results.map((e) => e.citation.pmid)).toEqual(["39709209", "39709208"]);
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1].at - server.requests[0].at).toBeGreaterThanOrEqual(995);
  });

  it("gives up at once when Retry-After asks for more than a minute", async () => {
    server.inject("europepmc", { kind: "status", status: 429, headers: { "Retry-After": "3600" } });
    await expect(createEuropePmcSource(fast).search("cancer", { limit: 5 })).rejects.toThrow(
      "Europe PMC: HTTP 429 (Retry-After 3600 s is too long to wait)",
    );
    expect(server.requests).toHaveLength(1);
  });

  it("fails with SourceError after 3 retries of a 500", async () => {
    server.inject("europepmc", { kind: "status", status: 503 });
    await expect(createEuropePmcSource(fast).search("cancer", { limit: 5 })).rejects.toThrow(
      "Europe PMC: HTTP 503 after 3 retries",
    );
    expect(server.requests).toHaveLength(4);
  });

  it("rejects a truncated JSON reply", async () => {
    server.inject("europepmc", { kind: "truncate" });
    const error = await createEuropePmcSource(fast)
      .search("cancer", { limit: 5 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceError);
    expect((error as Error).message).toMatch(/^Europe PMC: invalid JSON response: /);
  });

  it("rejects JSON that is not a search response", async () => {
    server.inject("europepmc", { kind: "status", status: 200, body: '{"errMsg":"unknown"}' });
    const error = await createEuropePmcSource(fast)
      .search("cancer", { limit: 5 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceError);
    expect((error as Error).cause).toBeInstanceOf(EuropePmcFormatError);
  });

  it("returns [] for an empty result", async () => {
    server.inject("europepmc", { kind: "empty" });
    expect(await createEuropePmcSource(fast).search("asdkfjh", { limit: 5 })).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it("aborts a request that never answers", async () => {
    server.inject("europepmc", { kind: "timeout" });
    const started = performance.now();
    const error = await createEuropePmcSource(fast)
      .search("cancer", { limit: 5, signal: AbortSignal.timeout(150) })
      .catch((e: unknown) => e);
    expect((error as Error).name).toBe("TimeoutError"); // AbortSignal.timeout's reason
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
