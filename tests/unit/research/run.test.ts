import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createExtractiveBackend } from "@/lib/research/agents/extractive";
import type { ReasoningBackend } from "@/lib/research/backend";
import { getDb } from "@/lib/db/client";
import { getRunDetail } from "@/lib/runs/projections";
import { runToJson } from "@/lib/research/run-json";
import { cancelRun } from "@/lib/runs/lifecycle";
import { research } from "@/lib/modes";
import { startRun } from "@/lib/runs/start";
import { importCorpus, useTempDatabase } from "@/tests/support/temp-database";

const QUESTIONS = {
  lithium: "Is lithium nephrotoxic, and by what mechanism?",
  doxorubicin: "Does doxorubicin cause cardiotoxicity, and through which mechanism?",
};

/** Drug candidates the judge must name: the drug, then agents the corpus reports protective against its effect. */
const DRUG_CANDIDATES: Record<keyof typeof QUESTIONS, string[]> = {
  // "(protective)" needs the relation model's "treats": it does not read PMID 7453952 ("Attenuation of the
  // lithium-induced diabetes-insipidus-like syndrome by amiloride") as treats, nor GSPE as treating cardiotoxicity.
  lithium: ["lithium"],
  doxorubicin: [
    "doxorubicin",
    "ICRF-187 (protective)",
    "hydroxytyrosol (protective)",
    "carvedilol (protective)",
    "monoHER (protective)",
  ],
};

/** The open torsade question on the whole library: drugs the relation model reads as causes, and their typed chains. */
// Fluconazole before terodiline (one record each, ranked by probability): so since the relation model's second stage.
const OPEN_CANDIDATES = [
  "sotalol",
  "cisapride",
  "erythromycin",
  "metoclopramide",
  "fluconazole",
  "ketoconazole",
  "pentamidine",
  "amiodarone",
  "dobutamine",
  "azole",
];
/** Chemicals these records use only in cells or animal models (a hiPS-CM assay, a dog study, animal models). */
const OPEN_INDUCERS = [
  "terfenadine (experimental inducer)",
  "terodiline (experimental inducer)",
  "azimilide (experimental inducer)",
  "E4031 (experimental inducer)",
];
const OPEN_CHAINS = [["ketoconazole", "KCNH2", "3757"]];

/** Text of a library record as the hypotheses must find their entities in it: title, abstract, annotated names. */
async function recordText(id: string): Promise<string> {
  const row = await getDb().evidence.findUniqueOrThrow({ where: { id } });
  const names = (row.entities as Array<{ name: string }>).map((e) => e.name).join(" ");
  return `${row.title} ${row.abstract} ${names}`.toLowerCase();
}

describe("extractive research run on the imported corpus", () => {
  let cleanup: () => void;
  beforeAll(async () => {
    ({ cleanup } = await useTempDatabase("workflow"));
    await importCorpus();
  });
  afterAll(() => cleanup());

  for (const [drug, question] of Object.entries(QUESTIONS)) {
    it(`completes a run for the ${drug} question with faithful references, hypotheses and scores`, async () => {
      const { runId, done } = await startRun(research, { question, sources: ["local"], maxIterations: 3 });
      const outcome = await done;
      expect(outcome.error).toBeNull();
      expect(outcome.status).toBe("completed");
      const detail = (await getRunDetail(runId))!;
      const json = runToJson(detail);

      expect(json.status).toBe("completed");
      expect(json.backend).toBe("extractive");
      expect(json.iterations).toBeGreaterThanOrEqual(1);
      expect(json.iterations).toBeLessThanOrEqual(3);
      expect(json.assessments).toHaveLength(json.iterations);
      expect(json.assessments.at(-1)!.assessment.recommendation).toBe("synthesize");

      // Every reference is a library record, and carries that record's identifiers.
      const report = json.report!;
      expect(report.references.length).toBeGreaterThan(0);
      for (const ref of report.references) {
        const row = await getDb().evidence.findUnique({ where: { id: ref.evidenceId } });
        expect(row?.inLibrary, ref.evidenceId).toBe(true);
        expect(ref.pmid).toBe(row!.pmid);
        expect(ref.url).toBe(row!.url);
      }
      expect(json.removedReferences).toBe(0);
      // Every [n] marker refers to an existing reference.
      const markers = [...json.markdown!.matchAll(/\[(\d+(?:\s*[,–-]\s*\d+)*)\](?!\()/g)].flatMap((m) =>
        m[1].split(/[,–-]/).map(Number),
      );
      expect(markers.length).toBeGreaterThan(0);
      for (const n of markers) expect(n).toBeLessThanOrEqual(report.references.length);

      // Every hypothesis names the drug and target written in the abstracts it cites (the pathway too, unless it is
      // the target's curated GO annotation); targets are NCBI Genes, pathways GO processes.
      const last = json.hypotheses.at(-1)!.assessment;
      expect(last.hypotheses.length).toBeGreaterThanOrEqual(1);
      for (const h of last.hypotheses) {
        expect(h.drug.toLowerCase()).toContain(drug);
        expect(h.targetGeneId).toMatch(/^\d+$/);
        expect(h.pathwayGoId).toMatch(/^GO:\d{7}$/);
        const texts = await Promise.all(h.supportingEvidence.map(recordText));
        const terms = h.links[1].curated ? [h.drug, h.target] : [h.drug, h.target, h.pathway];
        for (const term of terms) {
          expect(
            texts.some((t) => t.includes(term.toLowerCase())),
            `${term} in ${h.supportingEvidence.join(",")}`,
          ).toBe(true);
        }
      }
      expect(last.primaryHypothesis).toEqual(last.hypotheses[0]);

      // Scores are in range.
      for (const { assessment: a } of json.assessments) {
        expect(Number.isInteger(a.mechanismScore) && a.mechanismScore >= 0 && a.mechanismScore <= 10).toBe(true);
        expect(Number.isInteger(a.clinicalScore) && a.clinicalScore >= 0 && a.clinicalScore <= 10).toBe(true);
        expect(a.confidence).toBeGreaterThanOrEqual(0);
        expect(a.confidence).toBeLessThanOrEqual(1);
      }
      expect(report.confidenceScore).toBe(json.assessments.at(-1)!.assessment.confidence);
      // Protective agents come only from records about this drug (no cisplatin protector for lithium).
      expect(json.assessments.at(-1)!.assessment.drugCandidates).toEqual(
        DRUG_CANDIDATES[drug as keyof typeof QUESTIONS],
      );
      expect(report.drugCandidates).toEqual(DRUG_CANDIDATES[drug as keyof typeof QUESTIONS]);

      // Events are saved with contiguous sequence numbers, from run-started to run-finished.
      expect(detail.events.map((e) => e.seq)).toEqual(detail.events.map((_, i) => i + 1));
      expect(detail.events[0].type).toBe("run-started");
      expect(detail.events[1]).toMatchObject({
        type: "question-classified",
        data: { kind: "named-drug", drugs: [drug] },
      });
      expect(detail.events[2]).toMatchObject({
        type: "notice",
        data: { message: "extractive mode: no language model configured" },
      });
      expect(detail.events.at(-1)).toMatchObject({
        type: "run-finished",
        data: { status: "completed", message: null },
      });
      const searches = detail.events.filter((e) => e.type === "search");
      expect(searches[0]).toMatchObject({ data: { phase: "question", source: "local", query: question } });
      expect(detail.run.evidenceCount).toBe(detail.evidence.length);
      expect(await getDb().report.count({ where: { runId } })).toBe(1);
    });
  }

  it("an open question is classified in the timeline and answered with causing drugs through hERG/KCNH2", async () => {
    const question = "Which drugs can cause torsade de pointes?";
    const { runId, done } = await startRun(research, { question, sources: ["local"], maxIterations: 2 });
    expect((await done).status).toBe("completed");
    const detail = (await getRunDetail(runId))!;
    expect(detail.events[1]).toMatchObject({
      type: "question-classified",
      data: { kind: "open", drugs: [], conditions: ["torsade de pointes"] },
    });
    const json = runToJson(detail);
    const candidates = json.assessments.at(-1)!.assessment.drugCandidates;
    // The drugs reported in people, then the chemicals used in these records only to induce it in cells or animals.
    expect(candidates).toEqual([...OPEN_CANDIDATES, ...OPEN_INDUCERS]);
    expect(candidates.some((c) => c.includes("protective"))).toBe(false);
    const last = json.hypotheses.at(-1)!.assessment;
    expect(last.hypotheses.map((h) => [h.drug, h.targetSymbol, h.targetGeneId])).toEqual(OPEN_CHAINS);
    expect(json.report!.title).toBe("Drugs that can cause torsade de pointes: candidates and mechanisms");
  });

  it("a run whose judge fails ends as failed and keeps the evidence and hypotheses it found", async () => {
    const extractive = createExtractiveBackend();
    const failing: ReasoningBackend = {
      ...extractive,
      judge: async () => {
        throw new Error("judge unavailable");
      },
    };
    const { runId, done } = await startRun(
      research,
      { question: QUESTIONS.lithium, sources: ["local"] },
      { overrides: { backend: failing } },
    );
    const outcome = await done;
    expect(outcome).toMatchObject({ status: "failed", error: "judge unavailable" });
    const detail = (await getRunDetail(runId))!;
    expect(detail.run.status).toBe("failed");
    expect(detail.run.error).toBe("judge unavailable");
    expect(detail.evidence.length).toBeGreaterThan(0);
    expect(detail.hypotheses).toHaveLength(1);
    expect(detail.events.at(-1)).toMatchObject({
      type: "run-finished",
      data: { status: "failed", message: "judge unavailable" },
    });
  });

  it("a cancelled run ends as cancelled and keeps what it found", async () => {
    const extractive = createExtractiveBackend();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow: ReasoningBackend = {
      ...extractive,
      hypothesize: async (input) => {
        await gate;
        return extractive.hypothesize(input);
      },
    };
    const { runId, done } = await startRun(
      research,
      { question: QUESTIONS.doxorubicin, sources: ["local"] },
      { overrides: { backend: slow } },
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(cancelRun(runId)).toBe(true);
    release();
    const outcome = await done;
    expect(outcome.status).toBe("cancelled");
    const detail = (await getRunDetail(runId))!;
    expect(detail.run.status).toBe("cancelled");
    expect(detail.evidence.length).toBeGreaterThan(0);
    expect(detail.report).toBeNull();
  });
});
