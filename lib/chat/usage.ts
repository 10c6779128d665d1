import { getModelPrices } from "@/lib/ai/providers";
import { appendRunEvent, lastEventSeq } from "@/lib/db/runs";
import type { ModelUsage } from "@/lib/domain/agent";
import { usagePayload } from "@/lib/runs/agent-runner";
import { notifyRunEvent } from "@/lib/runs/event-feed";

/** Attempts to save one usage event when another event took the next seq meanwhile (our choice). */
const SAVE_ATTEMPTS = 3;

/**
 * Adds the model calls of one follow-up (classification, answer) to the run's cost (a conversation's model calls are
 * part of what the run cost): one `usage` run event per call, with its tokens and the cost estimated from the
 * configured prices (lib/ai/providers getModelPrices; null cost when prices are not configured), after the run's last
 * event. The run page's usage line and the exports sum every `usage` event of the run (lib/ai/usage summarizeUsage), so
 * the follow-ups' calls join the research calls there. A seq taken meanwhile is retried with the next one.
 * @throws the database error after {@link SAVE_ATTEMPTS} attempts.
 */
export async function recordChatUsage(runId: string, usages: ModelUsage[], model: string | null): Promise<void> {
  if (usages.length === 0) return;
  const prices = getModelPrices();
  for (const usage of usages) {
    for (let attempt = 1; ; attempt++) {
      try {
        await appendRunEvent(runId, (await lastEventSeq(runId)) + 1, "usage", usagePayload(usage, model, prices));
        break;
      } catch (error) {
        if (attempt >= SAVE_ATTEMPTS) throw error;
      }
    }
  }
  notifyRunEvent(runId);
}
