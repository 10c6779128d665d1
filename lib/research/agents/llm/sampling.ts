import type { AgentSampling } from "@/lib/ai/agent";

/** The research mode's model agents. */
export type ResearchAgentName = "relevance" | "hypothesis" | "judge" | "report" | "critic";

/**
 * Sampling of each research agent, the defaults CRITICA_TEMPERATURE_<AGENT> and CRITICA_MAX_OUTPUT_TOKENS_<AGENT>
 * replace (lib/ai/agent configuredSampling; lib/config.ts names the hypothesis, judge, report and critic).
 *
 * Temperature 0 for the agents that score or decide, the relevance pass, the judge and the critic: a score or a
 * verdict should not depend on the draw (PaperQA2 runs its answer and scoring calls at temperature 0); 0.3 for the
 * prose of the hypothesis and report agents (as bmlibrarian PaperChecker's 0.3 for prose).
 *
 * Output limits from our measurements of local models' answers, which were about half of them: about 2k tokens for
 * the hypothesis agent, 1k for the judge, 4k for the report (its measured answers were 2.5k; 4k rather than 5k so
 * that its largest prompt, a revision with the critic's feedback, and its answer fit 16,384 tokens), 2.5k for the
 * critic (30 verdicts with a sentence of reasoning each take about 1.4k: tests/unit/ai/prompt-budgets.test.ts), and
 * 1k for one relevance batch, about 2.5 times what 8 one-sentence summaries with a score take (≈ 45 tokens each).
 * Without limits Ollama samples at temperature 1.0 and a constrained-decoding loop runs to the timeout.
 */
export const RESEARCH_SAMPLING: Record<ResearchAgentName, AgentSampling> = {
  relevance: { temperature: 0, maxOutputTokens: 1_000 },
  hypothesis: { temperature: 0.3, maxOutputTokens: 2_000 },
  judge: { temperature: 0, maxOutputTokens: 1_000 },
  report: { temperature: 0.3, maxOutputTokens: 4_000 },
  critic: { temperature: 0, maxOutputTokens: 2_500 },
};
