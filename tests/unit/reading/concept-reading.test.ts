import { describe, expect, it } from "vitest";
import type { ResearchReport } from "@/lib/domain/report";
import { readClaimEvidence, readQuestionEvidence } from "@/lib/reading/read";
import { stanceBalance, verdictOf } from "@/lib/reading/verdict";
import { reportAnswer } from "@/lib/report/appraise/answer";
import { loadCorpus } from "@/tests/support/corpus";

// The whole BC5CDR corpus (1,500 records) as the records read: the demo library's chemical–disease records.
const corpus = () => loadCorpus();
const stanceOf = (read: ReturnType<typeof readQuestionEvidence>, pmid: string) =>
  read.readings.find((r) => r.evidenceId === `pmid:${pmid}`)!;

// Each test reads all 1,500 records (up to ~26 s on a shared two-core machine): a timeout well above the default 30 s.
describe("reading a question by concepts (MeSH 2024, Disease Ontology)", { timeout: 120_000 }, () => {
  it("reads a drug class through its members: statins cover lovastatin, and the EXCEL trial answers yes", () => {
    const read = readQuestionEvidence("Is there evidence that statins cause myopathy?", corpus());
    expect(read.resolved!.concepts).toEqual([
      {
        role: "chemical",
        written: "statins",
        id: "D019161",
        name: "Hydroxymethylglutaryl-CoA Reductase Inhibitors",
        kind: "class",
        via: "mesh",
      },
      {
        role: "condition",
        written: "myopathy",
        id: "D009135",
        name: "Muscular Diseases",
        kind: "disease",
        via: "mesh",
      },
    ]);
    // PMID 8480959 is the EXCEL trial (lovastatin up to 80 mg); 3076126 reports lovastatin myopathy and myoglobinuria.
    expect(stanceOf(read, "8480959")).toMatchObject({
      stance: "yes",
      match: [
        { role: "chemical", written: "lovastatin", id: "D008148", kind: "narrower", asked: "statins" },
        { role: "condition", written: "Myopathy", kind: "exact", asked: "myopathy" },
      ],
    });
    expect(stanceOf(read, "3076126").stance).toBe("yes");
    // Rhabdomyolysis sits below Muscular Diseases: a narrower concept, direct evidence.
    expect(stanceOf(read, "25041770").match[1]).toMatchObject({ written: "rhabdomyolysis", kind: "narrower" });
    // A record naming lovastatin and myopathy without reporting it is neither for nor against.
    expect(stanceOf(read, "15276093").stance).toBe("unreported");
    expect(read.readings.filter((r) => r.stance === "no")).toEqual([]);
    expect(verdictOf(stanceBalance(read.readings))).toBe("yes");
  });

  it("counts a broader or sibling condition as related evidence, named in the bottom line, not 'Not relevant'", () => {
    const question = "Does amiodarone cause pulmonary fibrosis?";
    const read = readQuestionEvidence(question, corpus());
    // PMID 1595783, "Amiodarone pulmonary toxicity": pulmonary toxicity is Lung Diseases, broader than the fibrosis.
    expect(stanceOf(read, "1595783")).toMatchObject({
      stance: "related",
      reason:
        "reports amiodarone-induced pulmonary toxicity, a broader concept than pulmonary fibrosis: related evidence, " +
        "not counted as an answer",
    });
    expect(stanceOf(read, "3997294")).toMatchObject({
      stance: "related",
      match: [
        { written: "amiodarone", kind: "exact" },
        { written: "pneumonitis", id: "D011014", kind: "related", asked: "pulmonary fibrosis", via: "Lung Diseases" },
      ],
    });
    const answer = reportAnswer(question, corpus(), { drugCandidates: [] } as unknown as ResearchReport)!.answer;
    expect(answer.verdict).toBe("unclear");
    expect(answer.meter).toMatchObject({ yes: 0, no: 0, related: 4 });
    expect(answer.sentence).toBe(
      "Unclear: no record reports pulmonary fibrosis itself; 4 report amiodarone and a related condition " +
        "(pulmonary toxicity, lung mass, pneumonitis; under Lung Diseases) (1500 records read).",
    );
  });

  it("reads an organ word as the organ's disease subtree: myxoedema and hypothyroidism are thyroid dysfunction", () => {
    const read = readClaimEvidence("Amiodarone does not cause thyroid dysfunction.", corpus())!;
    expect(read.resolved).toMatchObject({ organ: "thyroid", negated: true, chemicalIds: ["D000638"] });
    const against = read.readings.filter((r) => r.stance === "no").map((r) => r.evidenceId);
    // 24729111 and 20635749 (myxoedema coma on amiodarone), 6637851 (thyroid function abnormalities in 6%).
    for (const pmid of ["24729111", "20635749", "6637851"]) expect(against).toContain(`pmid:${pmid}`);
    expect(verdictOf(stanceBalance(read.readings))).toBe("no");
  });

  it("reads torsade de pointes as related to QT prolongation, never as evidence against it", () => {
    const read = readQuestionEvidence("Which drugs can cause QT prolongation?", corpus());
    expect(read.resolved!.concepts![0]).toMatchObject({ id: "D008133", name: "Long QT Syndrome" });
    // PMID 11302406 (fluconazole-induced torsade de pointes, with QT prolongation named): possibly, no longer "no".
    expect(stanceOf(read, "11302406").stance).toBe("possibly");
    // PMID 11569530 names terodiline with torsade de pointes only: a cousin of long QT syndrome, related evidence.
    expect(stanceOf(read, "11569530")).toMatchObject({
      stance: "related",
      match: [{ written: "terodiline" }, { kind: "related", via: "Arrhythmias, Cardiac" }],
    });
    expect(read.readings.filter((r) => r.stance === "no").map((r) => r.evidenceId)).not.toContain("pmid:11302406");
  });

  it("never counts a record against a claim merely because it names both", () => {
    const read = readClaimEvidence("Cisplatin is nephrotoxic.", corpus())!;
    // PMID 17035713 ("caspase activation by cisplatin was inhibited") and 1720453 (no one had received cisplatin)
    // were quoted against the claim before; neither reports that cisplatin does not harm the kidneys.
    for (const pmid of ["17035713", "1720453"])
      expect(read.readings.find((r) => r.evidenceId === `pmid:${pmid}`)?.stance).not.toBe("no");
    expect(verdictOf(stanceBalance(read.readings))).toBe("yes");
  });
});
