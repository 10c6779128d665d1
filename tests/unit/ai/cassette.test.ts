import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { generateText, streamText } from "ai";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import {
  CassetteMissError,
  cassetteFetch,
  readCassette,
  requestKey,
  type CassetteRecordedWith,
} from "@/lib/ai/cassette";
import { getLanguageModel } from "@/lib/ai/providers";
import { startFakeOpenAIServer, type FakeOpenAIServer } from "@/tests/support/fake-openai-server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "critica-cassette-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let server: FakeOpenAIServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const env = (vars: Record<string, string>) => vars as unknown as NodeJS.ProcessEnv;
const settings: CassetteRecordedWith = {
  baseURL: "http://127.0.0.1:1/v1",
  model: "qwen3:8b",
  structuredOutput: null,
  embeddingModel: null,
};
const post = (body: unknown, key = "k1"): RequestInit => ({
  method: "POST",
  headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
  body: JSON.stringify(body),
});
const judgeBody = (question: string, stream = false) => ({
  model: "qwen3:8b",
  ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}),
  response_format: {
    type: "json_schema",
    json_schema: { name: "judge_output", strict: true, schema: { type: "object" } },
  },
  messages: [
    { role: "system", content: "You judge biomedical evidence." },
    { role: "user", content: `Question: ${question}` },
  ],
});

describe("LLM cassette: record and replay at the providers' fetch (lib/ai/cassette.ts)", () => {
  it("keys a request by method, path and body with its keys sorted, never by a header or the server's address", () => {
    const key = requestKey({
      method: "POST",
      path: "/chat/completions",
      body: { model: "m", messages: [{ role: "user", content: "x" }], temperature: 0.2 },
    });
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(
      requestKey({
        method: "POST",
        path: "/chat/completions",
        body: { temperature: 0.2, messages: [{ content: "x", role: "user" }], model: "m" },
      }),
    ).toBe(key);
    expect(
      requestKey({
        method: "POST",
        path: "/chat/completions",
        body: { model: "m", messages: [{ role: "user", content: "y" }], temperature: 0.2 },
      }),
    ).not.toBe(key);
  });

  it(
    "records a JSON answer and a streamed one, then replays both byte for byte with the server closed, under " +
      "another key and port",
    async () => {
      server = await startFakeOpenAIServer([
        '{"score":7}',
        { content: '{"score":8,"reasoning":"' + "long ".repeat(80) + '"}', promptTokens: 900, completionTokens: 150 },
      ]);
      const file = path.join(dir, "bytes.json");
      const record = cassetteFetch({ cassette: "record", file, baseURL: server.baseURL, recordedWith: settings });
      const plain = await record(`${server.baseURL}/chat/completions`, post(judgeBody("lithium")));
      const plainText = await plain.text();
      const streamed = await record(`${server.baseURL}/chat/completions`, post(judgeBody("lithium", true)));
      const streamText = await streamed.text();
      expect(streamed.headers.get("content-type")).toBe("text/event-stream");
      // role, 3 content pieces (426 characters in 200s), finish reason, usage, [DONE]
      expect(streamText.split("\n\n").filter(Boolean)).toHaveLength(7);
      await server.close();
      server = null;

      const replay = cassetteFetch({
        cassette: "replay",
        file,
        baseURL: "http://127.0.0.1:9/v1",
        recordedWith: settings,
      });
      const again = await replay("http://127.0.0.1:9/v1/chat/completions", post(judgeBody("lithium"), "another-key"));
      expect([again.status, again.headers.get("content-type"), await again.text()]).toEqual([
        200,
        "application/json",
        plainText,
      ]);
      const againStream = await replay("http://127.0.0.1:9/v1/chat/completions", post(judgeBody("lithium", true)));
      expect([againStream.headers.get("content-type"), await againStream.text()]).toEqual([
        "text/event-stream",
        streamText,
      ]);

      // The file holds the requests and responses, the recorded settings, and no header: no key.
      const stored = fs.readFileSync(file, "utf8");
      expect(stored).not.toContain("Bearer");
      expect(stored).not.toContain("k1");
      const cassette = readCassette(file);
      expect(cassette.recordedWith).toEqual(settings);
      expect(
        cassette.interactions.map((i) => [
          i.agent,
          i.request.method,
          i.request.path,
          i.responses.map((r) => [r.status, r.contentType, r.encoding]),
        ]),
      ).toEqual([
        ["judge", "POST", "/chat/completions", [[200, "application/json", "utf8"]]],
        ["judge", "POST", "/chat/completions", [[200, "text/event-stream", "utf8"]]],
      ]);
    },
  );

  it("replays a configured model with no key or server: generateText and streamText answer as recorded", async () => {
    server = await startFakeOpenAIServer([
      "The answer is 42.",
      { content: "A streamed answer, in pieces. ".repeat(12), promptTokens: 321, completionTokens: 77 },
    ]);
    const file = path.join(dir, "model.json");
    const recording = getLanguageModel(
      env({
        OPENAI_API_KEY: "ollama",
        OPENAI_BASE_URL: server.baseURL,
        OPENAI_MODEL: "qwen3:8b",
        CRITICA_LLM_CASSETTE: "record",
        CRITICA_LLM_CASSETTE_PATH: file,
      }),
    )!;
    const first = await generateText({ model: recording.model, prompt: "What is the answer?" });
    const firstStream = streamText({ model: recording.model, prompt: "Stream an answer." });
    const firstStreamed = { text: await firstStream.text, usage: await firstStream.usage };
    await server.close();
    server = null;

    // Only the mode and the file: the model, the server type and the prompt style come from the cassette.
    const replayed = getLanguageModel(env({ CRITICA_LLM_CASSETTE: "replay", CRITICA_LLM_CASSETTE_PATH: file }))!;
    expect([replayed.modelId, replayed.compatible, replayed.promptStyle]).toEqual([
      "qwen3:8b",
      true,
      { fieldGuide: true, schemaInPrompt: false },
    ]);
    const again = await generateText({ model: replayed.model, prompt: "What is the answer?" });
    expect([again.text, again.usage.inputTokens, again.usage.outputTokens]).toEqual(["The answer is 42.", 100, 20]);
    expect([again.text, again.usage.inputTokens]).toEqual([first.text, first.usage.inputTokens]);
    const againStream = streamText({ model: replayed.model, prompt: "Stream an answer." });
    expect({
      text: await againStream.text,
      usage: {
        inputTokens: (await againStream.usage).inputTokens,
        outputTokens: (await againStream.usage).outputTokens,
      },
    }).toEqual({
      text: firstStreamed.text,
      usage: { inputTokens: 321, outputTokens: 77 },
    });
    expect(firstStreamed.text).toBe("A streamed answer, in pieces. ".repeat(12));
  });

  it("names a miss: the agent, the request's key, and where the nearest recorded request differs", async () => {
    server = await startFakeOpenAIServer(['{"score":7}']);
    const file = path.join(dir, "miss.json");
    const record = cassetteFetch({ cassette: "record", file, baseURL: server.baseURL, recordedWith: settings });
    await (await record(`${server.baseURL}/chat/completions`, post(judgeBody("Does lithium cause polyuria?")))).text();

    const replay = cassetteFetch({
      cassette: "replay",
      file,
      baseURL: server.baseURL,
      recordedWith: { ...settings, model: "llama3.1" },
    });
    const changed = judgeBody("Does lithium cause diabetes insipidus?");
    const key = requestKey({ method: "POST", path: "/chat/completions", body: changed });
    const miss = await replay(`${server.baseURL}/chat/completions`, post(changed)).catch((e: unknown) => e);
    expect(miss).toBeInstanceOf(CassetteMissError);
    expect((miss as CassetteMissError).agent).toBe("judge");
    expect((miss as CassetteMissError).message).toBe(
      `cassette miss: judge request ${key.slice(0, 12)} not recorded in ${file} — the prompt changed? ` +
        "nearest recorded request (judge) differs in messages: messages[1] (user) at character 29: " +
        "recorded “Question: Does lithium cause polyuria?”, " +
        "now “Question: Does lithium cause diabetes insipidus?”. " +
        "The cassette was recorded with model qwen3:8b at http://127.0.0.1:1/v1; this run uses model llama3.1 " +
        "at http://127.0.0.1:1/v1. " +
        "Record the cassette again with CRITICA_LLM_CASSETTE=record.",
    );
  });

  it("refuses a file that is not a cassette, naming it", () => {
    const file = path.join(dir, "other.json");
    fs.writeFileSync(file, JSON.stringify({ format: "critica-llm-cassette", version: 2 }));
    expect(() => readCassette(file)).toThrow(
      `${file} is not a Critica LLM cassette (format critica-llm-cassette, version 1): version: Invalid input: ` +
        `expected 1`,
    );
    fs.writeFileSync(file, "{ not json");
    expect(() => readCassette(file)).toThrow(
      `${file} is not a Critica LLM cassette (format critica-llm-cassette, version 1): `,
    ); // then the JSON parser's message
  });

  it("stores no 401 answer (OpenAI's names part of the key); replay with no cassette says to record one", async () => {
    server = await startFakeOpenAIServer([{ status: 401, message: "Incorrect API key provided: sk-ab***cd." }]);
    const file = path.join(dir, "unauthorized.json");
    const record = cassetteFetch({ cassette: "record", file, baseURL: server.baseURL, recordedWith: settings });
    expect((await record(`${server.baseURL}/chat/completions`, post(judgeBody("x")))).status).toBe(401);
    expect(fs.existsSync(file)).toBe(false);
    expect(() => getLanguageModel(env({ CRITICA_LLM_CASSETTE: "replay", CRITICA_LLM_CASSETTE_PATH: file }))).toThrow(
      `CRITICA_LLM_CASSETTE=replay: no cassette at ${file}; record one first with CRITICA_LLM_CASSETTE=record ` +
        `(see docs/local-models.md).`,
    );
  });
});
