/**
 * Kinds of unusable model answer that are the provider's or the model's doing, not a bug of ours:
 * - "truncated": the answer hit the output limit (finish_reason "length") twice, the second time with a larger limit;
 * - "refused": the model refused (finish_reason "content_filter", or an OpenAI `refusal` message);
 * - "empty-output": the answer had no text (e.g. a thinking model that put its JSON in its reasoning);
 * - "context-overflow": the prompt did not fit the model's context window.
 */
export type ModelOutputFailureKind = "truncated" | "refused" | "empty-output" | "context-overflow";

/**
 * An unusable answer of the model, named for what it is; classifyProviderError (lib/ai/provider-errors) turns it
 * into a provider failure, so `--on-provider-error extractive` can finish the run without the model.
 */
export class ModelOutputError extends Error {
  constructor(
    readonly kind: ModelOutputFailureKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "ModelOutputError";
  }
}
