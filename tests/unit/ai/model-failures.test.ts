import { afterEach, describe, expect, it } from "vitest";
import { classifyProviderError } from "@/lib/ai/provider-errors";
import { getLanguageModel } from "@/lib/ai/providers";
import { ModelOutputError } from "@/lib/ai/model-output-errors";
import type { LlmUsage } from "@/lib/ai/structured";
import { judgeEvidence, type JudgeOutput } from "@/lib/research/agents/llm/judge";
import { createAgentRunner } from "@/lib/runs/agent-runner";
import type { RunEvent } from "@/lib/domain/events";
import {
  startFakeOpenAIServer,
  type FakeOpenAIServer,
  type ScriptedError,
  type ScriptedReply,
} from "@/tests/support/fake-openai-server";
import { loadCorpus } from "@/tests/support/corpus";
import { HYPOTHESES, LITHIUM_EVIDENCE, QUESTION } from "@/tests/support/llm";

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
const input = {
  question: QUESTION,
  evidence: LITHIUM_EVIDENCE,
  hypotheses: HYPOTHESES,
  iteration: 1,
  maxIterations: 3,
};
const sampling = { judge: { temperature: 0.2, maxOutputTokens: 1_000 } };

let server: FakeOpenAIServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

/** The judge over real HTTP through @ai-sdk/openai-compatible (OPENAI_BASE_URL = the loopback server). */
async function judgeOver(
  script: Array<string | ScriptedError | ScriptedReply>,
  evidence = LITHIUM_EVIDENCE,
  usage: LlmUsage[] = [],
) {
  server = await startFakeOpenAIServer(script);
  const configured = getLanguageModel({
    OPENAI_API_KEY: "local",
    OPENAI_BASE_URL: server.baseURL,
    OPENAI_MODEL: "qwen3:8b",
  } as unknown as NodeJS.ProcessEnv)!;
  return judgeEvidence(
    configured.model,
    { ...input, evidence },
    { sampling, promptStyle: configured.promptStyle, onUsage: (u) => usage.push(u) },
  );
}

async function failureOf(script: Array<string | ScriptedError | ScriptedReply>) {
  const error = await judgeOver(script).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).not.toBeNull();
  return classifyProviderError(error, { step: "judge" });
}

const ADVICE =
  "raise the model's context length (Ollama OLLAMA_CONTEXT_LENGTH or num_ctx, vLLM --max-model-len, LM Studio's " +
  "context length, llama.cpp -c; at least 16384 tokens, see docs/local-models.md)";

describe("context overflow, named from the bodies real servers send", () => {
  it("llama.cpp server: exceed_context_size_error", async () => {
    const body = {
      error: {
        code: 400,
        message: "request (9130 tokens) exceeds the available context size (4096 tokens), try increasing it",
        type: "exceed_context_size_error",
        n_prompt_tokens: 9130,
        n_ctx: 4096,
      },
    };
    expect(await failureOf([{ status: 400, body }])).toEqual({
      kind: "context-overflow",
      statusCode: 400,
      message:
        `The language model provider returned 400 Bad Request during the judge step: the prompt is longer than ` +
        `the model's context window; ${ADVICE} ` +
        "(request (9130 tokens) exceeds the available context size (4096 tokens), try increasing it).",
    });
  });

  it("LM Studio: “Trying to keep the first … tokens”", async () => {
    const body = {
      error:
        "Trying to keep the first 9130 tokens when context the overflows. However, the model is loaded with " +
        "context length of only 4096 tokens, which is not enough. Try to load the model with a larger context " +
        "length, or provide a shorter input",
    };
    expect(await failureOf([{ status: 400, body }])).toMatchObject({ kind: "context-overflow", statusCode: 400 });
  });

  it("vLLM: “maximum context length is … tokens”", async () => {
    const body = {
      object: "error",
      message:
        "This model's maximum context length is 4096 tokens. However, you requested 9130 tokens (8130 in the " +
        "messages, 1000 in the completion). Please reduce the length of the messages or completion.",
      type: "BadRequestError",
      param: null,
      code: 400,
    };
    expect(await failureOf([{ status: 400, body }])).toMatchObject({ kind: "context-overflow", statusCode: 400 });
  });

  it("another 400 stays “rejected”, and names the prompt size as a possible cause no more", async () => {
    expect(await failureOf([{ status: 400, message: "response_format json_schema is not supported" }])).toMatchObject({
      kind: "rejected",
    });
  });

  it("Ollama truncates silently: a reported prompt far below the prompt's size is a warning on the call", async () => {
    const usage: LlmUsage[] = [];
    const evidence = loadCorpus().slice(0, 60);
    // Ollama with its 4,096-token default window reports prompt_eval_count 4096 for a prompt it cut.
    await judgeOver([{ content: JSON.stringify(answer), promptTokens: 4_096 }], evidence, usage);
    const prompt = server!.requests[0] as { messages: Array<{ content: string }> };
    const chars = prompt.messages.reduce((n, m) => n + m.content.length, 0);
    expect(4_096 / Math.ceil(chars / 4)).toBeLessThan(0.6);
    expect(usage[0].notices).toHaveLength(1);
    expect(usage[0].notices![0]).toMatch(
      new RegExp(
        "^The judge prompt was about [\\d,]+ tokens \\([\\d,]+ characters ÷ 4\\) " +
          "but the server read only 4,096: it probably cut the prompt",
      ),
    );
  });
});

describe("truncated, refused and empty answers", () => {
  it("finish_reason length: asked once more in a fresh conversation with twice the limit, and said so", async () => {
    const usage: LlmUsage[] = [];
    const cut = JSON.stringify(answer).slice(0, 60);
    const result = await judgeOver(
      [{ content: cut, finishReason: "length" }, JSON.stringify(answer)],
      LITHIUM_EVIDENCE,
      usage,
    );
    expect(result.mechanismScore).toBe(7);
    const [first, second] = server!.requests as Array<{
      max_tokens: number;
      temperature: number;
      messages: Array<{ role: string; content: string }>;
    }>;
    expect([first.max_tokens, second.max_tokens]).toEqual([1_000, 2_000]);
    expect(second.temperature).toBe(0.2);
    // Fresh: the same system + user messages, without the truncated answer.
    expect(second.messages).toEqual(first.messages);
    expect(usage.map((u) => [u.attempt, u.notices ?? []])).toEqual([
      [
        1,
        [
          "The judge agent's answer was cut at its output limit (1000 tokens); it was asked once more, in a " +
            "fresh conversation, with a limit of 2000 tokens.",
        ],
      ],
      [2, []],
    ]);
  });

  it("cut twice: a “truncated” failure", async () => {
    const cut = { content: '{"mechanismScore": 7, "mechanismReasoning": "AVP', finishReason: "length" };
    expect(await failureOf([cut, cut])).toEqual({
      kind: "truncated",
      statusCode: null,
      message:
        "The language model gave no usable answer during the judge step: judge agent: the answer was cut at the " +
        "output limit twice (2000 tokens); raise the limit in CRITICA_MAX_OUTPUT_TOKENS_* or use a model that " +
        "answers more briefly.",
    });
  });

  it("an OpenAI refusal (message.refusal) is “the model refused: …”, not an invalid JSON retry", async () => {
    const refusal = { content: null, refusal: "I'm sorry, but I can't help with that request." };
    expect(await failureOf([refusal])).toEqual({
      kind: "refused",
      statusCode: null,
      message:
        "The language model gave no usable answer during the judge step: judge agent: the model refused: I'm " +
        "sorry, but I can't help with that request..",
    });
    expect(server!.requests).toHaveLength(1);
  });

  it("finish_reason content_filter is a refusal too", async () => {
    expect(await failureOf([{ content: "", finishReason: "content_filter" }])).toMatchObject({ kind: "refused" });
  });

  it("a thinking model's empty content (JSON in reasoning_content) is an empty answer, named, no retry", async () => {
    const thinking = { content: "", reasoningContent: `Let me score this. ${JSON.stringify(answer)}` };
    const failure = await failureOf([thinking]);
    expect(failure?.kind).toBe("empty-output");
    expect(failure?.message).toContain("judge agent: the model returned an empty answer (it wrote");
    expect(failure?.message).toContain("a thinking model may have put its JSON in its reasoning");
    expect(server!.requests).toHaveLength(1);
  });

  it("the agent runner puts the retry notice in the timeline, after the call's usage", async () => {
    server = await startFakeOpenAIServer([{ content: "{", finishReason: "length" }, JSON.stringify(answer)]);
    const configured = getLanguageModel({
      OPENAI_API_KEY: "local",
      OPENAI_BASE_URL: server.baseURL,
    } as unknown as NodeJS.ProcessEnv)!;
    const events: Array<Pick<RunEvent, "type" | "data">> = [];
    const runner = createAgentRunner({
      backend: { kind: "llm" as const, model: "m" },
      policy: "fail",
      emit: async (type, data) => void events.push({ type, data } as Pick<RunEvent, "type" | "data">),
    });
    await runner.call("judge", (_b, onUsage) => judgeEvidence(configured.model, input, { sampling, onUsage }));
    expect(events.map((e) => e.type)).toEqual(["usage", "notice", "usage"]);
    expect(events[1].data).toEqual({
      level: "warning",
      message:
        "The judge agent's answer was cut at its output limit (1000 tokens); it was asked once more, in a fresh " +
        "conversation, with a limit of 2000 tokens.",
    });
  });

  it("ModelOutputError keeps its kind through a cause chain", () => {
    const wrapped = new Error("outer", {
      cause: new ModelOutputError("empty-output", "judge agent: the model returned an empty answer"),
    });
    expect(classifyProviderError(wrapped, { step: "report" })?.kind).toBe("empty-output");
  });
});
