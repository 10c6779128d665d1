import { z } from "zod";
import { mapBatches } from "@/lib/ai/batches";
import type { Evidence } from "@/lib/domain/evidence";
import { formatEvidenceBlocks, type NumberedEvidence } from "@/lib/evidence/prompt-context/blocks";

/**
 * The claim agents that read found records (scoring, passage extraction) see them as evidence blocks numbered 1…k
 * within one batch, and answer per block number. This is that shared contract: the answer's schema, the batching and
 * the records section of the prompt.
 */

/** The model-facing shape of one answer entry about a block: its number `n`, then the agent's own fields. */
type BlockEntry<S extends z.ZodRawShape> = z.ZodObject<{ n: z.ZodNumber } & S>;

/**
 * Model-facing schema of an answer about numbered evidence blocks: `{ [list]: Array<{ n, ...fields }> }`, `n` first
 * (described as the block number), the list described by `description`. The JSON Schema is that of writing the
 * `z.object` out by hand.
 */
export function perBlockSchema<K extends string, S extends z.ZodRawShape>(
  list: K,
  fields: S,
  description: string,
): z.ZodObject<Record<K, z.ZodArray<BlockEntry<S>>>> {
  const entry = z.object({ n: z.number().describe("The evidence block number."), ...fields }) as BlockEntry<S>;
  return z.object({ [list]: z.array(entry).describe(description) } as Record<K, z.ZodArray<BlockEntry<S>>>);
}

/**
 * Runs `ask` over `documents` in batches of `size` (at most `concurrency` at once, lib/ai/batches mapBatches), each
 * batch numbered 1…k in document order as its evidence blocks.
 * @returns the answers in batch order. @throws what `ask` throws (after the batches running have settled).
 */
export function mapNumberedBatches<R>(
  documents: Evidence[],
  size: number,
  concurrency: number,
  ask: (items: NumberedEvidence[]) => Promise<R>,
): Promise<R[]> {
  return mapBatches(documents, size, concurrency, (batch) => ask(batch.map((evidence, i) => ({ n: i + 1, evidence }))));
}

/**
 * The "## Records" section of a prompt: the numbered blocks with abstract excerpts of at most `maxAbstractChars`
 * characters chosen for `focus` (lib/evidence/prompt-context/blocks formatEvidenceBlocks).
 */
export function recordsSection(items: NumberedEvidence[], maxAbstractChars: number, focus: string): string {
  return `## Records\n` + formatEvidenceBlocks(items, { maxAbstractChars, focus });
}
