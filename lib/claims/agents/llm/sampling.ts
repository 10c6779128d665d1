import type { AgentSampling } from "@/lib/ai/agent";
import type { AgentName } from "@/lib/domain/agent";

/**
 * Sampling temperature of the claim-check agents that write prose (counter-statement, counter-report): 0.3, the
 * temperature the claim check's metadata names. Source: bmlibrarian PaperChecker's default
 * (DEFAULT_REPORT_TEMPERATURE = 0.3) — low, for sober prose.
 */
export const CLAIM_TEMPERATURE = 0.3;

/** The claim check's model agents. */
export type ClaimAgent = Extract<AgentName, `claim-${string}` | `counter-${string}`>;

/**
 * Sampling of each claim-check agent.
 *
 * Temperature 0 for the agents that score, decide or copy (claim extraction, scoring, passage extraction, verdict) —
 * a score or a verdict should not depend on the draw, as PaperQA2's scoring calls — and {@link CLAIM_TEMPERATURE} for
 * the two that write prose.
 *
 * Output limits (`max_tokens`). Source: our budget (every call gets an output limit, so a constrained-decoding loop
 * ends instead of running to the timeout), sized as about twice the longest answer the instructions ask for, at
 * ≈ 1.3 tokens per English word:
 * - claim-extraction: 3 claims of one sentence (≈ 150 tokens) → 500;
 * - counter-statement: a sentence, 3–8 keywords, a query and 2 abstracts of 120–200 words (≈ 650) → 1,500;
 * - claim-scoring: 10 entries of a score and a one-sentence rationale (≈ 450) → 1,000;
 * - claim-passages: 5 passages of 1–3 sentences copied from abstracts (≈ 600) → 1,500;
 * - counter-report: 200–300 words (≈ 400) → 1,000;
 * - claim-verdict: a verdict, a confidence and 2–3 sentences (≈ 120) → 500.
 * An answer cut at its limit is asked once more with twice the limit (lib/ai/structured LENGTH_RETRY_FACTOR).
 */
export const CLAIM_SAMPLING: Record<ClaimAgent, AgentSampling> = {
  "claim-extraction": { temperature: 0, maxOutputTokens: 500 },
  "counter-statement": { temperature: CLAIM_TEMPERATURE, maxOutputTokens: 1_500 },
  "claim-scoring": { temperature: 0, maxOutputTokens: 1_000 },
  "claim-passages": { temperature: 0, maxOutputTokens: 1_500 },
  "counter-report": { temperature: CLAIM_TEMPERATURE, maxOutputTokens: 1_000 },
  "claim-verdict": { temperature: 0, maxOutputTokens: 500 },
};

/**
 * Sampling of the entailment critic that checks a counter-report's cited sentences: the report critic's
 * (lib/research/agents/llm/sampling: temperature 0, a verdict must not depend on the draw; 2,500 output tokens, about
 * 50 verdicts with a sentence of reasoning each, where a 300-word counter-report has at most about 20 sentences).
 */
export const CLAIM_CRITIC_SAMPLING: AgentSampling = { temperature: 0, maxOutputTokens: 2_500 };
