import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadLibraryEntities } from "@/lib/library/entity-dictionary";
import { importFile } from "@/lib/library/import";
import type { Evidence } from "@/lib/domain/evidence";
import { parseCtgovStudies } from "@/lib/sources/parse/ctgov";
import { parsePubmedXml } from "@/lib/sources/parse/pubmed-xml";
import { parsePubTator } from "@/lib/sources/parse/pubtator";
import {
  annotateEvidence,
  compileEntityDictionary,
  isDiseaseDescriptor,
  type EntityDictionary,
} from "@/lib/evidence/annotation";
import { CORPUS, FIXTURES, useTempDatabase } from "@/tests/support/temp-database";

describe("annotating live records with the library's entity dictionary", () => {
  let cleanup: () => void;
  let dictionary: EntityDictionary;
  let pubmed: Evidence[];
  beforeAll(async () => {
    ({ cleanup } = await useTempDatabase("annotate"));
    for (const f of ["CDR_TestSet.PubTator.txt", "CDR_TrainingSet.PubTator.txt", "CDR_DevelopmentSet.PubTator.txt"]) {
      await importFile(path.join(CORPUS, "bc5cdr_pubtator", f));
    }
    dictionary = compileEntityDictionary(await loadLibraryEntities());
    pubmed = parsePubmedXml(
      fs.readFileSync(path.join(FIXTURES, "pubmed/efetch_pharmacology_25records_ASSEMBLED.xml"), "utf8"),
      "pubmed",
    );
  });
  afterAll(() => cleanup());

  it("builds the dictionary from names annotated in at least two library records", async () => {
    const entities = await loadLibraryEntities();
    // A composite mention ("haemorrhagic myocarditis", D006470|D009205) keeps its whole ID, as the relation model was
    // trained on it, so it no longer adds its forms to its first ID's entity: 1352 names, 5 of them composites (1343
    // when composites kept their first ID).
    expect(entities.length).toBe(1352);
    expect(entities.filter((e) => e.meshId?.includes("|")).length).toBe(5);
    expect(entities.find((e) => e.name.toLowerCase() === "nephrogenic diabetes insipidus")).toMatchObject({
      type: "disease",
      meshId: "D018500",
    });
    expect(entities.some((e) => e.type === "gene")).toBe(false);
  });

  it("tags a PubMed record's chemicals and diseases with their MeSH IDs, keeping its own chemical list", () => {
    const ketamine = annotateEvidence([pubmed.find((e) => e.id === "pmid:38011560")!], dictionary)[0];
    expect(ketamine.entities).toEqual([
      { name: "Ketamine", type: "chemical", meshId: "D007649" },
      { name: "Antidepressive Agents", type: "chemical", meshId: "D000928" },
      { name: "Depression", type: "disease", meshId: "D003866" },
    ]);
  });

  it("types a record's disease MeSH headings even with no dictionary", () => {
    const ppi = annotateEvidence([pubmed.find((e) => e.id === "pmid:35830032")!], null)[0];
    expect(ppi.entities.filter((e) => e.type === "disease")).toEqual([
      { name: "Kidney Diseases", type: "disease", meshId: null },
      { name: "Stomach Neoplasms", type: "disease", meshId: null },
    ]);
    expect(isDiseaseDescriptor("Diabetes Insipidus, Nephrogenic")).toBe(true);
    expect(isDiseaseDescriptor("Proton Pump Inhibitors")).toBe(false);
    expect(isDiseaseDescriptor("Humans")).toBe(false);
  });

  it("gives trials their registered conditions as diseases", () => {
    const trials = parseCtgovStudies(
      JSON.parse(
        fs.readFileSync(
          path.join(FIXTURES, "ctgov/study_v2_full_NCT02210780_dupilumab_phase2_with_results.json"),
          "utf8",
        ),
      ),
      "ctgov",
    );
    const [trial] = annotateEvidence(trials, null);
    expect(trial.entities.filter((e) => e.type === "disease").map((e) => e.name)).toEqual(trial.trial!.conditions);
    expect(trial.trial!.conditions.length).toBeGreaterThan(0);
  });

  it("leaves PubTator-annotated records unchanged", () => {
    const [record] = parsePubTator(
      fs.readFileSync(path.join(CORPUS, "bc5cdr_pubtator/CDR_TestSet.PubTator.txt"), "utf8"),
    ).slice(0, 1);
    expect(annotateEvidence([record], dictionary)[0]).toBe(record);
  });
});
