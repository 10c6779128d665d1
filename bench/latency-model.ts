import { MockLanguageModelV4 } from "ai/test";

/**
 * The latency model every bench figure is measured under, so figures compare across machines. Printed in the JSON as
 * `latencyModel`.
 * - `llmMs`: time to the first output token of one model call (a hosted model's queueing + prompt processing);
 * - `tokenMs`: delay per output token after that (10 ms ≈ 100 tokens/s, the order of gpt-4o-mini's decoding rate);
 * - `sourceMs`: what each loopback source server waits before answering one request;
 * - `ncbiSpacingMs`: NCBI E-utilities' limit of 3 requests/s without a key (lib/sources/pubmed-rate-limit.ts).
 * Output tokens are counted as characters ÷ 4, the estimate docs/local-models.md uses for prompts.
 */
export const LATENCY_MODEL = { llmMs: 800, tokenMs: 10, sourceMs: 300, ncbiSpacingMs: 334 } as const;

/** Characters per token of the estimate above. */
const CHARS_PER_TOKEN = 4;

/** Output tokens of an answer under the model (characters ÷ 4, rounded up). */
export function outputTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}

/** Modelled duration of one call that writes `tokens` output tokens, in ms. */
export function callMs(tokens: number): number {
  return LATENCY_MODEL.llmMs + tokens * LATENCY_MODEL.tokenMs;
}

/** One model call as the latency model served it: which schema it answered, when (performance clock, ms). */
export interface ModelCall {
  agent: string;
  startedAt: number;
  endedAt: number;
  outputTokens: number;
  /** The duration the latency model assigned (callMs), in ms. */
  modelledMs: number;
  streamed: boolean;
}

/** The JSON schema the AI SDK sent with a structured call (responseFormat), or null for a text call. */
export type ResponseSchema = { properties?: Record<string, unknown> } | null;

/** Answers one call: the agent it belongs to (for the log) and the answer text, from the schema and prompt text. */
export type Answerer = (schema: ResponseSchema, prompt: string) => { agent: string; text: string };

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

function promptText(prompt: Array<{ content: unknown }>): string {
  return prompt
    .map((m) =>
      typeof m.content === "string"
        ? m.content
        : (m.content as Array<{ text?: string }>).map((p) => p.text ?? "").join(""),
    )
    .join("\n");
}

const usageOf = (tokens: number) => ({
  inputTokens: { total: 1000, noCache: 1000, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: tokens, text: tokens, reasoning: 0 },
});

/** Streamed answers are cut in chunks of this many characters (≈ 8 tokens), each sent after its tokens' delay. */
const STREAM_CHUNK_CHARS = 32;

/**
 * The AI SDK test model (`MockLanguageModelV4` from `ai/test`) under the latency model: each call waits
 * `llmMs` and then `tokenMs` per output token of its answer. `doGenerate` answers at the end of that time;
 * `doStream` sends the first text chunk after `llmMs` and the rest as its tokens are "decoded", so a caller that
 * streams (the report agent once it streams) can show text before the call ends. Every call is logged in `calls`.
 */
export function latencyModel(answer: Answerer): { model: MockLanguageModelV4; calls: ModelCall[] } {
  const calls: ModelCall[] = [];
  const plan = (options: { prompt: unknown; responseFormat?: { type: string; schema?: unknown } }) => {
    const schema =
      options.responseFormat?.type === "json" ? ((options.responseFormat.schema ?? null) as ResponseSchema) : null;
    const { agent, text } = answer(schema, promptText(options.prompt as Array<{ content: unknown }>));
    const tokens = outputTokens(text);
    return { agent, text, tokens, startedAt: performance.now() };
  };
  const model = new MockLanguageModelV4({
    modelId: "latency-model",
    doGenerate: async (options) => {
      const p = plan(options);
      await sleep(callMs(p.tokens), options.abortSignal);
      calls.push({
        agent: p.agent,
        startedAt: p.startedAt,
        endedAt: performance.now(),
        outputTokens: p.tokens,
        modelledMs: callMs(p.tokens),
        streamed: false,
      });
      return {
        content: [{ type: "text", text: p.text }],
        finishReason: { unified: "stop", raw: undefined },
        usage: usageOf(p.tokens),
        warnings: [],
      };
    },
    doStream: async (options) => {
      const p = plan(options);
      const signal = options.abortSignal;
      const stream = new ReadableStream({
        async start(controller) {
          try {
            controller.enqueue({ type: "stream-start", warnings: [] });
            await sleep(LATENCY_MODEL.llmMs, signal);
            controller.enqueue({ type: "text-start", id: "t" });
            for (let i = 0; i < p.text.length; i += STREAM_CHUNK_CHARS) {
              const delta = p.text.slice(i, i + STREAM_CHUNK_CHARS);
              await sleep(outputTokens(delta) * LATENCY_MODEL.tokenMs, signal);
              controller.enqueue({ type: "text-delta", id: "t", delta });
            }
            controller.enqueue({ type: "text-end", id: "t" });
            calls.push({
              agent: p.agent,
              startedAt: p.startedAt,
              endedAt: performance.now(),
              outputTokens: p.tokens,
              modelledMs: callMs(p.tokens),
              streamed: true,
            });
            controller.enqueue({
              type: "finish",
              usage: usageOf(p.tokens),
              finishReason: { unified: "stop", raw: undefined },
            });
            controller.close();
          } catch (error) {
            controller.error(error);
          }
        },
      });
      return { stream };
    },
  });
  return { model, calls };
}

/**
 * The most model calls that ran one after another, each starting after the previous ended: the sequential round
 * trips a user waits for (overlapping calls count once). Greedy by earliest end, which maximises the chain.
 */
export function sequentialRoundTrips(calls: Array<Pick<ModelCall, "startedAt" | "endedAt">>): number {
  let count = 0;
  let lastEnd = Number.NEGATIVE_INFINITY;
  for (const c of [...calls].sort((a, b) => a.endedAt - b.endedAt)) {
    if (c.startedAt >= lastEnd) {
      count++;
      lastEnd = c.endedAt;
    }
  }
  return count;
}
