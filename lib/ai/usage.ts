import type { AgentName } from "@/lib/domain/agent";
import type { RunEvent } from "@/lib/domain/events";

/**
 * Usage totals of a set of model calls: calls, tokens, and estimated cost in USD (null when any call's cost is
 * unknown).
 */
export interface UsageTotals {
  calls: number;
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  costUsd: number | null;
}

/** A run's model usage: totals, and totals per agent (only agents that made calls). */
export interface RunUsage extends UsageTotals {
  byAgent: Partial<Record<AgentName, UsageTotals>>;
}

function empty(): UsageTotals {
  return { calls: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0, costUsd: 0 };
}

function add(
  t: UsageTotals,
  u: { inputTokens: number | null; outputTokens: number | null; totalTokens: number | null; costUsd: number | null },
) {
  t.calls += 1;
  t.inputTokens += u.inputTokens ?? 0;
  t.outputTokens += u.outputTokens ?? 0;
  t.totalTokens += u.totalTokens ?? (u.inputTokens ?? 0) + (u.outputTokens ?? 0);
  t.costUsd = t.costUsd === null || u.costUsd === null ? null : t.costUsd + u.costUsd;
}

/**
 * Sums a run's `usage` events (one per model call). Token counts a provider did not report count as 0; the cost
 * is null as soon as one call's cost is unknown (prices not configured), and for a run without model calls.
 */
export function summarizeUsage(events: RunEvent[]): RunUsage {
  const total: RunUsage = { ...empty(), byAgent: {} };
  for (const e of events) {
    if (e.type !== "usage") continue;
    add(total, e.data);
    add((total.byAgent[e.data.agent] ??= empty()), e.data);
  }
  if (total.calls === 0) total.costUsd = null;
  return total;
}

/** "$0.0123" (4 decimals below one dollar, 2 above), or null for an unknown cost. */
export function formatCostUsd(costUsd: number | null): string | null {
  if (costUsd === null) return null;
  return costUsd < 1 ? `$${costUsd.toFixed(4)}` : `$${costUsd.toFixed(2)}`;
}

/** One line for the run page and CLI: "7 model calls · 12,345 input + 2,345 output tokens · est. $0.0042". */
export function formatUsageLine(usage: RunUsage): string {
  const cost = formatCostUsd(usage.costUsd);
  return (
    `${usage.calls} model ${usage.calls === 1 ? "call" : "calls"} · ${usage.inputTokens.toLocaleString("en")} ` +
    `input + ` +
    `${usage.outputTokens.toLocaleString("en")} output tokens · ` +
    `${cost ? `est. ${cost}` : "cost not estimated (no prices configured)"}`
  );
}
