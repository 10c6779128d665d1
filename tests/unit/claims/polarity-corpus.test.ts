import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimCheckToJson } from "@/lib/claims/json";
import { getDb } from "@/lib/db/client";
import { getRunDetail } from "@/lib/runs/projections";
import { verifyPassage } from "@/lib/grounding/passages";
import { claimCheck } from "@/lib/modes";
import { startRun } from "@/lib/runs/start";
import type { SideDocument } from "@/lib/domain/claim-check";
import { STRONG_PROBABILITY } from "@/lib/reading/record";
import { importCorpus, useTempDatabase } from "@/tests/support/temp-database";

async function check(text: string) {
  const { runId, done } = await startRun(claimCheck, { text, sources: ["local"] });
  const outcome = await done;
  expect(outcome).toMatchObject({ status: "completed", error: null });
  const json = claimCheckToJson((await getRunDetail(runId))!);
  expect(json.claims).toHaveLength(1);
  return json.claims[0];
}

/** Every shown document is a library record, and its passage is in that record's abstract, word for word. */
async function expectVerified(documents: SideDocument[]) {
  for (const d of documents) {
    const row = await getDb().evidence.findUnique({ where: { id: d.evidenceId } });
    expect(row?.inLibrary, d.evidenceId).toBe(true);
    expect(row!.abstract).toContain(d.passage);
    expect(verifyPassage(d.passage, row!.abstract)).toMatchObject({ ok: true, exact: true, similarity: 1 });
  }
}

const pmids = (documents: SideDocument[]) => documents.map((d) => d.pmid);

describe("claims with polarity, judged by the relation model on the imported corpus (extractive)", () => {
  let cleanup: () => void;
  beforeAll(async () => {
    ({ cleanup } = await useTempDatabase("claims-polarity"));
    await importCorpus();
  });
  afterAll(() => cleanup());

  it(
    "contradicts “Cocaine is safe for the heart.”, citing the cocaine cardiotoxicity records with verified " +
      "passages",
    async () => {
      const c = await check("Cocaine is safe for the heart.");
      expect(c).toMatchObject({
        verdict: "contradicts",
        confidence: "high",
        counterStatement: "Cocaine is not safe for the heart.",
      });
      expect(c.reading).toMatchObject({
        chemical: "Cocaine",
        target: "heart",
        organ: "heart",
        relation: "causes",
        negated: true,
        form: "is safe for",
        chemicalIds: ["D003042"],
      });
      // The organ maps to the heart diseases the library annotates: those below MeSH's Heart Diseases (coronary artery
      // disease) and those named as the heart's (cardiac dysfunction), in the order the records annotate them.
      expect(c.reading!.diseases.slice(0, 6)).toEqual([
        "myocardial infarction",
        "myocardial damage",
        "myocardial ischemia",
        "cardiac dysfunction",
        "heart failure",
        "coronary artery disease",
      ]);
      expect(c.reading!.diseaseIds).toContain("D017202");
      expect(c.reading!.diseases).toContain("cardiotoxicity");
      // Read through lib/reading and weighed as the research bottom line weighs its records.
      expect(c.rationale).toBe(
        "Read as “Cocaine does not cause diseases of the heart”; the relation model (trained on BC5CDR) read " +
          "each document for Cocaine causing a disease of the heart: " +
          "12 documents report it, none reports the opposite. Weighed as the research bottom line weighs its " +
          "records, the answer to the claim reads “no”, " +
          "so the evidence contradicts it.",
      );
      const against = c.sides!.contradicts;
      expect(against.count).toBe(12);
      // PMID 9570197 fourth (last before the relation model's second stage read its harm at 0.8 or more, a 5 of 5
      // score).
      expect(pmids(against.documents)).toEqual([
        "8511251",
        "1749407",
        "7492040",
        "9570197",
        "12359538",
        // Both 4 of 5: equal scores keep the library search's order.
        "11385188",
        "11229942",
        "19655282",
        "20566328",
      ]);
      expect(c.sides!.supports).toEqual({ count: 0, documents: [] });
      const case8511251 = against.documents.find((d) => d.pmid === "8511251")!;
      expect(case8511251).toMatchObject({
        passage: "We report a case of myocardial ischemia induced by cocaine.",
        citation: 1,
        relation: {
          chemicalId: "D003042",
          diseaseId: "D017202",
          chemical: "Cocaine",
          disease: "myocardial ischemia",
          relation: "causes",
          negated: false,
        },
      });
      expect(against.documents.every((d) => d.relation?.relation === "causes" && d.score >= 3)).toBe(true);
      await expectVerified(against.documents);
      // The counter-report cites the same documents, in the same order, with the same passages.
      expect(c.citations.map((x) => [x.pmid, x.passage])).toEqual(against.documents.map((d) => [d.pmid, d.passage]));
    },
  );

  it("supports “<chemical> causes <disease>.” for a CID pair of the corpus, contradicts its denial", async () => {
    const causes = await check("Lithium causes nephrogenic diabetes insipidus.");
    expect(causes).toMatchObject({ verdict: "supports", confidence: "high", citations: [] });
    // Lithium carbonate (D016651) is read as lithium: the same active moiety.
    expect(causes.reading).toMatchObject({
      relation: "causes",
      negated: false,
      chemicalIds: ["D008094", "D016651"],
      diseaseIds: ["D018500"],
      organ: null,
    });
    expect(causes.sides!.contradicts).toEqual({ count: 0, documents: [] });
    const inLine = causes.sides!.supports!;
    expect(inLine.count).toBe(5);
    // The four gold CID records of the pair (PubTator CID D008094–D018500), and one more the model reads the same
    // way.
    expect(pmids(inLine.documents)).toEqual(["9226773", "9538487", "15366550", "25006961", "3001299"]);
    expect(inLine.documents[3]).toMatchObject({
      passage: "Lithium, an effective antipsychotic, induces nephrogenic diabetes insipidus (NDI) in  40% of patients.",
      citation: null,
      relation: { chemical: "lithium", disease: "nephrogenic diabetes insipidus", relation: "causes", negated: false },
    });
    // A confident reading (the exact P(CID) moves with each retraining of the relation model).
    expect(inLine.documents[3].relation!.probability).toBeGreaterThanOrEqual(STRONG_PROBABILITY);
    await expectVerified(inLine.documents);

    const denied = await check("Lithium does not cause nephrogenic diabetes insipidus.");
    expect(denied).toMatchObject({
      verdict: "contradicts",
      confidence: "high",
      counterStatement: "Lithium causes nephrogenic diabetes insipidus.",
    });
    expect(denied.reading).toMatchObject({ relation: "causes", negated: true, form: "does not cause" });
    expect(denied.sides!.contradicts.count).toBe(5);
    expect(pmids(denied.sides!.contradicts.documents)).toEqual([
      "9226773",
      "9538487",
      "15366550",
      "25006961",
      "3001299",
    ]);
    expect(denied.sides!.supports).toEqual({ count: 0, documents: [] });
    await expectVerified(denied.sides!.contradicts.documents);
  });

  it("supports “Mesna protects against hemorrhagic cystitis.” from records saying mesna prevents it", async () => {
    const c = await check("Mesna protects against hemorrhagic cystitis.");
    expect(c).toMatchObject({ verdict: "supports", confidence: "medium" });
    expect(c.reading).toMatchObject({
      chemical: "Mesna",
      relation: "treats",
      negated: false,
      form: "protects against",
    });
    const inLine = c.sides!.supports!;
    expect(inLine.count).toBe(2);
    expect(inLine.documents.map((d) => [d.pmid, d.passage, d.relation?.relation])).toEqual([
      [
        "8677458",
        "Hemorrhagic cystitis is a major potential toxicity of ifosfamide that can be prevented by " +
          "administering mesna along with the cytotoxic agent.",
        "treats",
      ],
      ["14633084", "Dexamethasone in combination with mesna was efficient in blocking IFS-induced HC.", "treats"],
    ]);
    expect(c.sides!.contradicts).toEqual({ count: 0, documents: [] });
    await expectVerified(inLine.documents);
  });
});
