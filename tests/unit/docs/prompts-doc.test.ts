import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PROMPT_CATALOGUE, promptsDocument } from "@/lib/prompts";

const DOC = path.resolve(import.meta.dirname, "../../../docs/prompts.md");

describe("the prompt catalogue (lib/prompts.ts) and docs/prompts.md", () => {
  it("lists every model agent once, by mode, in the order a run calls them", () => {
    expect(PROMPT_CATALOGUE.map((m) => [m.mode, m.agents.map((a) => a.name)])).toEqual([
      ["Research", ["relevance", "hypothesis", "judge", "report", "critic"]],
      [
        "Claim check",
        ["claim-extraction", "counter-statement", "claim-scoring", "claim-passages", "counter-report", "claim-verdict"],
      ],
      ["Chat follow-ups", ["chat-classify", "chat-answer"]],
    ]);
  });

  it("docs/prompts.md is what npm run docs:prompts writes from it (run it after changing an agent)", () => {
    expect(readFileSync(DOC, "utf8")).toBe(promptsDocument());
  });

  it("shows each agent's sampling and instructions as sent", () => {
    const doc = promptsDocument();
    expect(doc).toContain("| judge | 0 | 1,000 | Scores how well the evidence establishes the mechanism");
    expect(doc).toContain("| chat-answer | 0.2 | 1,500 |");
    expect(doc).toContain("Sampling: temperature 0.3, at most 1,500 output tokens.");
    for (const { agents } of PROMPT_CATALOGUE) for (const agent of agents) expect(doc).toContain(agent.instructions);
  });
});
