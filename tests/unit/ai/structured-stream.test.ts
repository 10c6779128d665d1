import { APICallError, simulateReadableStream } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { generateStructured, type LlmUsage } from "@/lib/ai/structured";

type StreamPart =
  Awaited<ReturnType<MockLanguageModelV4["doStream"]>>["stream"] extends ReadableStream<infer P> ? P : never;

const USAGE = {
  inputTokens: { total: 812, noCache: 812, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 31, text: 31, reasoning: 0 },
};

/** A streamed answer: the text deltas given, then the finish reason (AI SDK language model v4 stream parts). */
function streamed(deltas: string[], finish: "stop" | "length" = "stop") {
  const chunks: StreamPart[] = [
    { type: "text-start", id: "t" },
    ...deltas.map((delta): StreamPart => ({ type: "text-delta", id: "t", delta })),
    { type: "text-end", id: "t" },
    { type: "finish", finishReason: { unified: finish, raw: undefined }, usage: USAGE },
  ];
  return { stream: simulateReadableStream({ chunks, initialDelayInMs: null, chunkDelayInMs: null }) };
}

/** A model that streams the N-th answer on its N-th call. */
function streamingModel(answers: Array<ReturnType<typeof streamed>>) {
  let call = 0;
  return new MockLanguageModelV4({ doStream: async () => answers[call++] });
}

const schema = z.object({
  title: z.string(),
  hypotheses: z.array(z.object({ drug: z.string(), target: z.string() })),
});

const ANSWER = [
  '{"title":"Lith',
  'ium and AQP2","hypo',
  'theses":[{"drug":"lithium","tar',
  'get":"AQP2"},{"drug":"lith',
  'ium","target":"ENaC"}]}',
];

describe("structured output streamed with partial output (live viewers see the answer as it is written)", () => {
  it("passes each partial object to onPartial as the answer streams, then returns the validated object", async () => {
    const model = streamingModel([streamed(ANSWER)]);
    const partials: unknown[] = [];
    const usage: LlmUsage[] = [];
    const output = await generateStructured({
      agent: "hypothesis",
      model,
      schema,
      instructions: "Propose hypotheses.",
      prompt: "Lithium?",
      temperature: 0.3,
      maxOutputTokens: 2_000,
      onUsage: (u) => usage.push(u),
      onPartial: (p) => partials.push(structuredClone(p)),
    });
    expect(partials).toEqual([
      { title: "Lith" },
      { title: "Lithium and AQP2" },
      { title: "Lithium and AQP2", hypotheses: [{ drug: "lithium" }] },
      { title: "Lithium and AQP2", hypotheses: [{ drug: "lithium", target: "AQP2" }, { drug: "lith" }] },
      {
        title: "Lithium and AQP2",
        hypotheses: [
          { drug: "lithium", target: "AQP2" },
          { drug: "lithium", target: "ENaC" },
        ],
      },
    ]);
    expect(output).toEqual({
      title: "Lithium and AQP2",
      hypotheses: [
        { drug: "lithium", target: "AQP2" },
        { drug: "lithium", target: "ENaC" },
      ],
    });
    // The streamed call carries the same sampling and limit, and its usage is reported like a generated one's.
    expect(model.doStreamCalls).toHaveLength(1);
    expect(model.doStreamCalls[0]).toMatchObject({ temperature: 0.3, maxOutputTokens: 2_000 });
    expect(model.doGenerateCalls).toHaveLength(0);
    expect(usage).toEqual([{ agent: "hypothesis", attempt: 1, inputTokens: 812, outputTokens: 31, totalTokens: 843 }]);
  });

  it("an answer cut at its output limit is streamed again in a fresh conversation with twice the limit", async () => {
    const model = streamingModel([streamed(ANSWER.slice(0, 3), "length"), streamed(ANSWER)]);
    const usage: LlmUsage[] = [];
    const output = await generateStructured({
      agent: "report",
      model,
      schema,
      instructions: "Write.",
      prompt: "Lithium?",
      maxOutputTokens: 1_000,
      onUsage: (u) => usage.push(u),
      onPartial: () => undefined,
    });
    expect(output.hypotheses.map((h) => h.target)).toEqual(["AQP2", "ENaC"]);
    expect(model.doStreamCalls.map((c) => [c.maxOutputTokens, c.prompt.length])).toEqual([
      [1_000, 2],
      [2_000, 2], // system + the one user message: the cut answer is not sent back
    ]);
    expect(usage[0].notices).toEqual([
      "The report agent's answer was cut at its output limit (1000 tokens); it was asked once more, in a fresh " +
        "conversation, with a limit of 2000 tokens.",
    ]);
  });

  it("an invalid streamed answer is asked again with the validation error, then fails clearly", async () => {
    const model = streamingModel([streamed(['{"title": 7}']), streamed(["not json"])]);
    await expect(
      generateStructured({
        agent: "hypothesis",
        model,
        schema,
        instructions: "Propose.",
        prompt: "Lithium?",
        onPartial: () => undefined,
      }),
    ).rejects.toThrow(/^hypothesis agent: the model returned an invalid object twice: /);
    expect(JSON.stringify(model.doStreamCalls[1].prompt)).toContain("Validation error:");
  });

  it("a provider error while streaming reaches the caller as raised (a 401 stays an APICallError)", async () => {
    const model = new MockLanguageModelV4({
      doStream: async () => {
        throw new APICallError({
          message: "Incorrect API key provided",
          url: "https://api.openai.com/v1/chat/completions",
          requestBodyValues: {},
          statusCode: 401,
          isRetryable: false,
        });
      },
    });
    const error = await generateStructured({
      agent: "report",
      model,
      schema,
      instructions: "Write.",
      prompt: "Lithium?",
      onPartial: () => undefined,
    }).catch((e: unknown) => e);
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).statusCode).toBe(401);
  });
});
