import { afterEach, describe, expect, it } from "vitest";
import { getLanguageModel } from "@/lib/ai/providers";
import type { FullText } from "@/lib/domain/fulltext";
import { fullTextSentences, supportPassages } from "@/lib/evidence/prompt-context/passage-excerpts";
import { writeReport, type ReportOutput } from "@/lib/research/agents/llm/report";
import { parseEuropePmcSearch } from "@/lib/sources/parse/europepmc";
import { parseJats } from "@/lib/sources/parse/jats";
import { europePmcSearchOf } from "@/tests/support/europepmc-results";
import { startFakeOpenAIServer, type FakeOpenAIServer } from "@/tests/support/fake-openai-server";
import { readFixture } from "@/tests/support/fixtures";
import { reportInput } from "@/tests/support/llm";

// The report agent over HTTP (the real AI SDK path to a loopback OpenAI-compatible server) given one record with its
// full text: the recorded Europe PMC search result of PMC4738914 and its recorded fullTextXML.

let server: FakeOpenAIServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const record = parseEuropePmcSearch(europePmcSearchOf(["PMC4738914"]), "europepmc").evidence[0];
const doc = parseJats(readFixture("fulltext/europepmc/PMC4738914.fullTextXML.xml"));
const fullText: FullText = {
  evidenceId: record.id,
  ownerId: null,
  origin: "europepmc",
  format: "jats",
  licence: doc.licence,
  pages: null,
  passages: doc.passages,
};
const QUESTION = "What dose of levofloxacin was given in levofloxacin-induced thrombocytopenia?";
/** The dose sentence's number in the record: its abstract's 3 sentences, then the body's sentences in order. */
const dose = fullTextSentences(record.citation.abstract, fullText).find((s) => s.text.includes("500 mg daily"))!;

const draft = (support: string[]): ReportOutput => ({
  evidenceReading: "The case report states the dose in its case description.",
  outcome: "answers",
  missing: [],
  title: "Levofloxacin dose in a case of thrombocytopenia",
  executiveSummary: [{ support, text: "The patient was switched to oral levofloxacin 500 mg daily." }],
  methodology: "Europe PMC was searched.",
  mechanisticFindings: [],
  clinicalFindings: [],
  drugCandidates: [],
  limitations: ["One case report."],
  conclusion: [],
});

async function report(support: string[]) {
  server = await startFakeOpenAIServer([JSON.stringify(draft(support))]);
  const configured = getLanguageModel({
    OPENAI_API_KEY: "ollama",
    OPENAI_BASE_URL: server.baseURL,
    OPENAI_MODEL: "qwen2.5:7b-instruct",
  } as unknown as NodeJS.ProcessEnv)!;
  const input = { ...reportInput([record]), question: QUESTION, fullTexts: new Map([[record.id, fullText]]) };
  return writeReport(configured.model, input, { promptStyle: configured.promptStyle });
}

describe("the model path reads full-text passages and cites them by sentence id", () => {
  it("shows the body sentences that bear on the question under sentence ids numbered after the abstract", async () => {
    expect(dose.n).toBe(6);
    await report([`E1.${dose.n}`]);
    const prompt = JSON.stringify(server!.requests[0]);
    expect(prompt).toContain(
      `E1.6 Full text, 1. Case: The patient developed gastrointestinal intolerance ` +
        `and was switched to oral levofloxacin, 500 mg daily`,
    );
  });

  it("a statement resting on a body sentence keeps its support with the passage's id, section and page", async () => {
    const built = await report([`E1.${dose.n}`]);
    expect(built.executiveSummary).toBe("The patient was switched to oral levofloxacin 500 mg daily [1].");
    expect(built.support).toEqual([
      {
        sentence: "The patient was switched to oral levofloxacin 500 mg daily.",
        evidenceId: "pmid:26884767",
        sentences: [
          {
            n: 6,
            text: dose.text,
            passage: {
              passageId: "PMC4738914·case-report·1",
              section: "1. Case",
              sectionType: "case-report",
              page: null,
            },
          },
        ],
      },
    ]);
    expect(supportPassages(built.support).map((p) => [p.evidenceId, p.passageId])).toEqual([
      ["pmid:26884767", "PMC4738914·case-report·1"],
    ]);
  });

  it("a sentence id past what was shown is dropped, as an abstract's is", async () => {
    const built = await report(["E1.90"]);
    expect(built.support).toBeUndefined();
  });
});
