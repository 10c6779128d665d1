import { afterEach, describe, expect, it } from "vitest";
import { getLanguageModel } from "@/lib/ai/providers";
import { scoreDocumentsLlm } from "@/lib/claims/agents/llm/scoring";
import { judgeClaimLlm } from "@/lib/claims/agents/llm/verdict";
import { checkEntailment } from "@/lib/research/agents/llm/critic";
import { judgeEvidence } from "@/lib/research/agents/llm/judge";
import { referenceFromEvidence } from "@/lib/grounding/references";
import { startFakeOpenAIServer, type FakeOpenAIServer, type ScriptedEntry } from "@/tests/support/fake-openai-server";
import { HYPOTHESES, LITHIUM_EVIDENCE, QUESTION } from "@/tests/support/llm";

type JsonSchema = { properties?: Record<string, JsonSchema>; items?: JsonSchema; anyOf?: JsonSchema[] };
type Body = { temperature: number; response_format: { json_schema: { name: string; schema: JsonSchema } } };

/** The property names of the answer schema on the wire, at `path` (dots; "[]" steps into an array's items). */
function fieldOrder(body: Record<string, unknown>, path = ""): string[] {
  let schema = (body as Body).response_format.json_schema.schema;
  for (const step of path ? path.split(".") : []) schema = step === "[]" ? schema.items! : schema.properties![step];
  return Object.keys(schema.properties ?? {});
}

let server: FakeOpenAIServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function local(script: ScriptedEntry[]) {
  server = await startFakeOpenAIServer(script);
  return getLanguageModel({
    OPENAI_API_KEY: "ollama",
    OPENAI_BASE_URL: server.baseURL,
    OPENAI_MODEL: "qwen2.5:7b-instruct",
  } as unknown as NodeJS.ProcessEnv)!;
}

describe("rubric agents reason before they score, at temperature 0 (on the wire, @ai-sdk/openai-compatible)", () => {
  it("judge: each reasoning before its score, the overall reasoning before the decision", async () => {
    const answer = {
      keyFindings: [],
      mechanismReasoning: "AVP rises [E1].",
      mechanismScore: 6,
      clinicalReasoning: "One cohort [E3].",
      clinicalScore: 4,
      drugCandidates: [],
      reasoning: "Thin.",
      confidence: 0.4,
      sufficient: false,
      recommendation: "continue",
      nextSearchQueries: [],
    };
    const configured = await local([JSON.stringify(answer)]);
    await judgeEvidence(
      configured.model,
      { question: QUESTION, evidence: LITHIUM_EVIDENCE, hypotheses: HYPOTHESES, iteration: 1, maxIterations: 3 },
      { sampling: {} },
    );
    const body = server!.requests[0];
    expect(fieldOrder(body)).toEqual([
      "keyFindings",
      "mechanismReasoning",
      "mechanismScore",
      "clinicalReasoning",
      "clinicalScore",
      "drugCandidates",
      "reasoning",
      "confidence",
      "sufficient",
      "recommendation",
      "nextSearchQueries",
    ]);
    expect((body as Body).temperature).toBe(0);
  });

  it("critic: the reasoning of each claim before its PASS/FAIL", async () => {
    const configured = await local([
      JSON.stringify({ claims: [{ claim: 1, reasoning: "Stated in E1.", verdict: "PASS" }] }),
    ]);
    const references = [referenceFromEvidence(LITHIUM_EVIDENCE[0], 1)];
    const draft = {
      title: "T",
      executiveSummary: "Lithium raised AVP in rats [1].",
      researchQuestion: QUESTION,
      methodology: { title: "Methodology", content: "" },
      hypothesesTested: [],
      mechanisticFindings: { title: "Mechanistic findings", content: "" },
      clinicalFindings: { title: "Clinical findings", content: "" },
      drugCandidates: [],
      limitations: [],
      conclusion: "",
      references,
      sourcesSearched: [],
      totalPapersReviewed: 4,
      searchIterations: 1,
      confidenceScore: 0,
      removedReferences: 0,
    };
    const verdict = await checkEntailment(
      configured.model,
      { question: QUESTION, report: draft, evidence: LITHIUM_EVIDENCE },
      { sampling: {} },
    );
    expect(verdict.verdict).toBe("PASS");
    const body = server!.requests[0];
    expect(fieldOrder(body, "claims.[]")).toEqual(["claim", "reasoning", "verdict"]);
    expect((body as Body).temperature).toBe(0);
  });

  it("claim scoring: rationale before the score; claim verdict: rationale before verdict and confidence", async () => {
    const configured = await local([
      JSON.stringify({ scores: [{ n: 1, rationale: "Rats polyuric on lithium.", score: 3 }] }),
      JSON.stringify({ rationale: "One rat study [1].", verdict: "undecided", confidence: "low" }),
    ]);
    const counter = {
      claim: "Lithium has no effect on urine volume",
      counterStatement: "Lithium changes urine volume.",
      keywords: [],
      keywordQuery: "",
      hydeAbstracts: [],
    };
    await scoreDocumentsLlm(configured.model, { claim: counter.claim, counter, documents: [LITHIUM_EVIDENCE[0]] });
    const stats = {
      documentsFound: 1,
      documentsScored: 1,
      documentsAboveThreshold: 1,
      documentsCited: 1,
      threshold: 3,
    } as never;
    const citation = {
      n: 1,
      evidenceId: LITHIUM_EVIDENCE[0].id,
      pmid: "9406968",
      doi: null,
      nctId: null,
      title: LITHIUM_EVIDENCE[0].citation.title,
      journal: null,
      year: null,
      url: LITHIUM_EVIDENCE[0].citation.url,
      source: "pubmed" as const,
      passage:
        "The male Wistar rats consuming a diet that contained LiCl (60 mmol/kg) for 4 weeks developed marked polyuria.",
      similarity: 1,
      score: 3,
      foundBy: ["keyword" as const],
    };
    await judgeClaimLlm(configured.model, {
      claim: counter.claim,
      counter,
      report: "Rats developed polyuria [1].",
      citations: [citation],
      stats,
      scores: [],
    });
    const [scoring, verdict] = server!.requests;
    expect(fieldOrder(scoring, "scores.[]")).toEqual(["n", "rationale", "score"]);
    expect(fieldOrder(verdict)).toEqual(["rationale", "verdict", "confidence"]);
    expect([(scoring as Body).temperature, (verdict as Body).temperature]).toEqual([0, 0]);
  });
});
