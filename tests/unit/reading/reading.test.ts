import { describe, expect, it } from "vitest";
import { readClaimEvidence, readQuestionEvidence } from "@/lib/reading/read";
import { claimProposition, propositionText, questionProposition } from "@/lib/reading/proposition";
import { stanceBalance, verdictOf } from "@/lib/reading/verdict";
import { loadCorpus } from "@/tests/support/corpus";

// loadCorpus reads the files sorted by name: Development, Test, Training; these are BC5CDR's test records.
const test = () => loadCorpus().slice(500, 1000);
const verdict = (q: string) => verdictOf(stanceBalance(readQuestionEvidence(q, test()).readings));
const bearing = (q: string) => readQuestionEvidence(q, test()).readings.filter((r) => r.stance !== "irrelevant");

describe("the shared reading of a question or claim (lib/reading)", () => {
  it("reads a question and a claim into the same proposition, with organ expansion and polarity", () => {
    expect(propositionText(questionProposition("Is valproic acid hepatotoxic?"))).toBe(
      "valproic acid — causes — diseases of the liver",
    );
    expect(propositionText(questionProposition("Is cocaine safe for the heart?"))).toBe(
      "cocaine — does not cause — diseases of the heart",
    );
    expect(propositionText(questionProposition("Is gentamicin ototoxic?"))).toBe(
      "gentamicin — causes — diseases of the ears",
    );
    // With the records' annotations as dictionary, an open question names its condition.
    expect(propositionText(readQuestionEvidence("Which drugs can cause seizures?", test()).proposition)).toBe(
      "open: which drugs cause seizures",
    );
    expect(
      propositionText(
        questionProposition(
          "Do mitochondria play a role in remodelling lace plant leaves during programmed cell death?",
        ),
      ),
    ).toBe("not about a drug and a condition: read for its findings");
    expect(propositionText(claimProposition("Cocaine is safe for the heart.")!)).toBe(
      "Cocaine — does not cause — diseases of the heart",
    );
    expect(claimProposition("Lithium does not cause nephrogenic diabetes insipidus.")).toMatchObject({
      relation: "causes",
      negated: true,
      conditions: ["nephrogenic diabetes insipidus"],
    });
  });

  it("expands an organ to the diseases its records annotate, most annotated first", () => {
    const read = readQuestionEvidence("Is cocaine safe for the heart?", test());
    // Crack cocaine (D016578) sits below cocaine in MeSH's D tree: a derivative, related, not the drug asked about.
    expect(read.resolved).toMatchObject({ chemicalIds: ["D003042"], organ: "heart", negated: true });
    expect(read.resolved!.diseases.slice(0, 6)).toEqual([
      "cardiotoxicity",
      "arrhythmia",
      "bradycardia",
      "myocardial infarction",
      "cardiomyopathy",
      "cardiac dysfunction",
    ]);
  });

  it("reads each record for the relation, with its reason and the sentence it rests on", () => {
    const [first] = bearing("Does levodopa cause dyskinesia?").filter((r) => r.evidenceId === "pmid:23952588");
    expect(first).toEqual({
      evidenceId: "pmid:23952588",
      stance: "yes",
      // The probability moves with each retraining of the relation model (0.97 before its second stage).
      reason:
        "names levodopa and dyskinesia; the relation model reads it as levodopa-induced dyskinesia (relation " +
        "probability 0.96)",
      passage: expect.stringMatching(
        /^Chronic pulsatile levodopa therapy for Parkinson's disease \(PD\) leads to the development of motor fl/,
      ),
      bearing: 1,
      method: "relation-model",
      // "dyskinesia" is MeSH's Dyskinesias (D020820) and the record annotates Dyskinesia, Drug-Induced below it, but
      // the record writes "dyskinesia" as the question does: it names the concept asked about, an exact match.
      match: [
        { role: "chemical", written: "levodopa", id: "D007980", kind: "exact", asked: "levodopa", via: null },
        { role: "condition", written: "dyskinesia", id: "D004409", kind: "exact", asked: "dyskinesia", via: null },
      ],
    });
    expect(verdict("Does levodopa cause dyskinesia?")).toBe("yes");
  });

  it("does not count a record that names both without reporting the relation: neither for nor against", () => {
    // "The relation model reads no relation" means this record does not show it, not that it shows it does not happen.
    expect(bearing("Does creatine cause pneumonia?").map((r) => [r.evidenceId, r.stance, r.reason])).toEqual([
      [
        "pmid:20959502",
        "unreported",
        "names Creatine and pneumonia but does not report Creatine-induced pneumonia: the relation model reads no " +
          "relation (relation probability 0.01)",
      ],
    ]);
    expect(verdict("Does creatine cause pneumonia?")).toBe("unclear");
    expect(bearing("Does ruthenium cause nephrotic syndrome?").map((r) => [r.evidenceId, r.stance, r.passage])).toEqual(
      [["pmid:3323599", "unreported", "They developed nephrotic syndrome and finally renal failure."]],
    );
    expect(verdict("Does ruthenium cause nephrotic syndrome?")).toBe("unclear");
    expect(verdict("Does GABA cause diarrhea?")).toBe("unclear");
  });

  it("answers a denial by its polarity: records showing the harm make “safe” a no", () => {
    const read = bearing("Is cocaine safe for the heart?");
    expect(read.every((r) => r.stance === "no")).toBe(true);
    expect(read.find((r) => r.evidenceId === "pmid:8511251")).toMatchObject({
      stance: "no",
      // 0.87 before the relation model's second stage.
      reason:
        "names Cocaine and myocardial ischemia; the relation model reads it as Cocaine-induced myocardial " +
        "ischemia (relation probability 0.88)",
      passage: "We report a case of myocardial ischemia induced by cocaine.",
    });
    expect(verdict("Is cocaine safe for the heart?")).toBe("no");
  });

  it("is thin evidence unclear: one record the relation model is unsure of", () => {
    expect(bearing("Does ramipril cause hyperkalemia?").map((r) => [r.evidenceId, r.stance])).toEqual([
      ["pmid:20859899", "possibly"],
    ]);
    expect(verdict("Does ramipril cause hyperkalemia?")).toBe("unclear");
  });

  it("reads a claim and the same question the same way", () => {
    const claim = readClaimEvidence("Creatine causes pneumonia.", test())!;
    const question = readQuestionEvidence("Does creatine cause pneumonia?", test());
    expect(claim.readings.map((r) => r.stance)).toEqual(question.readings.map((r) => r.stance));
    const denial = readClaimEvidence("Levodopa does not cause dyskinesia.", test())!;
    expect(verdictOf(stanceBalance(denial.readings))).toBe("no");
  });
});
