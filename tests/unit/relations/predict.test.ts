import { describe, expect, it } from "vitest";
import { CID_THRESHOLD, classifyPair, predictRelations } from "@/lib/relations/predict";
import { cdrRecord } from "./corpus";

describe("predictRelations on real CDR training records", () => {
  it("PMID 20882060: haloperidol causes parkinsonian catalepsy, neurotensin treats it", () => {
    // "Bilateral infusions of neurotensin into the globus pallidus reversed haloperidol-induced parkinsonian catalepsy
    // in rats."
    const { document: doc, relations } = cdrRecord("TrainingSet", "20882060");
    expect(relations).toContainEqual(["D006220", "D002375"]);
    const haloperidol = classifyPair(doc, "D006220", "D002375");
    expect(haloperidol?.relation).toBe("causes");
    expect(haloperidol?.probability).toBeGreaterThanOrEqual(CID_THRESHOLD);
    expect(haloperidol?.chemical).toBe("haloperidol");
    expect(haloperidol?.disease).toBe("parkinsonian catalepsy");
    const neurotensin = classifyPair(doc, "D009496", "D002375");
    expect(neurotensin?.relation).toBe("treats");
    expect(neurotensin?.negated).toBe(false);
    const cued = neurotensin?.sentences.find((s) => s.cue === "reversed");
    expect(cued?.text).toBe(
      "RESULTS: Bilateral infusions of neurotensin into the globus pallidus reversed haloperidol-induced " +
        "parkinsonian catalepsy in rats.",
    );
  });

  it(
    "PMID 2572625: 'benzodiazepines … did not induce any relapse of hepatitis' is negated, clotiazepam causes " +
      "hepatitis",
    () => {
      const { document: doc } = cdrRecord("TrainingSet", "2572625");
      const benzo = classifyPair(doc, "D001569", "D056486");
      expect(benzo?.negated).toBe(true);
      expect(benzo?.relation).toBe("none");
      expect(benzo?.sentences.map((s) => s.negated)).toEqual(benzo?.sentences.map(() => true));
      expect(benzo?.sentences[0].text).toContain("did not induce any relapse of hepatitis");
      const clotiazepam = classifyPair(doc, "C084599", "D056486");
      expect(clotiazepam?.relation).toBe("causes");
      expect(clotiazepam?.negated).toBe(false);
    },
  );

  it(
    "PMID 7352670: 'Rebound hypertensive after sodium nitroprusside prevented by saralasin' gives treats for " +
      "saralasin",
    () => {
      const { document: doc } = cdrRecord("TrainingSet", "7352670");
      expect(classifyPair(doc, "D012504", "D006973")?.relation).toBe("treats");
    },
  );

  it("a negated copy of a real title: 'Clotiazepam did not induce acute hepatitis.' is negated and not causes", () => {
    const { document: doc } = cdrRecord("TrainingSet", "2572625");
    const title = "Clotiazepam did not induce acute hepatitis.";
    const copy = {
      title,
      abstract: "",
      mentions: [
        { start: 0, end: 11, text: "Clotiazepam", type: "chemical" as const, id: "C084599" },
        { start: 33, end: 42, text: "hepatitis", type: "disease" as const, id: "D056486" },
      ],
    };
    expect(title.slice(33, 42)).toBe("hepatitis");
    const p = classifyPair(copy, "C084599", "D056486");
    expect(p?.negated).toBe(true);
    expect(p?.relation).not.toBe("causes");
    // The original title "Clotiazepam-induced acute hepatitis." is not negated.
    expect(classifyPair({ ...doc, abstract: "" }, "C084599", "D056486")?.negated).toBe(false);
  });

  it("returns every chemical × disease pair by ID, sorted by probability, with sentence offsets", () => {
    const { document: doc } = cdrRecord("TrainingSet", "2572625");
    const preds = predictRelations(doc);
    // 3 chemical IDs (clotiazepam, thienodiazepine, benzodiazepines) × 2 disease IDs.
    expect(preds).toHaveLength(6);
    for (let i = 1; i < preds.length; i++)
      expect(preds[i - 1].probability).toBeGreaterThanOrEqual(preds[i].probability);
    const text = `${doc.title} ${doc.abstract}`;
    for (const p of preds) for (const s of p.sentences) expect(text.slice(s.start, s.end)).toBe(s.text);
    expect(classifyPair(doc, "D003000", "D056486")).toBeNull();
  });
});
