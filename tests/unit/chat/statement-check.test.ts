import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getLanguageModel } from "@/lib/ai/providers";
import { NOT_ANSWERED } from "@/lib/chat/evidence-answer";
import { postFollowUp } from "@/lib/chat/post-message";
import { listMessages } from "@/lib/db/messages";
import { getRun, listRunEvents, type RunSummary } from "@/lib/db/runs";
import { research } from "@/lib/modes";
import { startRun } from "@/lib/runs/start";
import { readAnswer } from "@/tests/support/chat";
import { startFakeOpenAIServer, type FakeOpenAIServer } from "@/tests/support/fake-openai-server";
import { cooperativeReply, hostileReply } from "@/tests/support/model-personas";
import { CORPUS_FILES, importCorpus, useTempDatabase } from "@/tests/support/temp-database";

const QUESTION = "Is lithium nephrotoxic, and by what mechanism?";
const FABRICATED = "Metformin reverses renal injury in all patients at 2500 mg daily";

/** The user message of a request. */
function userText(body: Record<string, unknown>): string {
  return ((body.messages as Array<{ role: string; content: unknown }>) ?? [])
    .map((m) => (m.role === "user" && typeof m.content === "string" ? m.content : ""))
    .join("\n");
}

/** The sentence ids of a chat prompt's excerpts with their text, in block order ("E3.2" → its sentence). */
function shownSentences(prompt: string): Array<{ id: string; text: string }> {
  return [...prompt.matchAll(/^(E\d+\.\d+) (?:[A-Z ]+: )?(.*)$/gm)].map((m) => ({ id: m[1], text: m[2] }));
}

function schemaName(body: Record<string, unknown>): string | undefined {
  return (body.response_format as { json_schema?: { name?: string } } | undefined)?.json_schema?.name;
}

describe("a chat answer's cited statements are checked against the sentences they cite (loopback model server)", () => {
  let cleanup: () => void;
  let run: RunSummary;
  let server: FakeOpenAIServer | null = null;
  beforeAll(async () => {
    ({ cleanup } = await useTempDatabase("chat-statements"));
    await importCorpus(CORPUS_FILES.filter((f) => f.endsWith(".PubTator.txt")));
    const { runId, done } = await startRun(research, { question: QUESTION, sources: ["local"], maxIterations: 1 });
    expect((await done).status).toBe("completed");
    run = (await getRun(runId))!;
  }, 120_000);
  afterAll(() => cleanup());
  afterEach(async () => {
    await server?.close();
    server = null;
  });

  async function ask(reply: (body: Record<string, unknown>) => string, text = "What doses were used?") {
    server = await startFakeOpenAIServer([], { otherwise: reply });
    const configured = getLanguageModel({
      OPENAI_API_KEY: "ollama",
      OPENAI_BASE_URL: server.baseURL,
      OPENAI_MODEL: "qwen2.5:7b-instruct",
    } as unknown as NodeJS.ProcessEnv)!;
    const before = (await listRunEvents(run.id)).length;
    const answer = await readAnswer(
      await postFollowUp(
        run,
        { text },
        {
          mode: research,
          model: { model: configured.model, modelId: configured.modelId, promptStyle: configured.promptStyle },
        },
      ),
    );
    const usage = (await listRunEvents(run.id)).slice(before).flatMap((e) => (e.type === "usage" ? [e.data] : []));
    return { answer, usage, requests: server.requests };
  }

  it(
    "stores none of the fabricating model's statements, whether it cites a bare [42] or a real sentence id, " +
      "and counts and shows the removal",
    async () => {
      let cited = "";
      const { answer, usage, requests } = await ask((body) => {
        if (schemaName(body)) return hostileReply(body) as string;
        cited = shownSentences(userText(body))[0].id;
        return `${FABRICATED} [42]. ${FABRICATED} [${cited}].`;
      });
      expect(cited).toMatch(/^E\d+\.\d+$/);
      expect(answer.errors).toEqual([]);
      expect(answer.text).toBe(NOT_ANSWERED);
      expect(answer.answer).toMatchObject({
        backend: "llm",
        answered: false,
        references: [],
        checks: { removedStatements: 2, removedMarkers: 1 },
      });
      // The answer as stored (its text and facts; the classifier's one-line reading is the follow-up's, not the
      // answer).
      const message = (await listMessages(run.id)).at(-1)!;
      const stored = JSON.stringify(message.parts.filter((p) => p.type !== "data-follow-up-kind"));
      expect(stored).not.toContain("Metformin reverses");
      expect(stored).not.toContain("2500 mg");
      expect(stored).toContain('"removedStatements":2');
      // Both failed the deterministic check, so no entailment call was needed: the classifier and the answer only.
      expect(requests.map(schemaName)).toEqual(["chat-classify_output", undefined]);
      expect(usage.map((u) => u.agent)).toEqual(["chat-classify", "chat-answer"]);
    },
  );

  it(
    "asks the report's critic once for all cited statements that pass the deterministic check, removes what it " +
      "fails, keeps the rest with the reference markers of their records, and counts the call in the run's usage",
    async () => {
      let shown: Array<{ id: string; text: string }> = [];
      const { answer, usage, requests } = await ask((body) => {
        const name = schemaName(body);
        if (name === "critic_output") {
          const claims = [...userText(body).matchAll(/<claim n="(\d+)"/g)].map((m) => Number(m[1]));
          return JSON.stringify({
            claims: claims.map((claim) => ({
              claim,
              reasoning: claim === 2 ? "E1 does not say the drug helps every patient." : "Stated in the block.",
              verdict: claim === 2 ? "FAIL" : "PASS",
            })),
          });
        }
        if (name) return cooperativeReply(body) as string;
        shown = shownSentences(userText(body));
        return (
          `The first record reports: ${shown[0].text.replace(/[.\s]+$/, "")} [${shown[0].id}]. ` +
          `The treatment helps every patient who takes it [${shown[1].id}].`
        );
      });
      expect(answer.errors).toEqual([]);
      const n = Number(/^E(\d+)\./.exec(shown[0].id)![1]);
      expect(answer.text).toBe(`The first record reports: ${shown[0].text.replace(/[.\s]+$/, "")} [${n}].`);
      expect(answer.answer!.checks.removedStatements).toBe(1);
      expect(answer.answer!.references.map((r) => r.n)).toEqual([n]);
      // One critic call for the two statements, both in its prompt, with the sentences they cite.
      const critic = requests.filter((b) => schemaName(b) === "critic_output");
      expect(critic).toHaveLength(1);
      expect(userText(critic[0])).toContain('<claim n="2"');
      expect(userText(critic[0])).toContain(`Cited sentences: ${shown[1].id}`);
      expect(usage.map((u) => u.agent)).toEqual(["chat-classify", "chat-answer", "critic"]);
      expect(JSON.stringify((await listMessages(run.id)).at(-1))).not.toContain("helps every patient");
    },
  );

  it("keeps a cooperative model's supported statements (no over-removal)", async () => {
    const { answer } = await ask((body) => cooperativeReply(body) as string, "What did the records find?");
    expect(answer.errors).toEqual([]);
    expect(answer.text).toMatch(/^The records report related findings \[\d+\]\.$/);
    expect(answer.answer!.checks.removedStatements).toBe(0);
    expect(answer.answer!.answered).toBe(true);
  });
});
