import type { AgentSpec } from "@/lib/ai/agent";
import { fieldGuide } from "@/lib/ai/field-guide";
import { chatAgents } from "@/lib/chat/backend";
import { claimAgents } from "@/lib/claims/agents/llm";
import { researchAgents } from "@/lib/research/agents/llm";

// Every prompt Critica sends a model, in one place, so a reviewer reads them side by side (as PaperQA's prompts.py or
// the Chat SDK's lib/ai/prompts.ts): each mode's agents with their instructions, answer fields and sampling.
// docs/prompts.md is generated from this module (npm run docs:prompts) and a test fails when it is stale.

/** The model agents of each mode, in the order a run of that mode calls them. */
export const PROMPT_CATALOGUE: ReadonlyArray<{ mode: string; agents: readonly AgentSpec[] }> = [
  { mode: "Research", agents: researchAgents },
  { mode: "Claim check", agents: claimAgents },
  { mode: "Chat follow-ups", agents: chatAgents },
];

/** A number with thousands separators, as the docs write them ("1,500"). */
function count(n: number): string {
  return n.toLocaleString("en-GB");
}

/** The section of one agent: purpose, sampling, instructions, and its answer's fields (or "free text"). */
function agentSection(spec: AgentSpec): string {
  const answer = spec.schema
    ? [
        "Answer: one JSON object of its schema. Its fields, as the field guide lists them for local servers:",
        "",
        "```text",
        fieldGuide(spec.schema),
        "```",
      ]
    : ["Answer: free text, streamed (no schema)."];
  return [
    `### ${spec.name}`,
    "",
    spec.purpose,
    "",
    `Sampling: temperature ${spec.sampling.temperature}, ` +
      `at most ${count(spec.sampling.maxOutputTokens)} output tokens.`,
    "",
    "Instructions (the system message):",
    "",
    "```text",
    spec.instructions,
    "```",
    "",
    ...answer,
  ].join("\n");
}

/**
 * docs/prompts.md: for each mode a table of its agents (temperature, output tokens, purpose), then each agent's
 * instructions as sent and the fields of its answer. What a call adds per server (the field guide for local servers,
 * the JSON schema for json_object servers: lib/ai/structured instructionsFor) and the user prompts, built from the
 * run's evidence, are not listed.
 */
export function promptsDocument(): string {
  const sections = PROMPT_CATALOGUE.map(({ mode, agents }) =>
    [
      `## ${mode}`,
      "",
      "| agent | temperature | output tokens | purpose |",
      "|---|---|---|---|",
      ...agents.map(
        (a) => `| ${a.name} | ${a.sampling.temperature} | ${count(a.sampling.maxOutputTokens)} | ${a.purpose} |`,
      ),
      "",
      ...agents.map(agentSection).join("\n\n").split("\n"),
    ].join("\n"),
  );
  return [
    "# Prompts",
    "",
    "Every model agent of Critica with the instructions it is sent, its sampling and the fields of its answer,",
    "generated from `lib/prompts.ts` by `npm run docs:prompts` (a unit test fails when this file is stale; edit the",
    "agents, not this file). Each agent's instructions, answer schema and sampling are defined once, beside its code",
    "(`lib/research/agents/llm`, `lib/claims/agents/llm`, `lib/chat`), and sent by `lib/ai/agent.ts`.",
    "CRITICA_TEMPERATURE_<AGENT> and CRITICA_MAX_OUTPUT_TOKENS_<AGENT> replace the research agents' sampling",
    "(docs/configuration.md).",
    "",
    ...sections.join("\n\n").split("\n"),
    "",
  ].join("\n");
}
