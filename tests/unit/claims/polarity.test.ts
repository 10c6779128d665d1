import { describe, expect, it } from "vitest";
import { parsePolarClaim } from "@/lib/reading/claim";
import { stanceFromPredictions } from "@/lib/reading/record";
import type { PairPrediction } from "@/lib/relations";
import { verdictConfidence } from "@/lib/claims/verdict";
import { readingText, relationText, sideCountText } from "@/lib/claims/side-text";
import { isOrganDisease, organNamed } from "@/lib/vocabularies/organs";
import type { ClaimReading } from "@/lib/domain/claim-check";

const read = (claim: string) => {
  const p = parsePolarClaim(claim);
  return (
    p && {
      chemical: p.chemical,
      target: p.target,
      organ: p.organ?.name ?? null,
      relation: p.relation,
      negated: p.negated,
      form: p.form,
    }
  );
};

describe("claim polarity", () => {
  it.each([
    [
      "Cocaine is safe for the heart.",
      { chemical: "Cocaine", target: "heart", organ: "heart", relation: "causes", negated: true, form: "is safe for" },
    ],
    [
      "Cocaine causes myocardial infarction.",
      {
        chemical: "Cocaine",
        target: "myocardial infarction",
        organ: null,
        relation: "causes",
        negated: false,
        form: "causes",
      },
    ],
    [
      "Haloperidol induces tardive dyskinesia",
      {
        chemical: "Haloperidol",
        target: "tardive dyskinesia",
        organ: null,
        relation: "causes",
        negated: false,
        form: "induces",
      },
    ],
    [
      "Smoking is associated with lung cancer.",
      {
        chemical: "Smoking",
        target: "lung cancer",
        organ: null,
        relation: "causes",
        negated: false,
        form: "is associated with",
      },
    ],
    [
      "Aspirin may lead to liver damage",
      {
        chemical: "Aspirin",
        target: "liver damage",
        organ: "liver",
        relation: "causes",
        negated: false,
        form: "may lead to",
      },
    ],
    [
      "Lithium does not cause nephrogenic diabetes insipidus.",
      {
        chemical: "Lithium",
        target: "nephrogenic diabetes insipidus",
        organ: null,
        relation: "causes",
        negated: true,
        form: "does not cause",
      },
    ],
    [
      "Cisplatin doesn't damage the kidneys.",
      {
        chemical: "Cisplatin",
        target: "kidneys",
        organ: "kidneys",
        relation: "causes",
        negated: true,
        form: "does not damage",
      },
    ],
    [
      "Nicotine is not associated with cancer",
      {
        chemical: "Nicotine",
        target: "cancer",
        organ: null,
        relation: "causes",
        negated: true,
        form: "is not associated with",
      },
    ],
    [
      "Doxorubicin had no effect on the heart in this cohort",
      {
        chemical: "Doxorubicin",
        target: "heart",
        organ: "heart",
        relation: "causes",
        negated: true,
        form: "had no effect on",
      },
    ],
    [
      "Mesna protects against hemorrhagic cystitis.",
      {
        chemical: "Mesna",
        target: "hemorrhagic cystitis",
        organ: null,
        relation: "treats",
        negated: false,
        form: "protects against",
      },
    ],
    [
      "Carvedilol prevents doxorubicin-induced cardiomyopathy",
      {
        chemical: "Carvedilol",
        target: "cardiomyopathy",
        organ: null,
        relation: "treats",
        negated: false,
        form: "prevents",
      },
    ],
    [
      "Lamivudine is effective for hepatitis B",
      {
        chemical: "Lamivudine",
        target: "hepatitis B",
        organ: null,
        relation: "treats",
        negated: false,
        form: "is effective for",
      },
    ],
    [
      "Magnesium sulfate does not prevent seizures",
      {
        chemical: "Magnesium sulfate",
        target: "seizures",
        organ: null,
        relation: "treats",
        negated: true,
        form: "does not prevent",
      },
    ],
    [
      "Valproic acid is hepatotoxic.",
      {
        chemical: "Valproic acid",
        target: "liver",
        organ: "liver",
        relation: "causes",
        negated: false,
        form: "is hepatotoxic",
      },
    ],
    [
      "Amiodarone is not cardiotoxic",
      {
        chemical: "Amiodarone",
        target: "heart",
        organ: "heart",
        relation: "causes",
        negated: true,
        form: "is not cardiotoxic",
      },
    ],
    [
      "MK-801 is not effective against catalepsy",
      {
        chemical: "MK-801",
        target: "catalepsy",
        organ: null,
        relation: "treats",
        negated: true,
        form: "is not effective against",
      },
    ],
  ])("reads “%s”", (claim, expected) => {
    expect(read(claim)).toEqual(expected);
  });

  it("leaves comparisons, quantities and other shapes to the lexical reading", () => {
    expect(parsePolarClaim("Myocet is more effective than doxorubicin")).toBeNull();
    expect(parsePolarClaim("Regular yoga practice reduced the incidence of smartphone addiction by 30%")).toBeNull();
    expect(parsePolarClaim("Six percent of MC patients versus 21% of AC patients developed cardiotoxicity")).toBeNull();
    expect(parsePolarClaim("Doxorubicin, given weekly, is safe")).toBeNull();
  });

  it("maps organs to the disease names of their annotations", () => {
    const heart = organNamed("the heart")!;
    expect(heart.key).toBe("cardi");
    for (const name of [
      "myocardial infarction",
      "Torsades de pointes",
      "atrial fibrillation",
      "heart failure",
      "tachycardia",
      "cardiotoxicity",
    ])
      expect(isOrganDisease(name, heart), name).toBe(true);
    for (const name of ["hepatitis", "renal failure", "hypertension", "seizures"])
      expect(isOrganDisease(name, heart), name).toBe(false);
    const kidney = organNamed("Kidneys")!;
    expect(isOrganDisease("acute kidney injury", kidney)).toBe(true);
    expect(isOrganDisease("nephrotoxicity", kidney)).toBe(true);
    expect(organNamed("the spleen")).toBeNull();
  });

  it("gives each document's reading its side of the claim, by the proposition's polarity", () => {
    const pair = (
      relation: PairPrediction["relation"],
      probability: number,
      negated = false,
      cue: string | null = null,
    ): PairPrediction => ({
      chemicalId: "D1",
      diseaseId: "D2",
      chemical: "X",
      disease: "Y",
      probability,
      relation,
      negated,
      sentences: [{ text: "X and Y.", start: 10, end: 18, cue, negated }],
    });
    const affirms = pair("causes", 0.9);
    const unsure = pair("none", 0.15);
    const unrelated = pair("none", 0.02);
    const denied = pair("none", 0.05, true, "induced");
    const treats = pair("treats", 0.3, false, "prevented");
    const read = (relation: "causes" | "treats", negated: boolean) =>
      [affirms, unsure, unrelated, denied, treats].map(
        (p) => stanceFromPredictions([p], { relation, negated, organ: null }).stance,
      );
    // A record naming both without the relation does not report it: neither for nor against, whatever the polarity.
    expect(read("causes", false)).toEqual(["yes", "possibly", "unreported", "no", "no"]);
    // A denial is contradicted by a record that may show the harm.
    expect(read("causes", true)).toEqual(["no", "no", "unreported", "yes", "yes"]);
    expect(read("treats", false)).toEqual(["no", "possibly", "possibly", "possibly", "yes"]);
    expect(read("treats", true)).toEqual(["yes", "possibly", "possibly", "possibly", "no"]);
  });

  it("gives high confidence only when the documents agree", () => {
    expect(verdictConfidence(11, 0)).toBe("high");
    expect(verdictConfidence(3, 0)).toBe("high");
    expect(verdictConfidence(25, 1)).toBe("medium");
    expect(verdictConfidence(2, 0)).toBe("medium");
    expect(verdictConfidence(1, 0)).toBe("low");
  });

  it("describes readings, relations and sides in words", () => {
    const reading: ClaimReading = {
      chemical: "Cocaine",
      target: "heart",
      organ: "heart",
      relation: "causes",
      negated: true,
      form: "is safe for",
      chemicalIds: ["D003042"],
      diseaseIds: [],
      diseases: [
        "myocardial infarction",
        "myocardial ischemia",
        "arrhythmias",
        "heart failure",
        "cardiotoxicity",
        "bradycardia",
      ],
    };
    expect(readingText(reading)).toBe(
      "Cocaine — does not cause — diseases of the heart (6 annotated: myocardial infarction, myocardial " +
        "ischemia, arrhythmias, heart failure, cardiotoxicity, …)",
    );
    expect(
      relationText({
        chemicalId: "D003042",
        diseaseId: "D017202",
        chemical: "Cocaine",
        disease: "myocardial ischemia",
        relation: "causes",
        negated: false,
        probability: 0.861,
      }),
    ).toBe("Cocaine → myocardial ischemia: causes (relation probability 0.86)");
    expect(sideCountText({ count: 11, documents: Array(9).fill(null) })).toBe(
      "11 documents, 9 shown with verified passages",
    );
    expect(sideCountText({ count: 1, documents: Array(1).fill(null) })).toBe(
      "1 document, shown with a verified passage",
    );
    expect(sideCountText({ count: 0, documents: [] })).toBe("no document");
  });
});
