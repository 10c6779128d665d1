import type { ReasoningBackend } from "@/lib/research/backend";
import { extractiveHypothesize } from "./hypothesis";
import { extractiveJudge } from "./judge";
import { extractiveReport } from "./report";

function checkAbort(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error("aborted");
}

/**
 * The extractive reasoning backend (kind "extractive", model null): the three agents as deterministic
 * methods without a language model (literature-based discovery, evidence-feature scoring, BM25 + MMR
 * sentence extraction). Each call throws the signal's reason when the signal is already aborted; the
 * computations themselves are synchronous and take well under a second for ~60 records.
 */
export function createExtractiveBackend(): ReasoningBackend {
  return {
    kind: "extractive",
    model: null,
    async hypothesize(input) {
      checkAbort(input.signal);
      return extractiveHypothesize(input);
    },
    async judge(input) {
      checkAbort(input.signal);
      return extractiveJudge(input);
    },
    async report(input) {
      checkAbort(input.signal);
      return extractiveReport(input);
    },
  };
}

export { extractiveHypothesize } from "./hypothesis";
export { extractiveJudge } from "./judge";
export { extractiveReport } from "./report";
