import { afterAll, describe, expect, it } from "vitest";
import { neutraliseUnretrieved } from "@/lib/grounding/identifiers";
import { fetchOpenFullText } from "@/lib/sources/fulltext/fetch";
import { loadCorpus } from "@/tests/support/corpus";

// A run over a local library whose records carry PMCIDs, offline: Europe PMC's host does not resolve. The shortfall
// is quoted in the report's limitations, and the report's identifier check must not take it for a URL the run did not
// retrieve (it did, before: "…(getaddrinfo ENOTFOUND www.ebi.ac.uk)" became "ebi.ac.uk (not retrieved)").

const record = { ...loadCorpus()[0], citation: { ...loadCorpus()[0].citation, pmcid: "PMC4738914" } };

/** undici's failure when a host does not resolve: TypeError "fetch failed", caused by getaddrinfo's ENOTFOUND. */
const unresolved: typeof fetch = async (input) => {
  const host = new URL(String(input)).hostname;
  const cause = Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND", hostname: host });
  throw new TypeError("fetch failed", { cause });
};

const options = { notOpenTtlMs: 0, useCache: false, retries: 1, minDelayMs: 1, fetch: unresolved };

const savedBase = process.env.EUROPEPMC_BASE_URL;
afterAll(() => {
  if (savedBase === undefined) delete process.env.EUROPEPMC_BASE_URL;
  else process.env.EUROPEPMC_BASE_URL = savedBase;
});

describe("a full text that could not be fetched", () => {
  it("is a shortfall naming the source, not its host, which the report's identifier check leaves as is", async () => {
    process.env.EUROPEPMC_BASE_URL = "https://www.ebi.ac.uk/europepmc/webservices/rest";
    const outcome = await fetchOpenFullText(record, options);
    const message = "Europe PMC: full text of PMC4738914 not read: Europe PMC could not be reached (ENOTFOUND)";
    expect(outcome).toEqual({ status: "failed", message });

    // The report's limitations quote it as "Source shortfall: Europe PMC: <message>" (report-limitations.ts).
    const flagged: string[] = [];
    const quoted = `Source shortfall: Europe PMC: ${message}`;
    expect(neutraliseUnretrieved(quoted, new Map(), flagged)).toBe(quoted);
    expect(flagged).toEqual([]);
  });

  it("names no address from an HTTP error either", async () => {
    const failing: typeof fetch = async () =>
      new Response("see http://www.ebi.ac.uk/status", { status: 403, statusText: "Forbidden" });
    const outcome = await fetchOpenFullText(record, { ...options, fetch: failing });
    expect(outcome).toEqual({
      status: "failed",
      message: "Europe PMC: full text of PMC4738914 not read: HTTP 403 Forbidden: see Europe PMC",
    });
  });
});
