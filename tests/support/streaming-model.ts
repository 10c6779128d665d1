import { MockLanguageModelV4, convertArrayToReadableStream } from "ai/test";

/** The text of a call's prompt (system and user messages), as the model reads it. */
export function promptOf(prompt: Array<{ role: string; content: unknown }>): string {
  return prompt
    .map((m) =>
      typeof m.content === "string"
        ? m.content
        : (m.content as Array<{ text?: string }>).map((p) => p.text ?? "").join(""),
    )
    .join("\n");
}

/**
 * A mock streaming model whose N-th call streams its N-th scripted answer (a function of the prompt text), cut into
 * pieces of `pieceChars` characters so sentences arrive split across deltas. An Error answer fails the stream after
 * its first piece. Each call reports 100 input and 20 output tokens. Its N-th non-streamed call (doGenerate: the
 * follow-up classifier's structured call) answers `objects[N]` as JSON text, or throws it when it is an Error; a
 * call beyond the script throws.
 */
export function streamingModel(
  answers: Array<(prompt: string) => string | Error>,
  pieceChars = 9,
  objects: Array<object | Error> = [],
): MockLanguageModelV4 {
  let call = 0;
  let generated = 0;
  return new MockLanguageModelV4({
    modelId: "scripted-stream",
    doGenerate: async () => {
      const answer = objects[generated++];
      if (!answer) throw new Error(`streaming model: no object scripted for call ${generated}`);
      if (answer instanceof Error) throw answer;
      return {
        content: [{ type: "text" as const, text: JSON.stringify(answer) }],
        finishReason: { unified: "stop" as const, raw: undefined },
        usage: {
          inputTokens: { total: 100, noCache: 100, cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: 20, text: 20, reasoning: 0 },
        },
        warnings: [],
      };
    },
    doStream: async (options) => {
      const script = answers[call++];
      if (!script) throw new Error(`streaming model: no answer for call ${call}`);
      const answer = script(promptOf(options.prompt as Array<{ role: string; content: unknown }>));
      const text = answer instanceof Error ? "Lithium causes polyuria. " : answer;
      const pieces = text.match(new RegExp(`[\\s\\S]{1,${pieceChars}}`, "g")) ?? [];
      return {
        stream: convertArrayToReadableStream([
          { type: "stream-start" as const, warnings: [] },
          { type: "text-start" as const, id: "t" },
          ...pieces.map((delta) => ({ type: "text-delta" as const, id: "t", delta })),
          ...(answer instanceof Error
            ? [{ type: "error" as const, error: answer }]
            : [
                { type: "text-end" as const, id: "t" },
                {
                  type: "finish" as const,
                  finishReason: { unified: "stop" as const, raw: undefined },
                  usage: {
                    inputTokens: { total: 100, noCache: 100, cacheRead: 0, cacheWrite: 0 },
                    outputTokens: { total: 20, text: 20, reasoning: 0 },
                  },
                },
              ]),
        ]),
      };
    },
  });
}
