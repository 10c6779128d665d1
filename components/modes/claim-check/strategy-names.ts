import type { SearchStrategy } from "@/lib/domain/claim-check";

/**
 * The claim check's search strategies as the page names them, in plain words (the HyDE method is "example
 * abstracts": the model writes abstracts that would support the counter-statement, and similar real ones are found).
 */
export const STRATEGY_NAMES: Record<SearchStrategy, string> = {
  keyword: "keyword",
  semantic: "semantic",
  hyde: "example abstracts",
};
