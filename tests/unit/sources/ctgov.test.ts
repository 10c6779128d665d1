import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createCtgovSource } from "@/lib/sources/ctgov";
import { SourceError } from "@/lib/sources/http";
import { startFixtureServer, type FixtureServer } from "@/tests/support/fixture-server";

// /studies replays ctgov/studies_v2_full_drug_trials_4_ASSEMBLED.json, or the recorded Phelan-McDermid
// pages 1 and 2 for a query containing "phelan" (see fixture-server.ts).

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
  process.env.CTGOV_BASE_URL = server.urls.ctgov;
});

const fast = { minDelayMs: 10 };

describe("createCtgovSource", () => {
  it("searches studies and maps the registry facts", async () => {
    const results = await createCtgovSource(fast).search("drug", { limit: 10 });
    expect(results.map((e) => e.id)).toEqual([
      "nct:NCT02210780",
      "nct:NCT03418623",
      "nct:NCT00763412",
      "nct:NCT02552212",
    ]);
    expect(results.map((e) => e.relevance)).toEqual([1, 0.75, 0.5, 0.25]);
    expect(results[0].trial).toMatchObject({
      phases: ["PHASE2"],
      overallStatus: "COMPLETED",
      enrollment: 194,
      hasResults: true,
    });
    expect(results[0].citation.source).toBe("ctgov");
    expect(server.requests[0].params).toEqual({ "query.term": "drug", pageSize: "10", format: "json" });
  });

  it("filters to interventional studies when asked, per source or per search", async () => {
    await createCtgovSource({ ...fast, interventionalOnly: true }).search("drug", { limit: 2 });
    expect(server.requests[0].params["filter.advanced"]).toBe("AREA[StudyType]INTERVENTIONAL");
    await createCtgovSource({ ...fast, interventionalOnly: true }).search("drug", {
      limit: 2,
      interventionalOnly: false,
    });
    expect(server.requests[1].params).not.toHaveProperty("filter.advanced");
    await createCtgovSource(fast).search("drug", { limit: 2, interventionalOnly: true });
    expect(server.requests[2].params["filter.advanced"]).toBe("AREA[StudyType]INTERVENTIONAL");
  });

  it("returns at most `limit` studies", async () => {
    const results = await createCtgovSource(fast).search("drug", { limit: 2 });
    expect(results.map((e) => e.citation.nctId)).toEqual(["NCT02210780", "NCT03418623"]);
    expect(results.map((e) => e.relevance)).toEqual([1, 0.5]);
  });

  it("follows nextPageToken (recorded Phelan-McDermid pages)", async () => {
    const results = await createCtgovSource(fast).search("Phelan-McDermid Syndrome", { limit: 10 });
    expect(results.map((e) => e.citation.nctId)).toEqual([
      "NCT02710084",
      "NCT05105685",
      "NCT01525901",
      "NCT03493607",
      "NCT07119606",
      "NCT05187377",
      "NCT03836300",
      "NCT07014020",
      "NCT05025241",
      "NCT07281079",
    ]);
    expect(server.requests.map((r) => r.params.pageToken)).toEqual([
      undefined,
      "ZVt07cGHkvI2wRk2CJf6_LLq14bEL8swd7KrgP4dnDeTsPkw",
    ]);
  });

  it("fails with SourceError after 3 retries of a 500", async () => {
    server.inject("ctgov", { kind: "status", status: 500 });
    const error = await createCtgovSource(fast)
      .search("drug", { limit: 5 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceError);
    expect((error as SourceError).message).toBe("ClinicalTrials.gov: HTTP 500 after 3 retries");
    expect((error as SourceError).source).toBe("ctgov");
    expect(server.requests).toHaveLength(4);
  });

  it("retries once after a 500 and succeeds", async () => {
    server.inject("ctgov", { kind: "status", status: 502, times: 1 });
    expect(await createCtgovSource(fast).search("drug", { limit: 1 })).toHaveLength(1);
    expect(server.requests).toHaveLength(2);
  });

  it("reports a network error after retrying", async () => {
    const closed = await startFixtureServer();
    const baseUrl = closed.urls.ctgov;
    await closed.close(); // nothing listens on that port any more
    const error = await createCtgovSource({ ...fast, baseUrl, retries: 1 })
      .search("drug", { limit: 5 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceError);
    expect((error as Error).message).toMatch(
      /^ClinicalTrials\.gov: network error: fetch failed.*; gave up after 1 retry$/,
    );
  });

  it("rejects a truncated reply", async () => {
    server.inject("ctgov", { kind: "truncate" });
    await expect(createCtgovSource(fast).search("drug", { limit: 5 })).rejects.toThrow(
      /^ClinicalTrials.gov: invalid JSON response: /,
    );
  });

  it("returns [] for an empty result", async () => {
    server.inject("ctgov", { kind: "empty" });
    expect(await createCtgovSource(fast).search("zzz", { limit: 5 })).toEqual([]);
  });

  it("aborts a request that never answers", async () => {
    server.inject("ctgov", { kind: "timeout" });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await expect(createCtgovSource(fast).search("drug", { limit: 5, signal: controller.signal })).rejects.toMatchObject(
      { name: "AbortError" },
    );
  });
});
