import { afterEach, describe, expect, it } from "vitest";
import { clearUnreachable, isDnsFailure, UNREACHABLE_MS, unreachableSources } from "@/lib/sources/reachability";
import { searchSources } from "@/lib/sources/search";
import type { LiteratureSource } from "@/lib/sources/types";

/** A live source whose host has no DNS record (".invalid" is reserved, RFC 2606): every search fails its lookup. */
const deadPubmed: LiteratureSource = {
  id: "pubmed",
  search: async (_query, options) => {
    await fetch("http://eutils.critica-offline-test.invalid/esearch.fcgi", { signal: options.signal });
    return [];
  },
};

describe("a source whose DNS lookup fails is marked unreachable for a few minutes", () => {
  afterEach(() => clearUnreachable("pubmed"));

  it("marks it on the first failure and answers the next searches at once with a clear shortfall", async () => {
    const first = await searchSources([deadPubmed], "lithium nephrotoxicity", { limit: 10, timeoutMs: 15_000 });
    expect(first[0].error).toMatch(
      /^PubMed: fetch failed \(getaddrinfo (?:ENOTFOUND|EAI_AGAIN) eutils\.critica-offline-test\.invalid\), 0 records$/,
    );
    const [mark] = unreachableSources();
    expect(mark.source).toBe("pubmed");
    expect(mark.until - mark.since).toBe(UNREACHABLE_MS);

    const second = await searchSources([deadPubmed], "lithium", { limit: 10, timeoutMs: 15_000 });
    expect(second[0].durationMs).toBe(0);
    const hhmm = (ms: number) => `${new Date(ms).toISOString().slice(11, 16)} UTC`;
    expect(second[0].error).toBe(
      `PubMed: unreachable (DNS lookup failed at ${hhmm(mark.since)}; not asked again until ` +
        `${hhmm(mark.until)}), 0 records`,
    );

    expect(unreachableSources(mark.until + 1)).toEqual([]);
  }, 30_000);

  it("tells DNS failures from other network errors", async () => {
    const refused = await fetch("http://127.0.0.1:9/").catch((e: unknown) => e);
    expect(isDnsFailure(refused)).toBe(false);
    const dns = await fetch("http://critica-offline-test.invalid/").catch((e: unknown) => e);
    expect(isDnsFailure(dns)).toBe(true);
  }, 30_000);
});
