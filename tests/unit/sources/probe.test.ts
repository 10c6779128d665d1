import { afterEach, describe, expect, it } from "vitest";
import { probeLiveSources, sourceHost } from "@/lib/sources/probe";
import { clearUnreachable, unreachableSources } from "@/lib/sources/reachability";

// The home page looks the live sources' hosts up before it ticks them, so an offline machine's form names them
// unreachable (with Retry) and leaves them unticked before any run has tried them.
describe("probing the live sources' hosts", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    for (const s of ["pubmed", "europepmc", "ctgov"] as const) clearUnreachable(s);
  });

  it("marks a source whose host has no DNS record, and not one whose host resolves", async () => {
    // ".invalid" never resolves (RFC 2606); 127.0.0.1 needs no lookup.
    process.env.PUBMED_BASE_URL = "http://eutils.critica-probe-test.invalid/entrez/eutils";
    process.env.EUROPEPMC_BASE_URL = "http://127.0.0.1:9/europepmc";
    expect(sourceHost("pubmed")).toBe("eutils.critica-probe-test.invalid");
    await probeLiveSources(["pubmed", "europepmc", "local"]);
    // The wait is capped; a slow resolver may answer after it, so poll briefly.
    for (let i = 0; i < 50 && unreachableSources().length === 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(unreachableSources().map((u) => u.source)).toEqual(["pubmed"]);
  });
});
