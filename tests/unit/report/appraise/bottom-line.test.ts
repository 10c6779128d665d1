import { describe, expect, it } from "vitest";
import { bottomLine, meterPhrase } from "@/lib/report/appraise/bottom-line";
import { reportAnswer } from "@/lib/report/appraise/answer";
import { readQuestionEvidence } from "@/lib/reading/read";
import { stanceBalance, verdictOf, type WeightedStance } from "@/lib/reading/verdict";
import type { Evidence } from "@/lib/domain/evidence";
import type { ResearchReport } from "@/lib/domain/report";
import { readPubmedQa } from "@/lib/library/pubmedqa";
import { loadCorpus } from "@/tests/support/corpus";

// loadCorpus reads the files sorted by name: Development, Test, Training.
const cdrTest = () => loadCorpus().slice(500, 1000);
const pubmedQa = readPubmedQa();
const pqa = (pmid: string) => pubmedQa.find((i) => i.pmid === pmid)!;

const readRecordStances = (question: string, evidence: Evidence[]) => readQuestionEvidence(question, evidence).readings;

describe("bottom line and evidence meter", () => {
  it(
    "reads BC5CDR's test split for “Does levodopa cause dyskinesia?”: 9 records read as " +
      "levodopa-induced dyskinesia",
    () => {
      const evidence = cdrTest();
      expect(evidence).toHaveLength(500);
      const stances = readRecordStances("Does levodopa cause dyskinesia?", evidence);
      const bearing = stances.filter((s) => s.stance !== "irrelevant");
      // Dyskinesias (D020820) and the concepts below it: chorea (PMID 11835460, "choreatic dyskinesias") is one.
      expect(bearing).toHaveLength(10);
      expect(bearing.every((s) => s.method === "relation-model")).toBe(true);
      expect(bearing.filter((s) => s.stance === "yes")).toHaveLength(9);
      expect(bearing.find((s) => s.evidenceId === "pmid:11835460")).toMatchObject({
        stance: "possibly",
        match: [
          { written: "Levodopa", kind: "exact" },
          { written: "choreatic dyskinesias", id: "D002819", kind: "narrower", asked: "dyskinesia" },
        ],
      });
      expect(bearing.slice(0, 3).map((s) => s.evidenceId)).toEqual(["pmid:23535177", "pmid:23952588", "pmid:24126708"]);
      // A record about levodopa that names no dyskinesia does not bear on the question (it did by finding cues before).
      expect(stances.find((s) => s.evidenceId === "pmid:16309808")).toMatchObject({
        stance: "irrelevant",
        reason: "does not name both levodopa and dyskinesia",
      });
      const answered = reportAnswer("Does levodopa cause dyskinesia?", evidence, {
        drugCandidates: [],
      } as unknown as ResearchReport)!;
      expect(answered.answer).toEqual({
        kind: "yes-no",
        verdict: "yes",
        candidates: [],
        sentence: "Yes: of 10 records that bear on the question, 9 point yes and 1 possibly yes.",
        meter: { yes: 9, possibly: 1, no: 0, related: 0, unreported: 0, irrelevant: 490 },
      });
    },
  );

  it(
    "reads a PubMedQA abstract without its conclusion: the Landolt C study finds no difference, so its answer is " +
      "no",
    () => {
      const item = pqa("16418930");
      expect(item.gold).toBe("no");
      const [reading] = readRecordStances(item.question, [item.record]);
      expect(reading).toEqual({
        evidenceId: "pmid:16418930",
        stance: "no",
        reason: "findings read as no by result-cue words (1 positive cue, 1 negative cue, 0 hedging cues)",
        passage: "The results of the other groups were similar with only small differences between LR and SE.",
        bearing: 1,
        method: "finding-cues",
        match: [],
      });
      expect(bottomLine({ question: item.question, stances: [reading], drugCandidates: [] }).sentence).toBe(
        "No: of 1 record that bears on the question, 1 no.",
      );
    },
  );

  it("a non-drug question (the lace plant) is answered from its own abstract, not left empty", () => {
    const item = pqa("21645374");
    const answer = bottomLine({
      question: item.question,
      stances: readRecordStances(item.question, [item.record]),
      drugCandidates: [],
    });
    expect(answer.verdict).toBe("probably yes");
    expect(answer.meter).toEqual({ yes: 0, possibly: 1, no: 0, related: 0, unreported: 0, irrelevant: 0 });
  });

  it("a retracted record never counts, whatever it says", () => {
    const item = pqa("12377809");
    const retracted = {
      ...item.record,
      provenance: {
        retracted: true,
        retractionIn: ["1"],
        expressionOfConcern: false,
        expressionOfConcernIn: [],
        erratum: false,
        erratumIn: [],
        updateIn: [],
        notice: null,
        publishedVersion: null,
        preprintOf: null,
        registry: null,
      },
    };
    expect(readRecordStances(item.question, [item.record])[0].stance).toBe("yes");
    expect(readRecordStances(item.question, [retracted])[0]).toMatchObject({
      stance: "irrelevant",
      method: "not-read",
    });
  });

  it("an open question names its top three candidates", () => {
    const answer = bottomLine({
      question: "Which drugs can cause torsade de pointes?",
      stances: (["yes", "yes", "possibly", "irrelevant"] as const).map((stance) => ({ stance, bearing: 1 })),
      drugCandidates: ["cisapride", "haloperidol", "sotalol", "amiodarone"],
    });
    expect(answer).toEqual({
      kind: "candidates",
      verdict: null,
      candidates: ["cisapride", "haloperidol", "sotalol"],
      sentence:
        "Top candidates: cisapride, haloperidol, sotalol; of 3 records that bear on the question, 2 point yes " +
        "and 1 possibly yes.",
      meter: { yes: 2, possibly: 1, no: 0, related: 0, unreported: 0, irrelevant: 1 },
    });
  });

  it("a question asking which or what, with no candidate to name, is not answered yes or no", () => {
    const stances = (["yes", "possibly", "possibly", "irrelevant"] as const).map((stance) => ({ stance, bearing: 1 }));
    const question = "Which drugs were tested in clinical trials, and with what results?";
    expect(bottomLine({ question, stances, drugCandidates: [] })).toEqual({
      kind: "open",
      verdict: null,
      candidates: [],
      sentence: "Open question: 3 of 4 records bear on it; the report quotes what they found.",
      meter: { yes: 1, possibly: 2, no: 0, related: 0, unreported: 0, irrelevant: 1 },
    });
    expect(bottomLine({ question, stances: [{ stance: "irrelevant", bearing: 0 }], drugCandidates: [] }).sentence).toBe(
      "Open question: no record bears on it (1 record read). The records retrieved cannot answer this question.",
    );
    // A yes/no question written after a colon is still one.
    expect(
      bottomLine({ question: "Laparoscopic surgery in the elderly: is it safe?", stances, drugCandidates: [] }).kind,
    ).toBe("yes-no");
  });

  it("names related evidence apart: no record reports the condition itself, some report a related one", () => {
    const related = (written: string) => ({
      stance: "related" as const,
      bearing: 0,
      match: [
        {
          role: "chemical" as const,
          written: "amiodarone",
          id: "D000638",
          kind: "exact" as const,
          asked: "amiodarone",
          via: null,
        },
        {
          role: "condition" as const,
          written,
          id: "D011014",
          kind: "related" as const,
          asked: "pulmonary fibrosis",
          via: "Lung Diseases",
        },
      ],
    });
    const stances = [
      related("pneumonitis"),
      related("Pneumonitis"),
      related("pulmonary toxicity"),
      { stance: "irrelevant" as const, bearing: 0 },
    ];
    expect(bottomLine({ question: "Does amiodarone cause pulmonary fibrosis?", stances, drugCandidates: [] })).toEqual({
      kind: "yes-no",
      verdict: "unclear",
      candidates: [],
      sentence:
        "Unclear: no record reports pulmonary fibrosis itself; 3 report amiodarone and a related condition " +
        "(pneumonitis, pulmonary toxicity; under Lung Diseases) (4 records read).",
      meter: { yes: 0, possibly: 0, no: 0, related: 3, unreported: 0, irrelevant: 1 },
    });
    const withYes = [{ stance: "yes" as const, bearing: 1 }, related("pneumonitis")];
    expect(
      bottomLine({ question: "Does amiodarone cause pulmonary fibrosis?", stances: withYes, drugCandidates: [] })
        .sentence,
    ).toBe(
      "Yes: of 1 record that bears on the question, 1 point yes; 1 more reports a related condition (pneumonitis; " +
        "under Lung Diseases), counted apart.",
    );
  });

  it("maps the balance onto the five-point scale, the records closest to the question weighing most", () => {
    const all = (yes: number, no: number): WeightedStance[] => [
      ...Array(yes).fill({ stance: "yes", bearing: 1 }),
      ...Array(no).fill({ stance: "no", bearing: 1 }),
    ];
    expect(verdictOf(stanceBalance(all(3, 0)))).toBe("yes");
    expect(verdictOf(stanceBalance(all(3, 1)))).toBe("probably yes");
    expect(verdictOf(stanceBalance(all(2, 2)))).toBe("unclear");
    expect(verdictOf(stanceBalance(all(1, 3)))).toBe("probably no");
    expect(verdictOf(stanceBalance(all(0, 2)))).toBe("no");
    expect(verdictOf(stanceBalance([{ stance: "irrelevant", bearing: 0.2 }]))).toBe("unclear");
    // One record holding every term of the question outweighs three holding half of them: 1 vs 3 × 0.5⁴.
    expect(
      stanceBalance([{ stance: "no", bearing: 1 }, ...Array(3).fill({ stance: "yes", bearing: 0.5 })]),
    ).toBeCloseTo((-1 + 3 * 0.0625) / (1 + 3 * 0.0625), 10);
    expect(
      verdictOf(stanceBalance([{ stance: "no", bearing: 1 }, ...Array(3).fill({ stance: "yes", bearing: 0.5 })])),
    ).toBe("no");
    expect(meterPhrase({ yes: 0, possibly: 0, no: 0, related: 0, unreported: 0, irrelevant: 40 })).toBe(
      "no record bears on the question (40 records read)",
    );
    // Records that name both without reporting the effect are neither for nor against: named, never weighed.
    expect(meterPhrase({ yes: 2, possibly: 0, no: 1, related: 0, unreported: 4, irrelevant: 33 })).toBe(
      "of 3 records that bear on the question, 2 point yes and 1 no; 4 more name both but do not report it",
    );
    expect(
      verdictOf(stanceBalance([{ stance: "yes", bearing: 1 }, ...Array(9).fill({ stance: "unreported", bearing: 1 })])),
    ).toBe("yes");
  });
});
