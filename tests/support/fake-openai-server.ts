import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** A running loopback Chat Completions server: its base URL (ending in /v1), the request bodies it got, and close(). */
export interface FakeOpenAIServer {
  baseURL: string;
  requests: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * A scripted HTTP error: the status and the OpenAI-style error message of the response, or `body`, the exact JSON
 * body a real server sends (e.g. llama.cpp's or LM Studio's context-overflow errors).
 */
export interface ScriptedError {
  status: number;
  message?: string;
  body?: unknown;
}

/**
 * A scripted 200 answer with more than text: message `content` (null allowed), `finishReason` (default "stop"),
 * an OpenAI `refusal`, a thinking model's `reasoningContent`, and the `usage` counts (default 100 + 20).
 */
export interface ScriptedReply {
  content: string | null;
  finishReason?: string;
  refusal?: string;
  reasoningContent?: string;
  promptTokens?: number;
  completionTokens?: number;
}

/** One scripted answer; a function is called with the parsed request body (e.g. to quote a block the prompt shows). */
export type ScriptedEntry =
  string | ScriptedError | ScriptedReply | ((body: Record<string, unknown>) => string | ScriptedReply);

/**
 * Options of {@link startFakeOpenAIServer}: `relevanceScore`, when set, makes the server answer every relevance-pass
 * request itself (recognised by its answer schema's name, "relevance_output"), scoring each evidence block of the
 * prompt with that score, so scripts give only the agents' answers; those requests are recorded like the others.
 */
export interface FakeServerOptions {
  relevanceScore?: number;
  /** The answer to every request the script has no entry for (e.g. a persona that answers every agent). */
  otherwise?: ScriptedEntry;
}

/** The relevance answer scoring every `<evidence key="E…">` block of a request's user message `score`. */
function relevanceReply(body: Record<string, unknown>, score: number): string {
  const messages = (body.messages as Array<{ role: string; content: unknown }>) ?? [];
  const prompt = messages.map((m) => (typeof m.content === "string" ? m.content : "")).join("\n");
  const keys = [...prompt.matchAll(/<evidence key="(E\d+)"/g)].map((m) => m[1]);
  return JSON.stringify({
    records: keys.map((key) => ({ key, summary: "Reports a finding that bears on the question.", score })),
  });
}

/** Characters of content per streamed chunk (a streamed answer arrives in pieces, like a real server's). */
const STREAM_CHUNK_CHARS = 200;

/**
 * A streamed Chat Completions answer (`stream: true`): server-sent events of `chat.completion.chunk` objects (the
 * role, the content in pieces of {@link STREAM_CHUNK_CHARS} characters, reasoning_content / refusal when scripted),
 * a last chunk with the finish reason, the usage chunk (`stream_options.include_usage`), then `data: [DONE]`.
 */
function sendStream(
  res: ServerResponse,
  n: number,
  model: string,
  reply: ScriptedReply,
  promptTokens: number,
  completionTokens: number,
) {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null, usage?: unknown) =>
    `data: ${JSON.stringify({
      id: `chatcmpl-fake-${n}`,
      object: "chat.completion.chunk",
      created: Math.floor(Date.now() / 1000),
      model,
      choices: usage ? [] : [{ index: 0, delta, finish_reason: finishReason }],
      ...(usage ? { usage } : {}),
    })}\n\n`;
  res.write(chunk({ role: "assistant", content: "" }));
  if (reply.reasoningContent !== undefined) res.write(chunk({ reasoning_content: reply.reasoningContent }));
  if (reply.refusal !== undefined) res.write(chunk({ refusal: reply.refusal }));
  const content = reply.content ?? "";
  for (let i = 0; i < content.length; i += STREAM_CHUNK_CHARS)
    res.write(chunk({ content: content.slice(i, i + STREAM_CHUNK_CHARS) }));
  res.write(chunk({}, reply.finishReason ?? "stop"));
  res.write(
    chunk({}, null, {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
    }),
  );
  res.end("data: [DONE]\n\n");
}

/**
 * A script as a function: the entry answering the n-th request (1-based), given its parsed body; undefined ends the
 * script.
 */
export type Script = (body: Record<string, unknown>, n: number) => ScriptedEntry | undefined;

/**
 * Starts an OpenAI-compatible server on 127.0.0.1 (port chosen by the OS). `POST /v1/chat/completions` answers
 * with a Chat Completions JSON (server-sent chunks when the request asks `stream: true`) whose message content is the
 * N-th scripted string on the N-th
 * request (usage 100 prompt + 20 completion tokens), or the N-th {@link ScriptedReply}, or, when the N-th entry is
 * a {@link ScriptedError}, with that status and its body (default `{ error: { message } }`); it records every parsed
 * request body. A request beyond the
 * script, or any other route, gets a 500/404 JSON error. `contents` may also be a {@link Script}, asked for each
 * request's
 * entry. With `options.relevanceScore`, relevance-pass requests are answered by the server (see {@link
 * FakeServerOptions})
 * and the script holds only the other answers, in order.
 */
export async function startFakeOpenAIServer(
  contents: ScriptedEntry[] | Script,
  options: FakeServerOptions = {},
): Promise<FakeOpenAIServer> {
  const requests: Array<Record<string, unknown>> = [];
  let scripted = 0;
  const server: Server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
      send(404, { error: { message: `no route ${req.method} ${req.url}`, type: "invalid_request_error" } });
      return;
    }
    const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
    requests.push(body);
    const format = body.response_format as { json_schema?: { name?: string } } | undefined;
    const automatic = options.relevanceScore !== undefined && format?.json_schema?.name === "relevance_output";
    const entry = automatic
      ? relevanceReply(body, options.relevanceScore!)
      : typeof contents === "function"
        ? contents(body, requests.length)
        : (contents[scripted++] ?? options.otherwise);
    const content = typeof entry === "function" ? entry(body) : entry;
    if (content === undefined) {
      send(500, { error: { message: `no scripted answer for request ${requests.length}`, type: "server_error" } });
      return;
    }
    if (typeof content !== "string" && "status" in content) {
      send(content.status, content.body ?? { error: { message: content.message, type: "invalid_request_error" } });
      return;
    }
    const reply: ScriptedReply = typeof content === "string" ? { content } : content;
    const promptTokens = reply.promptTokens ?? 100;
    const completionTokens = reply.completionTokens ?? 20;
    const message = {
      role: "assistant",
      content: reply.content,
      ...(reply.refusal !== undefined ? { refusal: reply.refusal } : {}),
      ...(reply.reasoningContent !== undefined ? { reasoning_content: reply.reasoningContent } : {}),
    };
    if (body.stream === true) {
      sendStream(res, requests.length, String(body.model), reply, promptTokens, completionTokens);
      return;
    }
    send(200, {
      id: `chatcmpl-fake-${requests.length}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: String(body.model),
      choices: [{ index: 0, message, finish_reason: reply.finishReason ?? "stop" }],
      usage: {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
      },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () => new Promise((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}
