/**
 * Model prices in USD per million tokens, from configuration (OPENAI_PRICE_INPUT_PER_MTOK,
 * OPENAI_PRICE_OUTPUT_PER_MTOK, OPENAI_EMBEDDING_PRICE_PER_MTOK); null when not configured.
 */
export interface ModelPrices {
  inputPerMTok: number | null;
  outputPerMTok: number | null;
  embeddingPerMTok: number | null;
}

/**
 * Estimated cost of one model call in USD: input tokens × input price + output tokens × output price, prices per
 * million tokens (embedding calls: their tokens × the embedding price). Null when a needed price or token count is
 * unknown, so an unknown cost is never shown as $0.
 */
export function estimateCostUsd(
  usage: { agent: string; inputTokens: number | null | undefined; outputTokens: number | null | undefined },
  prices: ModelPrices | null | undefined,
): number | null {
  if (!prices) return null;
  const input = usage.inputTokens;
  if (input === null || input === undefined) return null;
  if (usage.agent === "embedding")
    return prices.embeddingPerMTok === null ? null : (input * prices.embeddingPerMTok) / 1e6;
  const output = usage.outputTokens;
  if (prices.inputPerMTok === null || prices.outputPerMTok === null || output === null || output === undefined)
    return null;
  return (input * prices.inputPerMTok + output * prices.outputPerMTok) / 1e6;
}
