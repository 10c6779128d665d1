import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { readCassette, requestKey } from "@/lib/ai/cassette";
import { runToJson } from "@/lib/research/run-json";
import { research } from "@/lib/modes";
import { getRunDetail } from "@/lib/runs/projections";
import { startRun } from "@/lib/runs/start";
import { startFakeOpenAIServer, type FakeOpenAIServer } from "@/tests/support/fake-openai-server";
import { schemaAnswers } from "@/tests/support/schema-answers";
import { importCorpus, useTempDatabase } from "@/tests/support/temp-database";

// A research run on the LLM backend recorded once against a model server (here the loopback fake, answering each
// agent from its JSON schema, never from the prompt's words) replays offline from its cassette — no server, no
// key — with the same report; a recorded prompt that differs from today's is a miss named by its agent.
const QUESTION = "Does cognitive training increase serum BDNF in schizophrenia?";

/** What a replay must reproduce: everything the run produced, without its id, times and durations. */
function produced(json: ReturnType<typeof runToJson>) {
  const varying = ["runId", "createdAt", "generatedAt", "durationMs", "startedAt", "finishedAt"];
  return JSON.parse(JSON.stringify(json, (key, value) => (varying.includes(key) ? undefined : value)));
}

/** The library of both databases: the MEDLINE sample. */
const LIBRARY = ["medline16n0902_sample_604.xml"];

describe("a research run recorded into a cassette against a loopback model server replays offline", () => {
  const cleanups: Array<() => void> = [];
  let server: FakeOpenAIServer | null = null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "critica-research-cassette-"));
  const cassette = path.join(dir, "research.json");
  beforeAll(async () => {
    cleanups.push((await useTempDatabase("llm-cassette")).cleanup);
    await importCorpus(LIBRARY);
  }, 60_000);
  afterAll(() => {
    for (const cleanup of cleanups) cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  afterEach(async () => {
    vi.unstubAllEnvs();
    await server?.close();
    server = null;
  });

  /** A research run as the app starts one: the backend built from the environment (lib/ai/providers.ts). */
  async function run() {
    // The MEDLINE sample's records carry PMCIDs: without this the run would fetch their full texts from Europe PMC's
    // real address (a unit test asks no network; the full-text fetch has its own tests on the fixture server).
    vi.stubEnv("CRITICA_FULL_TEXT", "off");
    const { runId, done } = await startRun(research, { question: QUESTION, sources: ["local"], maxIterations: 1 });
    const outcome = await done;
    return { outcome, json: runToJson((await getRunDetail(runId))!) };
  }

  function replayEnv() {
    // No key, no server, no model settings: all of it comes from the cassette.
    vi.stubEnv("OPENAI_API_KEY", "");
    vi.stubEnv("OPENAI_BASE_URL", "");
    vi.stubEnv("OPENAI_MODEL", "");
    vi.stubEnv("CRITICA_LLM_CASSETTE", "replay");
    vi.stubEnv("CRITICA_LLM_CASSETTE_PATH", cassette);
  }

  it(
    "records hypothesis, judge and report (streamed and not), then replays the same run with the server closed " +
      "and no key",
    async () => {
      server = await startFakeOpenAIServer(schemaAnswers());
      vi.stubEnv("OPENAI_API_KEY", "ollama");
      vi.stubEnv("OPENAI_BASE_URL", server.baseURL);
      vi.stubEnv("OPENAI_MODEL", "qwen3:8b");
      vi.stubEnv("CRITICA_LLM_CASSETTE", "record");
      vi.stubEnv("CRITICA_LLM_CASSETTE_PATH", cassette);
      const recorded = await run();
      expect(recorded.outcome.error).toBeNull();
      expect([recorded.json.status, recorded.json.backend, recorded.json.model]).toEqual([
        "completed",
        "llm",
        "qwen3:8b",
      ]);
      // The schema's simplest answers cite nothing, so the critic fails all three drafts: what is published is the
      // extractive report of the same evidence (verified), with the model's last draft kept collapsed.
      expect(recorded.json.verification).toMatchObject({ status: "verified", attempts: 1 });
      expect([recorded.json.report?.title, recorded.json.evidence.length, recorded.json.hypotheses.length]).toEqual([
        "Evidence report: Does cognitive training increase serum BDNF in schizophrenia?",
        49,
        1,
      ]);
      expect(recorded.json.markdown).toMatch(
        new RegExp(
          "^# Evidence report: Does cognitive training increase serum BDNF in schizophrenia\\?\\n\\n" +
            "> \\*\\*Extractive report\\.\\*\\* The model's report still failed the critic's checks after 3 drafts",
        ),
      );
      // A relevance pass before the first agent that sees new records: the hypothesis agent's 25 blocks in 4 batches
      // asked
      // at once, then the judge's new records after the search in one.
      expect(recorded.json.usage).toMatchObject({ calls: 10, inputTokens: 1000, outputTokens: 200 });
      expect(
        Object.fromEntries(Object.entries(recorded.json.usage.byAgent).map(([agent, u]) => [agent, u!.calls])),
      ).toEqual({ relevance: 5, hypothesis: 1, judge: 1, report: 3 });
      const requests = server.requests as Array<{
        stream?: boolean;
        response_format: { json_schema: { name: string } };
      }>;
      expect(requests.map((r) => [r.response_format.json_schema.name, r.stream ?? false])).toEqual([
        ...Array.from({ length: 4 }, () => ["relevance_output", false]),
        ["hypothesis_output", true],
        ["relevance_output", false],
        ["judge_output", false],
        ["report_output", true],
        ["report_output", true],
        ["report_output", true],
      ]);
      const file = readCassette(cassette);
      expect(file.recordedWith).toEqual({
        baseURL: server.baseURL,
        model: "qwen3:8b",
        structuredOutput: null,
        embeddingModel: null,
      });
      expect(file.interactions.map((i) => [i.agent, i.responses.map((r) => r.contentType)])).toEqual([
        ...Array.from({ length: 4 }, () => ["relevance", ["application/json"]]),
        ["hypothesis", ["text/event-stream"]],
        ["relevance", ["application/json"]],
        ["judge", ["application/json"]],
        ["report", ["text/event-stream"]],
        // The two revisions ask the same (the same failed checks as feedback): one key, its two answers in order.
        ["report", ["text/event-stream", "text/event-stream"]],
      ]);
      await server.close();
      server = null;

      // On a fresh database with the same library, as a CI job replays: the records' search scores depend on what a
      // database already holds (a second run in the same one ranks the same records with slightly different bm25
      // relevance, on the extractive backend too), never on the model.
      cleanups.push((await useTempDatabase("llm-cassette-replay")).cleanup);
      await importCorpus(LIBRARY);
      replayEnv();
      const replayed = await run();
      expect(replayed.outcome.error).toBeNull();
      expect(replayed.json.runId).not.toBe(recorded.json.runId);
      expect(produced(replayed.json)).toEqual(produced(recorded.json));
      expect(replayed.json.markdown).toBe(recorded.json.markdown);
    },
    60_000,
  );

  it("a recorded prompt that differs from today's fails the run: a miss naming the agent and difference", async () => {
    // As if the judge's instructions had been reworded since the recording: its recorded request says something else.
    const file = readCassette(cassette);
    const judge = file.interactions.find((i) => i.agent === "judge")!;
    const body = judge.request.body as { messages: Array<{ role: string; content: string }> };
    const today = body.messages[0].content;
    body.messages[0].content = today.replace(/^(\S+)/, "Formerly:");
    judge.key = requestKey(judge.request);
    fs.writeFileSync(cassette, JSON.stringify(file));

    replayEnv();
    const { outcome, json } = await run();
    expect(json.status).toBe("failed");
    const todayKey = requestKey({
      ...judge.request,
      body: { ...body, messages: [{ ...body.messages[0], content: today }, ...body.messages.slice(1)] },
    });
    expect(outcome.error).toContain(
      `cassette miss: judge request ${todayKey.slice(0, 12)} not recorded in ${cassette} — the prompt changed? `,
    );
    expect(outcome.error).toContain(
      `nearest recorded request (judge) differs in messages: ` +
        `messages[0] (system) at character 0: recorded “Formerly:`,
    );
    expect(outcome.error).toContain(`now “${today.slice(0, 40)}…”`);
    // Everything before the judge replayed: the hypotheses of iteration 1 are kept.
    expect(json.hypotheses).toHaveLength(1);
  }, 60_000);
});
