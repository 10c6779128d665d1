import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { chainLabel } from "@/lib/domain/hypothesis";
import { classifyQuestion } from "@/lib/reading/question";
import { CORPUS_DIR, searchCorpus } from "@/tests/support/corpus";
import { expectRankedBySupport, expectReportIntegrity, expectTypedAndGrounded, runAgents } from "./helpers";

/** The corpus's gold chemical-induced-disease relations (BC5CDR CID lines) as "PMID|chemical MeSH|disease MeSH". */
function goldRelations(): Set<string> {
  const out = new Set<string>();
  for (const file of fs.readdirSync(CORPUS_DIR).filter((f) => f.endsWith(".PubTator.txt"))) {
    for (const line of fs.readFileSync(path.join(CORPUS_DIR, file), "utf8").split("\n")) {
      const [pmid, kind, chemical, disease] = line.split("\t");
      if (kind === "CID") out.add(`${pmid}|${chemical}|${disease}`);
    }
  }
  return out;
}

function uniqueRecords(...terms: string[]) {
  const seen = new Set<string>();
  return terms.flatMap((t) => searchCorpus(t)).filter((e) => !seen.has(e.id) && (seen.add(e.id), true));
}

const TORSADE = "D016171";

describe("open question: which drugs can cause torsade de pointes", () => {
  const question = "Which drugs can cause torsade de pointes?";
  const evidence = searchCorpus("torsade");
  const { hypotheses, assessment, report } = runAgents(question, evidence);

  it("is classified as open and names the drugs the relation model reads as causes, none protective", () => {
    expect(classifyQuestion(question).kind).toBe("open");
    expect(evidence).toHaveLength(15);
    // Human evidence first (erythromycin: 2 of 2 records in people; d,l-sotalol: 1 of 2), then the chemicals these
    // records use only in cells or animal models, listed apart as experimental inducers: terfenadine and terodiline
    // (their records here are a hiPS-CM assay, PMID 24742750, and a dog study, PMID 11569530), azimilide and E4031.
    expect(assessment.drugCandidates).toEqual([
      "cisapride",
      "erythromycin",
      "d,l-sotalol",
      "metoclopramide",
      "fluconazole",
      "ketoconazole",
      "pentamidine",
      "amiodarone",
      "dobutamine",
      "azole",
      "terfenadine (experimental inducer)",
      "terodiline (experimental inducer)",
      "azimilide (experimental inducer)",
      "E4031 (experimental inducer)",
    ]);
    expect(assessment.drugCandidates.some((d) => d.includes("protective"))).toBe(false);
    expect(report.drugCandidates).toEqual(assessment.drugCandidates);
  });

  it("every candidate causes torsade de pointes by the library's own gold annotations", () => {
    const gold = goldRelations();
    const candidates = [...report.executiveSummary.matchAll(/([\w,-]+) \((\d+) records?(?:, \d+ in people)? \[/g)].map(
      (m) => m[1],
    );
    // Ten drugs with evidence in people and four experimental inducers.
    expect(candidates).toHaveLength(14);
    const byName = new Map(evidence.flatMap((e) => e.entities.map((x) => [x.name.toLowerCase(), x.meshId] as const)));
    const goldFor = (name: string, disease: string) => {
      const mesh = byName.get(name.toLowerCase());
      return evidence.some(
        (e) => e.entities.some((x) => x.meshId === mesh) && gold.has(`${e.citation.pmid}|${mesh}|${disease}`),
      );
    };
    // Every drug with evidence in people is a gold CID pair with torsade de pointes; of the inducers, terfenadine and
    // terodiline are too (the assay and the dog study relate them to it), azimilide and E4031 are not.
    expect(candidates.filter((c) => goldFor(c, TORSADE))).toEqual(
      candidates.filter((c) => c !== "azimilide" && c !== "E4031"),
    );
    expect(report.executiveSummary).toContain(
      "The relation model reads 10 drugs as causing torsade de pointes in these records, those with evidence in " +
        "people first: cisapride (3 records, 2 in people [",
    );
    expect(report.executiveSummary).toContain(
      "Used in these records to induce torsade de pointes in animal models or cells, not reported in people: " +
        "terfenadine (2 records [1, 2]), terodiline (1 record [2]), azimilide (1 record [3]), E4031 (1 record " +
        "[2]).",
    );
  });

  it("traces the candidates through IKr, normalised to hERG/KCNH2 (NCBI Gene 3757)", () => {
    expect(
      hypotheses.hypotheses.map((h) => [
        chainLabel(h),
        h.targetSymbol,
        h.targetGeneId,
        h.pathwayGoId,
        h.confidence,
        h.supportingEvidence,
      ]),
    ).toEqual([
      [
        "ketoconazole → IKr → ventricular cardiac muscle cell action potential → TdP",
        "KCNH2",
        "3757",
        "GO:0086005",
        0.35,
        ["pmid:24742750", "pmid:16403073"],
      ],
    ]);
    for (const h of hypotheses.hypotheses) expectTypedAndGrounded(h, evidence);
    expectRankedBySupport(hypotheses);
    expect(report.title).toBe("Drugs that can cause torsade de pointes: candidates and mechanisms");
    expectReportIntegrity(report, evidence);
  });
});

describe("open question with an ion channel: QT prolongation or torsade de pointes", () => {
  const question = "Which drugs can cause QT prolongation or torsade de pointes, and through which ion channel?";
  const evidence = uniqueRecords("torsade", "QT prolong");
  const { hypotheses, assessment, report } = runAgents(question, evidence);

  it("never falls back to another substance and names hERG/KCNH2", () => {
    expect(evidence).toHaveLength(16);
    expect(report.title).not.toMatch(/acetylcholine/i);
    // Ranked by evidence in people first: erythromycin (2 of 2 records in people), then methadone.
    expect(assessment.drugCandidates.slice(0, 3)).toEqual(["cisapride", "erythromycin", "methadone"]);
    expect(assessment.drugCandidates.some((d) => /protective|haloperidol|acetylcholine/i.test(d))).toBe(false);
    expect(hypotheses.primaryHypothesis).toMatchObject({ targetSymbol: "KCNH2", targetGeneId: "3757" });
    for (const h of hypotheses.hypotheses) expectTypedAndGrounded(h, evidence);
    expectRankedBySupport(hypotheses);
    expectReportIntegrity(report, evidence);
  });
});

describe("repurposing question: existing drugs that could treat hypertension", () => {
  const question = "What existing drugs could treat hypertension?";
  const evidence = searchCorpus("hypertension");
  const { hypotheses, assessment, report } = runAgents(question, evidence);

  it("ranks the drugs the relation model reads as treating the condition, each marked protective", () => {
    expect(classifyQuestion(question).kind).toBe("repurposing");
    expect(evidence).toHaveLength(86);
    expect(assessment.drugCandidates).toEqual(HYPERTENSION_CANDIDATES);
    expect(report.title).toBe("Existing drugs that could treat hypertension: candidates and evidence");
    expect(
      hypotheses.hypotheses.map((h) => [chainLabel(h), h.targetSymbol, h.targetGeneId, h.supportingEvidence.length]),
    ).toEqual(HYPERTENSION_CHAINS);
    for (const h of hypotheses.hypotheses) expectTypedAndGrounded(h, evidence);
    expectRankedBySupport(hypotheses);
    expectReportIntegrity(report, evidence);
  });
});

// Evidence in people first: propranolol and diltiazem before the animal-study agents atorva and vitamin E.
const HYPERTENSION_CANDIDATES = [
  "propranolol (protective)",
  "diltiazem (protective)",
  "atorva (protective)",
  "vitamin E (protective)",
];
// Equal confidence: candidates in their ranked order (propranolol, with evidence in people, before vitamin E).
const HYPERTENSION_CHAINS = [
  ["atorva → eNOS → regulation of blood pressure → hypertension", "NOS3", "4846", 3],
  ["propranolol → renin → kidney development → hypertension", "REN", "5972", 2],
  ["vitamin E → eNOS → regulation of blood pressure → hypertension", "NOS3", "4846", 2],
];

describe("a named drug absent from the evidence", () => {
  const question = "Is rofecoxib hepatotoxic?";
  const evidence = searchCorpus("hepatotox");
  const { hypotheses, assessment, report } = runAgents(question, evidence);

  it("is reported as a gap and never replaced by another drug", () => {
    expect(evidence).toHaveLength(26);
    const gap =
      "The question names rofecoxib, but none of the 26 records reviewed mentions it; no other drug was substituted.";
    expect(hypotheses).toEqual({
      hypotheses: [],
      primaryHypothesis: null,
      knowledgeGaps: [gap],
      recommendedSearches: ["rofecoxib hepatotoxicity"],
    });
    expect(assessment.drugCandidates).toEqual([]);
    expect(report.title).toBe("Evidence report: Is rofecoxib hepatotoxic?");
    expect(report.executiveSummary).toContain(gap);
    expect(report.limitations).toContain(`Evidence shortfall: ${gap}`);
    expectReportIntegrity(report, evidence);
  });
});

describe("no chain has a drug, disease or heading as its target", () => {
  const cases: Array<[string, string[]]> = [
    ["Is lithium nephrotoxic, and by what mechanism?", ["lithium"]],
    ["Does doxorubicin cause cardiotoxicity, and through which mechanism?", ["doxorubicin"]],
    ["Is valproic acid hepatotoxic?", ["valpro"]],
    ["Is metformin nephrotoxic?", ["metformin"]],
    ["Does haloperidol cause catalepsy?", ["haloperidol"]],
  ];
  for (const [question, terms] of cases) {
    it(question, () => {
      const evidence = uniqueRecords(...terms);
      const { hypotheses } = runAgents(question, evidence);
      for (const h of hypotheses.hypotheses) expectTypedAndGrounded(h, evidence);
      expectRankedBySupport(hypotheses);
    });
  }
});
