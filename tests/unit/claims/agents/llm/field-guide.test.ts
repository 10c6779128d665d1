import { describe, expect, it } from "vitest";
import { createLlmClaimBackend } from "@/lib/claims/agents/llm";
import { promptText, scriptedModel } from "@/tests/support/llm";

const TEXT =
  "Amiloride attenuates lithium-induced polyuria in rats. Plasma AVP rose in lithium-treated rats. Multiple " +
  "daily doses of lithium were associated with higher urine volumes.";

describe("claim-check agents on a local server", () => {
  it("append the field guide to the instructions (and the JSON schema with json_object)", async () => {
    const answer = { claims: ["Amiloride attenuates lithium-induced polyuria in rats."] };
    const guided = scriptedModel([answer]);
    await createLlmClaimBackend(guided, "local", {
      promptStyle: { fieldGuide: true, schemaInPrompt: false },
    }).extractClaims(TEXT);
    expect(promptText(guided, 0)).toContain(
      "- claims (list of text): The checkable claims of the text, most important first",
    );
    expect(promptText(guided, 0)).not.toContain("matches this JSON schema");

    const jsonObject = scriptedModel([answer]);
    await createLlmClaimBackend(jsonObject, "local", {
      promptStyle: { fieldGuide: true, schemaInPrompt: true },
    }).extractClaims(TEXT);
    expect(promptText(jsonObject, 0)).toContain(
      "Answer with one JSON object, and nothing else, that matches this JSON schema:",
    );

    const openai = scriptedModel([answer]);
    await createLlmClaimBackend(openai, "gpt", {
      promptStyle: { fieldGuide: false, schemaInPrompt: false },
    }).extractClaims(TEXT);
    expect(promptText(openai, 0)).not.toContain("Answer fields");
  });
});
