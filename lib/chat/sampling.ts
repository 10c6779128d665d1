import type { AgentSampling } from "@/lib/ai/agent";

/** The chat's model agents. */
export type ChatAgentName = "chat-classify" | "chat-answer";

/**
 * Sampling of each chat agent. The classifier runs at temperature 0 (the same follow-up reads the same way) with 200
 * output tokens (three short fields); the answer at 0.2, as the judge and critic did when the chat was written, with
 * 1,500 output tokens (a few paragraphs: its prompt, the earlier turns and this answer fit the 16,384-token window
 * docs/local-models.md asks local models for). Source: our choice.
 */
export const CHAT_SAMPLING: Record<ChatAgentName, AgentSampling> = {
  "chat-classify": { temperature: 0, maxOutputTokens: 200 },
  "chat-answer": { temperature: 0.2, maxOutputTokens: 1_500 },
};
