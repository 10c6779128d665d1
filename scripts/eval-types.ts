import type { RunUsage } from "@/lib/ai/usage";

/**
 * One row of a benchmark table: measured by us (with counts) or published (F1 only, where the paper gives only that).
 */
export interface BenchmarkRow {
  name: string;
  source: "measured" | "published";
  precision?: number;
  recall?: number;
  f1: number;
  tp?: number;
  fp?: number;
  fn?: number;
}

/** What a benchmark subcommand of scripts/eval.ts returns; printed as a table or, with --json, as JSON. */
export interface BenchmarkResult {
  benchmark: string;
  split: string;
  documents: number;
  goldRelations: number;
  model: Record<string, unknown>;
  rows: BenchmarkRow[];
  /** When set, the table shows one figure per row under this heading (the row's `f1` field), e.g. "accuracy". */
  metric?: string;
  /** Caveats printed under the table (how the rows were measured, what differs from published setups). */
  notes?: string[];
  /**
   * With `--backend llm`: the model measured (OPENAI_MODEL) and its calls, tokens and estimated cost over the whole
   * benchmark.
   */
  llm?: { modelId: string; usage: RunUsage };
}
