import { MockLanguageModelV4 } from "ai/test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { callAgent, chooseModel, streamAgentText, type StructuredAgentSpec } from "@/lib/ai/agent";
import type { ModelUsage } from "@/lib/domain/agent";
import { chatAgents } from "@/lib/chat/backend";
import { CHAT_SAMPLING } from "@/lib/chat/sampling";
import { claimAgents } from "@/lib/claims/agents/llm";
import { CLAIM_SAMPLING } from "@/lib/claims/agents/llm/sampling";
import { researchAgents } from "@/lib/research/agents/llm";
import { promptTextOf, scriptedModel } from "@/tests/support/llm";

// A verdict-like agent: small enough that each test states its whole answer.
const verdict: StructuredAgentSpec<{ verdict: "supported" | "refuted"; confidence: number }> = {
  name: "claim-verdict",
  purpose: "Test agent.",
  instructions: "Say whether the claim is supported.",
  schema: z.object({ verdict: z.enum(["supported", "refuted"]), confidence: z.number().min(0).max(1) }),
  sampling: { temperature: 0.3, maxOutputTokens: 400 },
};

describe("callAgent: one structured model call per agent (lib/ai/agent)", () => {
  it("sends each agent's own sampling from its mode's table, and the spec's instructions as the system message", () => {
    // Each mode's agents carry their mode's table: a spec's sampling is the table's row, not a shared default.
    for (const spec of claimAgents)
      expect(spec.sampling).toEqual(CLAIM_SAMPLING[spec.name as keyof typeof CLAIM_SAMPLING]);
    for (const spec of chatAgents)
      expect(spec.sampling).toEqual(CHAT_SAMPLING[spec.name as keyof typeof CHAT_SAMPLING]);
    const names = [...researchAgents, ...claimAgents, ...chatAgents].map((a) => a.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("puts the spec's sampling, instructions, prompt on the wire; overrides replace only what they name", async () => {
    const model = scriptedModel([
      { verdict: "supported", confidence: 0.8 },
      { verdict: "refuted", confidence: 0.4 },
    ]);
    const usage: ModelUsage[] = [];
    const call = { prompt: "Claim: lithium raises AVP." };
    expect(await callAgent(verdict, model, { onUsage: (u) => usage.push(u) }, call)).toEqual({
      verdict: "supported",
      confidence: 0.8,
    });
    expect(model.calls[0].options).toMatchObject({ temperature: 0.3, maxOutputTokens: 400 });
    const [system, user] = model.calls[0].options.prompt as Array<{ role: string; content: unknown }>;
    expect(system.role).toBe("system");
    expect(system.content).toContain("Say whether the claim is supported.");
    expect(promptTextOf([user])).toBe("Claim: lithium raises AVP.");
    expect(usage).toEqual([
      expect.objectContaining({ agent: "claim-verdict", attempt: 1, inputTokens: 100, outputTokens: 20 }),
    ]);

    await callAgent(
      verdict,
      model,
      { sampling: { "claim-verdict": { temperature: 0 }, judge: { temperature: 1 } } },
      call,
    );
    expect(model.calls[1].options).toMatchObject({ temperature: 0, maxOutputTokens: 400 });
  });

  it("asks once more with the validation error when an answer does not match the schema", async () => {
    const model = scriptedModel([
      { verdict: "maybe", confidence: 0.5 },
      { verdict: "refuted", confidence: 0.9 },
    ]);
    const usage: ModelUsage[] = [];
    const answer = await callAgent(verdict, model, { onUsage: (u) => usage.push(u) }, { prompt: "Claim." });
    expect(answer).toEqual({ verdict: "refuted", confidence: 0.9 });
    expect(model.calls).toHaveLength(2);
    const retry = promptTextOf(model.calls[1].options.prompt as Array<{ content: unknown }>);
    expect(retry).toContain("Validation error:");
    expect(retry).toContain('{"verdict":"maybe","confidence":0.5}');
    expect(usage.map((u) => u.attempt)).toEqual([1, 2]);
  });

  it("fails naming the agent when the answer is invalid twice, and does not ask a third time", async () => {
    const model = scriptedModel([
      { verdict: "maybe", confidence: 0.5 },
      { verdict: "supported", confidence: 7 },
    ]);
    await expect(callAgent(verdict, model, {}, { prompt: "Claim." })).rejects.toThrow(
      /^claim-verdict agent: the model returned an invalid object twice/,
    );
    expect(model.calls).toHaveLength(2);
  });

  it("asks once about a valid answer its check rejects, then takes the next answer", async () => {
    const model = scriptedModel([
      { verdict: "supported", confidence: 0.1 },
      { verdict: "supported", confidence: 0.2 },
    ]);
    const check = (v: { confidence: number }) => (v.confidence < 0.5 ? "confidence too low for 'supported'" : null);
    expect(await callAgent(verdict, model, {}, { prompt: "Claim.", check })).toEqual({
      verdict: "supported",
      confidence: 0.2,
    });
    expect(promptTextOf(model.calls[1].options.prompt as Array<{ content: unknown }>)).toContain(
      "Your previous answer was rejected: confidence too low for 'supported'",
    );
  });

  it("rethrows a provider's error as is, and hears the workflow's hooks too", async () => {
    const failing = new MockLanguageModelV4({
      doGenerate: async () => {
        throw new Error("connect ECONNREFUSED 127.0.0.1:1");
      },
    });
    await expect(callAgent(verdict, failing, {}, { prompt: "Claim." })).rejects.toThrow(
      "connect ECONNREFUSED 127.0.0.1:1",
    );
    const model = scriptedModel([{ verdict: "supported", confidence: 0.8 }]);
    const heard: string[] = [];
    await callAgent(
      verdict,
      model,
      { onUsage: () => heard.push("options") },
      {
        prompt: "Claim.",
        hooks: { onUsage: () => heard.push("hooks") },
      },
    );
    expect(heard.sort()).toEqual(["hooks", "options"]);
  });
});

describe("streamAgentText: the free-text agent (the chat answer)", () => {
  const answerAgent = chatAgents.find((a) => a.name === "chat-answer")!;

  it("streams the text with the agent's sampling and reports its usage once the stream ends", async () => {
    const text = "Lithium raises AVP in rats [1]; one cohort reports polyuria [2].";
    const model = scriptedModel([text]);
    const usage: ModelUsage[] = [];
    let streamed = "";
    for await (const delta of streamAgentText(answerAgent, model, { onUsage: (u) => usage.push(u) }, { prompt: "Q" }))
      streamed += delta;
    expect(streamed).toBe(text);
    expect(model.calls[0]).toMatchObject({ streamed: true, options: { temperature: 0.2, maxOutputTokens: 1_500 } });
    expect(usage).toEqual([expect.objectContaining({ agent: "chat-answer", inputTokens: 100, outputTokens: 20 })]);
  });

  it("throws the provider's error when the stream fails, instead of ending as a short answer", async () => {
    const failing = new MockLanguageModelV4({
      doStream: async () => {
        throw new Error("401 Unauthorized");
      },
    });
    const usage: ModelUsage[] = [];
    const read = async () => {
      for await (const delta of streamAgentText(
        answerAgent,
        failing,
        { onUsage: (u) => usage.push(u) },
        {
          prompt: "Q",
        },
      ))
        void delta;
    };
    await expect(read()).rejects.toThrow("401 Unauthorized");
    expect(usage).toEqual([]);
  });
});

describe("chooseModel: the one seam where a mode picks its backend", () => {
  it("takes a given model with its id and the caller's time limit", () => {
    const model = scriptedModel([]);
    expect(chooseModel({ model, timeoutMs: 5_000 })).toEqual({
      model,
      modelId: "scripted",
      options: { timeoutMs: 5_000 },
    });
    expect(chooseModel({ model, modelId: "gpt-test" })?.modelId).toBe("gpt-test");
  });
});
