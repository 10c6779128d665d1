/**
 * Characters per token used to estimate a prompt's size without a tokenizer: 4. Source: OpenAI's rule of thumb
 * ("one token ≈ 4 characters of English text", help.openai.com "What are tokens and how to count them"); our
 * biomedical prompts measure 3.5–4.5 characters per token on the usual tokenizers, so the estimate is rough.
 */
export const CHARS_PER_TOKEN = 4;

/**
 * A prompt counts as silently truncated when the server reports fewer than this share of its estimated tokens.
 * Source: our choice — a count below 0.6 × chars/4 would mean more than 6.7 characters per token, which no
 * tokenizer gives on English prose (3.5–4.5), while Ollama's truncation of our 7–10k-token prompts to its
 * 4,096-token default window gives 0.4–0.55.
 */
export const TRUNCATION_RATIO = 0.6;

/**
 * Smallest reported prompt size that can be a truncated context window, in tokens: a server that cuts a prompt
 * fills its window, and no server's window is below 1,024 tokens (Ollama's smallest default was 2,048). Smaller
 * counts come from something else (test doubles report 100) and never trip the warning.
 */
export const MIN_WINDOW_TOKENS = 1_024;

/** Estimated tokens of a prompt of `chars` characters: ⌈chars / {@link CHARS_PER_TOKEN}⌉. */
export function estimateTokens(chars: number): number {
  return Math.ceil(chars / CHARS_PER_TOKEN);
}

/**
 * The warning for a prompt the server seems to have cut (Ollama truncates prompts longer than its context
 * window without an error): reported input tokens ≥ {@link MIN_WINDOW_TOKENS} and below
 * {@link TRUNCATION_RATIO} × the chars/4 estimate. Null otherwise, or when the server reported no count.
 */
export function truncationNotice(agent: string, inputTokens: number | undefined, promptChars: number): string | null {
  if (inputTokens === undefined || inputTokens < MIN_WINDOW_TOKENS) return null;
  const estimate = estimateTokens(promptChars);
  if (inputTokens >= TRUNCATION_RATIO * estimate) return null;
  return (
    `The ${agent} prompt was about ${estimate.toLocaleString("en")} tokens ` +
    `(${promptChars.toLocaleString("en")} characters ÷ ${CHARS_PER_TOKEN}) ` +
    `but the server read only ${inputTokens.toLocaleString("en")}: it probably cut the prompt to fit a small ` +
    `context window (context overflow). ` +
    `Raise the server's context length (Ollama: OLLAMA_CONTEXT_LENGTH=16384 or num_ctx; see docs/local-models.md).`
  );
}
