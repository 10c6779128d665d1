import { getConfig } from "@/lib/config";

/** The research agents whose sampling is configured. */
export type ResearchAgent = "hypothesis" | "judge" | "report" | "critic";

/** Sampling of one agent: temperature (0–2) and the most output tokens of one answer. */
export interface AgentSampling {
  temperature: number;
  maxOutputTokens: number;
}

/**
 * Default sampling per agent. Temperature 0 for the rubric agents, the judge and the critic: a score or a verdict
 * should not depend on the draw (PaperQA2 runs its answer and scoring calls at temperature 0); 0.3 for the prose of
 * the hypothesis and report agents (as bmlibrarian PaperChecker's 0.3 for prose). Output limits of about 2k
 * (hypothesis), 1k (judge), 4k (report) and 2.5k (critic) tokens, from our measurements of local models' answers,
 * which were about half of that (the report's 2.5k measured answers; 4k rather than 5k so that its largest prompt,
 * a revision with the critic's feedback, and its answer fit 16,384 tokens; the critic's 30 verdicts with a sentence
 * of reasoning each take about 1.4k: tests/unit/ai/prompt-budgets.test.ts). Without them Ollama samples at temperature 1.0 and a constrained-decoding loop runs
 * to the timeout.
 */
export const DEFAULT_SAMPLING: Record<ResearchAgent, AgentSampling> = {
  hypothesis: { temperature: 0.3, maxOutputTokens: 2_000 },
  judge: { temperature: 0, maxOutputTokens: 1_000 },
  report: { temperature: 0.3, maxOutputTokens: 4_000 },
  critic: { temperature: 0, maxOutputTokens: 2_500 },
};

/**
 * Sampling per research agent from configuration (CRITICA_TEMPERATURE_<AGENT>, CRITICA_MAX_OUTPUT_TOKENS_<AGENT>,
 * see lib/config.ts), each unset value taking {@link DEFAULT_SAMPLING}.
 * @throws Error from getConfig when a value is invalid.
 */
export function getAgentSampling(env: NodeJS.ProcessEnv = process.env): Record<ResearchAgent, AgentSampling> {
  const c = getConfig(env);
  const pick = (agent: ResearchAgent, t: number | undefined, m: number | undefined): AgentSampling => ({
    temperature: t ?? DEFAULT_SAMPLING[agent].temperature,
    maxOutputTokens: m ?? DEFAULT_SAMPLING[agent].maxOutputTokens,
  });
  return {
    hypothesis: pick("hypothesis", c.CRITICA_TEMPERATURE_HYPOTHESIS, c.CRITICA_MAX_OUTPUT_TOKENS_HYPOTHESIS),
    judge: pick("judge", c.CRITICA_TEMPERATURE_JUDGE, c.CRITICA_MAX_OUTPUT_TOKENS_JUDGE),
    report: pick("report", c.CRITICA_TEMPERATURE_REPORT, c.CRITICA_MAX_OUTPUT_TOKENS_REPORT),
    critic: pick("critic", c.CRITICA_TEMPERATURE_CRITIC, c.CRITICA_MAX_OUTPUT_TOKENS_CRITIC),
  };
}

/** The sampling of `agent`: `overrides[agent]`, else {@link DEFAULT_SAMPLING}. */
export function samplingFor(
  agent: ResearchAgent,
  overrides?: Partial<Record<ResearchAgent, AgentSampling>>,
): AgentSampling {
  return overrides?.[agent] ?? DEFAULT_SAMPLING[agent];
}
