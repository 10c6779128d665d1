import { describe, expect, it } from "vitest";
import { joinSentences, sourceMessage } from "@/lib/report/render/sentence-list";

describe("methodology text", () => {
  it("joins knowledge gaps as sentences, never “replication.; Only”", () => {
    expect(
      joinSentences([
        "Only one record (PMID 1786266) links imipramine to CYP2D6; the link needs independent replication.",
        "Only one record (PMID 11532387) links CYP2D6 to rabbit syndrome; the link needs independent replication.",
        "  ",
        "No human study",
      ]),
    ).toBe(
      "Only one record (PMID 1786266) links imipramine to CYP2D6; the link needs independent replication. Only " +
        "one record (PMID 11532387) links CYP2D6 to rabbit syndrome; the link needs independent replication. No " +
        "human study.",
    );
  });

  it("names a shortfall's source once, as its search wrote it (“PubMed: network error …, 0 records”)", () => {
    expect(
      sourceMessage("PubMed", "PubMed: network error: getaddrinfo ENOTFOUND eutils.ncbi.nlm.nih.gov, 0 records"),
    ).toBe("PubMed: network error: getaddrinfo ENOTFOUND eutils.ncbi.nlm.nih.gov, 0 records");
    expect(sourceMessage("Europe PMC", "request timed out after 15000 ms")).toBe(
      "Europe PMC: request timed out after 15000 ms",
    );
    const pubmed = sourceMessage("PubMed", "PubMed: HTTP 500 after 3 retries, 0 records");
    const europePmc = sourceMessage(
      "Europe PMC",
      "Europe PMC: network error: fetch failed (getaddrinfo EAI_AGAIN www.ebi.ac.uk), 0 records",
    );
    expect(`Shortfalls: ` + `${joinSentences([pubmed, europePmc])}`).toBe(
      "Shortfalls: PubMed: HTTP 500 after 3 retries, 0 records. Europe PMC: network error: fetch failed " +
        "(getaddrinfo EAI_AGAIN www.ebi.ac.uk), 0 records.",
    );
  });
});
