import { describe, expect, it } from "vitest";
import {
  fetchPreprintFullText,
  isPreprintDoi,
  isTrustedJatsUrl,
  preprintJatsLink,
} from "@/lib/sources/fulltext/biorxiv";
import { fetchEuropePmcFullText } from "@/lib/sources/fulltext/europepmc";
import { licenceName } from "@/lib/sources/parse/licence";
import { readFixture, readJsonFixture } from "@/tests/support/fixtures";

// The recorded bioRxiv details collection (medrxivr's rendering: the collection without its envelope) and a Europe PMC
// fullTextXML response, served by a fetch that answers from them.

const details = readJsonFixture("biorxiv/biorxiv_details_2013-01-01_2013-11-07_medrxivr_processed.json") as Array<{
  doi: string;
}>;

describe("bioRxiv and medRxiv full texts", () => {
  it("finds the newest version's JATS link and licence in a details collection", () => {
    const one = details.filter((d) => d.doi === "10.1101/000109");
    expect(preprintJatsLink(one, "biorxiv")).toEqual({
      server: "biorxiv",
      jatsUrl: "https://www.biorxiv.org/content/early/2013/11/07/000109.source.xml",
      licenceCode: "cc_by",
      licenceName: "CC BY",
    });
    expect(preprintJatsLink({ collection: one }, "biorxiv")?.jatsUrl).toMatch(/000109\.source\.xml$/);
    expect(preprintJatsLink([], "medrxiv")).toBeNull();
  });

  it("asks bioRxiv, then medRxiv, then fetches the JATS link", async () => {
    const asked: string[] = [];
    const xml = readFixture("fulltext/europepmc/PMC4738914.fullTextXML.xml");
    const fake: typeof fetch = async (input) => {
      const url = String(input);
      asked.push(url);
      if (url.includes("/details/biorxiv/")) return new Response("not found", { status: 404 });
      if (url.includes("/details/medrxiv/"))
        return Response.json({ collection: details.filter((d) => d.doi === "10.1101/000109") });
      return new Response(xml, { status: 200 });
    };
    const got = await fetchPreprintFullText("10.1101/000109", { baseUrl: "http://api.test", fetch: fake, retries: 0 });
    expect(asked).toEqual([
      "http://api.test/details/biorxiv/10.1101/000109/na/json",
      "http://api.test/details/medrxiv/10.1101/000109/na/json",
      "https://www.biorxiv.org/content/early/2013/11/07/000109.source.xml",
    ]);
    expect([got?.link.server, got?.xml.length]).toEqual(["medrxiv", xml.length]);
    expect([isPreprintDoi("10.1101/000109"), isPreprintDoi("10.1155/2016/2860645"), isPreprintDoi(null)]).toEqual([
      true,
      false,
      false,
    ]);
  });

  it("follows a JATS link only to a preprint server or the API's origin, and puts only a DOI in the path", async () => {
    const asked: string[] = [];
    const answerWith =
      (jatsxml: string): typeof fetch =>
      async (input) => {
        const url = String(input);
        asked.push(url);
        if (url.includes("/details/")) return Response.json({ collection: [{ doi: "10.1101/000109", jatsxml }] });
        return new Response("<article/>", { status: 200 });
      };
    const options = { baseUrl: "http://api.test", retries: 0 };
    for (const link of [
      "http://169.254.169.254/latest/meta-data",
      "http://www.biorxiv.org/x.xml",
      "file:///etc/passwd",
    ])
      expect(await fetchPreprintFullText("10.1101/000109", { ...options, fetch: answerWith(link) })).toBeNull();
    expect(asked.filter((u) => !u.includes("/details/"))).toEqual([]);
    const mirror = await fetchPreprintFullText("10.1101/000109", {
      ...options,
      fetch: answerWith("http://api.test/jats/000109.xml"),
    });
    expect(mirror?.xml).toBe("<article/>");
    asked.length = 0;
    expect(await fetchPreprintFullText("10.1101/../../admin", { ...options, fetch: answerWith("x") })).toBeNull();
    expect(asked).toEqual([]);
    expect([
      isTrustedJatsUrl("https://www.medrxiv.org/content/10.1101/2020.01.01.1.source.xml", "https://api.biorxiv.org"),
      isTrustedJatsUrl("https://user:pw@www.biorxiv.org/x.xml", "https://api.biorxiv.org"),
      isTrustedJatsUrl("https://biorxiv.org.evil.example/x.xml", "https://api.biorxiv.org"),
    ]).toEqual([true, false, false]);
  });

  it("Europe PMC's 404 means not open access: null, not an error", async () => {
    const fake: typeof fetch = async () => new Response("not found", { status: 404 });
    expect(await fetchEuropePmcFullText("PMC123", { baseUrl: "http://epmc.test", fetch: fake })).toBeNull();
  });

  it("names licences from their URLs, bioRxiv codes and texts", () => {
    expect(
      [
        ["https://creativecommons.org/licenses/by-nc-nd/4.0/", null],
        ["http://creativecommons.org/publicdomain/zero/1.0/", null],
        ["cc_by_nc_nd", null],
        ["cc_no", null],
        [null, "This is an open access article distributed under the Creative Commons Attribution License"],
        [null, "Publication of EHP lies in the public domain"],
      ].map(([url, text]) => licenceName(url, text)),
    ).toEqual(["CC BY-NC-ND 4.0", "CC0 1.0", "CC BY-NC-ND", null, "CC BY", "public domain"]);
  });
});
