import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { getLanguageModel } from "@/lib/ai/providers";
import { judgeEvidence, type JudgeOutput } from "@/lib/research/agents/llm/judge";
import { startFakeOpenAIServer, type FakeOpenAIServer } from "@/tests/support/fake-openai-server";
import { HYPOTHESES, LITHIUM_EVIDENCE, QUESTION } from "@/tests/support/llm";

/**
 * The `env` blocks of docs/local-models.md, by their ## heading (sections without one, such as measuring, are no
 * configuration).
 */
function localModelConfigurations(): Map<string, Record<string, string>> {
  const doc = readFileSync("docs/local-models.md", "utf8");
  const configs = new Map<string, Record<string, string>>();
  for (const part of doc.split("\n## ").slice(1)) {
    const heading = part.slice(0, part.indexOf("\n"));
    const block = /```env\n([\s\S]*?)```/.exec(part)?.[1];
    if (!block) continue; // a section without a configuration (what was checked, and how)
    configs.set(
      heading,
      Object.fromEntries(
        block
          .trim()
          .split("\n")
          .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
      ),
    );
  }
  return configs;
}

const answer: JudgeOutput = {
  mechanismScore: 7,
  mechanismReasoning: "AVP rises [E1].",
  clinicalScore: 5,
  clinicalReasoning: "Cohort [E3].",
  drugCandidates: ["amiloride"],
  keyFindings: [],
  sufficient: true,
  confidence: 0.6,
  recommendation: "synthesize",
  nextSearchQueries: [],
  reasoning: "Enough.",
};

let server: FakeOpenAIServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

describe("docs/local-models.md's configurations, checked against a loopback server", () => {
  const configs = localModelConfigurations();

  it("documents Ollama, vLLM, LM Studio, llama.cpp and a json_object server", () => {
    expect([...configs.keys()]).toEqual([
      "Ollama",
      "vLLM",
      "LM Studio",
      "llama.cpp",
      "A server without JSON-schema output",
    ]);
    expect(configs.get("Ollama")).toEqual({
      OPENAI_BASE_URL: "http://127.0.0.1:11434/v1",
      OPENAI_API_KEY: "ollama",
      OPENAI_MODEL: "qwen2.5:7b-instruct",
    });
  });

  for (const [name, vars] of localModelConfigurations()) {
    it(`${name}: Chat Completions with the model, sampling, structured output and a field guide`, async () => {
      server = await startFakeOpenAIServer([JSON.stringify(answer)]);
      // The same configuration, with the server's host and port replaced by the loopback server's.
      const env = {
        ...vars,
        OPENAI_BASE_URL: vars.OPENAI_BASE_URL.replace(/^http:\/\/[^/]+\/v1$/, server.baseURL),
      } as unknown as NodeJS.ProcessEnv;
      expect(env.OPENAI_BASE_URL).toBe(server.baseURL);
      const configured = getLanguageModel(env)!;
      expect(configured.compatible).toBe(true);
      const result = await judgeEvidence(
        configured.model,
        { question: QUESTION, evidence: LITHIUM_EVIDENCE, hypotheses: HYPOTHESES, iteration: 1, maxIterations: 3 },
        { promptStyle: configured.promptStyle, sampling: {} },
      );
      expect(result.mechanismScore).toBe(7);

      const body = server.requests[0] as {
        model: string;
        temperature: number;
        max_tokens: number;
        response_format: { type: string };
        messages: Array<{ role: string; content: string }>;
      };
      // The judge is a rubric call: temperature 0 (it was 0.2 before reasons came first and scores were made
      // repeatable).
      expect([body.model, body.temperature, body.max_tokens]).toEqual([vars.OPENAI_MODEL, 0, 1_000]);
      const jsonObject = vars.OPENAI_STRUCTURED_OUTPUT === "json_object";
      expect(body.response_format.type).toBe(jsonObject ? "json_object" : "json_schema");
      const instructions = body.messages.find((m) => m.role === "system")!.content;
      expect(instructions).toContain(
        "- clinicalScore (number): Integer 0–10: strength of the clinical evidence in humans (see rubric).",
      );
      expect(
        instructions.includes(
          'Answer with one JSON object, and nothing else, that matches this JSON schema:\n{"$schema"',
        ),
      ).toBe(jsonObject);
      // Written into the instructions, the schema carries no descriptions: the field guide above it has them.
      if (jsonObject) expect(instructions.slice(instructions.indexOf('{"$schema"'))).not.toContain('"description"');
      // The judge reasons before it scores (docs/local-models.md, "What was checked").
      const fields = instructions
        .slice(instructions.indexOf("Answer fields"))
        .match(/^- (\w+)/gm)!
        .map((f) => f.slice(2));
      expect(fields.indexOf("mechanismReasoning")).toBeLessThan(fields.indexOf("mechanismScore"));
      expect(fields.indexOf("clinicalReasoning")).toBeLessThan(fields.indexOf("clinicalScore"));
      if (!jsonObject)
        expect(body.response_format).toMatchObject({ type: "json_schema", json_schema: { strict: true } });
    });
  }
});
