import { afterEach, describe, expect, it, vi } from "vitest";
import { createReasoningBackend } from "@/lib/research/create-backend";
import { getLanguageModel } from "@/lib/ai/providers";
import { scriptedModel } from "@/tests/support/llm";

const env = (vars: Record<string, string>) => vars as unknown as NodeJS.ProcessEnv;

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("model seam (lib/ai/providers)", () => {
  it("has no model without OPENAI_API_KEY", () => {
    expect(getLanguageModel(env({ OPENAI_API_KEY: "" }))).toBeNull();
  });

  it(
    "builds an OpenAI model for OpenAI's API, and an OpenAI-compatible one with a field guide for any other " +
      "server",
    () => {
      const openai = getLanguageModel(env({ OPENAI_API_KEY: "k", OPENAI_MODEL: "gpt-4o-mini" }));
      expect([(openai?.model as { provider: string }).provider, openai?.compatible, openai?.promptStyle]).toEqual([
        "openai.chat",
        false,
        { fieldGuide: false, schemaInPrompt: false },
      ]);
      // A local server (here a dead port): @ai-sdk/openai-compatible, not @ai-sdk/openai (which would send OpenAI-only
      // request fields).
      const local = getLanguageModel(
        env({ OPENAI_API_KEY: "k", OPENAI_BASE_URL: "http://127.0.0.1:9/v1", OPENAI_MODEL: "llama3.1" }),
      );
      expect(local?.modelId).toBe("llama3.1");
      expect([(local?.model as { provider: string }).provider, local?.compatible, local?.promptStyle]).toEqual([
        "openai-compatible.chat",
        true,
        { fieldGuide: true, schemaInPrompt: false },
      ]);
      const jsonObject = getLanguageModel(
        env({ OPENAI_API_KEY: "k", OPENAI_BASE_URL: "http://127.0.0.1:9/v1", OPENAI_STRUCTURED_OUTPUT: "json_object" }),
      );
      expect(jsonObject?.promptStyle).toEqual({ fieldGuide: true, schemaInPrompt: true });
      expect(() => getLanguageModel(env({ OPENAI_API_KEY: "k", OPENAI_STRUCTURED_OUTPUT: "xml" }))).toThrow(
        /OPENAI_STRUCTURED_OUTPUT/,
      );
    },
  );

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
