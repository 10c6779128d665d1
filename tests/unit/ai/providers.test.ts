import { afterEach, describe, expect, it, vi } from "vitest";
import { createReasoningBackend } from "@/lib/research/backend";
import { getLanguageModel } from "@/lib/ai/providers";
import { scriptedModel } from "../../support/llm";

const env = (vars: Record<string, string>) => vars as unknown as NodeJS.ProcessEnv;

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("model seam (lib/ai/providers)", () => {
  it("has no model without OPENAI_API_KEY", () => {
    expect(getLanguageModel(env({ OPENAI_API_KEY: "" }))).toBeNull();
  });

  it("builds a Chat Completions model from the environment", () => {
    const configured = getLanguageModel(env({ OPENAI_API_KEY: "k", OPENAI_BASE_URL: "http://127.0.0.1:9/v1", OPENAI_MODEL: "llama3.1" }));
    expect(configured?.modelId).toBe("llama3.1");
    expect(typeof configured?.model).toBe("object");
    expect((configured?.model as { provider: string }).provider).toBe("openai.chat");
  });

  it("uses an injected model, else the configured one, else the extractive backend", () => {
    const injected = createReasoningBackend({ model: scriptedModel([]) });
    expect([injected.kind, injected.model]).toEqual(["llm", "scripted"]);

    vi.stubEnv("OPENAI_API_KEY", "k");
    vi.stubEnv("OPENAI_MODEL", "gpt-test");
    const configured = createReasoningBackend();
    expect([configured.kind, configured.model]).toEqual(["llm", "gpt-test"]);

    vi.stubEnv("OPENAI_API_KEY", "");
    const extractive = createReasoningBackend();
    expect([extractive.kind, extractive.model]).toEqual(["extractive", null]);
  });
});
