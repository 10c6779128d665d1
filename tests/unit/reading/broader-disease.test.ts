import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readQuestionEvidence } from "@/lib/reading/read";
import { createLocalLibrarySource } from "@/lib/sources/local";
import { loadCorpus } from "@/tests/support/corpus";
import { importCorpus, useTempDatabase } from "@/tests/support/temp-database";

const record = (pmid: string) => loadCorpus().filter((e) => e.citation.pmid === pmid);

describe("a question on a broader disease reads the records of its narrower ones", () => {
  it("reads a composite annotation as the concept asked about: haemorrhagic myocarditis is a cardiomyopathy", () => {
    // PMID 11271907 annotates "haemorrhagic myocarditis" as D006470|D009205 (Hemorrhage | Myocarditis), with a CID
    // relation to each; Myocarditis sits below Cardiomyopathies.
    const broader = readQuestionEvidence("Does cyclophosphamide cause cardiomyopathies?", record("11271907"));
    expect(broader.readings[0]).toMatchObject({
      stance: "yes",
      match: [
        { role: "chemical", written: "cyclophosphamide", id: "D003520", kind: "exact" },
        { role: "condition", written: "haemorrhagic myocarditis", id: "D009205", kind: "narrower" },
      ],
    });
    // The same words still read as the hemorrhage when that is what is asked.
    const other = readQuestionEvidence("Does cyclophosphamide cause hemorrhage?", record("11271907"));
    expect(other.readings[0]).toMatchObject({
      stance: "yes",
      match: [{ id: "D003520" }, { written: "haemorrhagic myocarditis", id: "D006470", kind: "exact" }],
    });
  });
});

describe("the library search expands a broader disease by the narrower ones its records annotate", () => {
  // The development set as the library: each narrower concept below is annotated in one of its records.
  const library = useTempDatabase("broader").then(async (db) => {
    await importCorpus(["bc5cdr_pubtator/CDR_DevelopmentSet.PubTator.txt"]);
    return db;
  });
  beforeAll(() => library, 120_000);
  afterAll(async () => (await library).cleanup());

  it("finds one record on a narrower disease (SIADH in pituitary diseases, narcosis in unconsciousness)", async () => {
    const local = createLocalLibrarySource();
    const ids = async (q: string) => (await local.search(q, { limit: 40 })).map((e) => e.id);
    expect(await ids("Does valproic acid cause pituitary diseases?")).toContain("pmid:11195262");
    expect(await ids("Does thiopental cause unconsciousness?")).toContain("pmid:11226639");
  });
});
