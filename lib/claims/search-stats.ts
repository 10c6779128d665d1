import {
  COUNTER_SCORE_THRESHOLD,
  SEARCH_STRATEGIES,
  STRATEGY_LABELS,
  type ClaimSearchStats,
  type CounterCitation,
  type DocumentScore,
  type DroppedPassage,
  type SearchStrategy,
} from "@/lib/domain/claim-check";
import type { FoundDocument } from "./merge-found";

/**
 * The search statistics of one claim (after PaperChecker's `_calculate_search_stats`): documents found (merged,
 * deduplicated, capped), scored, at or above the threshold, cited; passages extracted (proposed) and dropped;
 * and per strategy the documents it found, how many of those were scored and how many were cited.
 * @param scores one per scored document, in the order of `documents` (fewer when scoring stopped early).
 * @param ran which strategies ran (HyDE does not without a model).
 */
export function buildSearchStats(
  documents: FoundDocument[],
  scores: DocumentScore[],
  citations: CounterCitation[],
  dropped: DroppedPassage[],
  ran: Record<SearchStrategy, boolean>,
): ClaimSearchStats {
  const cited = new Set(citations.map((c) => c.evidenceId));
  const strategies = Object.fromEntries(
    SEARCH_STRATEGIES.map((s) => {
      const mine = documents.map((d, i) => ({ d, i })).filter(({ d }) => d.foundBy.includes(s));
      return [
        s,
        {
          ran: ran[s],
          found: mine.length,
          scored: mine.filter(({ i }) => i < scores.length).length,
          cited: mine.filter(({ d }) => cited.has(d.evidence.id)).length,
        },
      ];
    }),
  ) as ClaimSearchStats["strategies"];
  return {
    documentsFound: documents.length,
    documentsScored: scores.length,
    documentsAboveThreshold: scores.filter((s) => s.score >= COUNTER_SCORE_THRESHOLD).length,
    documentsCited: citations.length,
    passagesExtracted: citations.length + dropped.length,
    passagesDropped: dropped.length,
    threshold: COUNTER_SCORE_THRESHOLD,
    strategies,
  };
}

/** "40 by keyword search and 38 by semantic search; the HyDE search needs a language model and did not run". */
export function describeStrategies(stats: ClaimSearchStats): string {
  const ran = SEARCH_STRATEGIES.filter((s) => stats.strategies[s].ran).map(
    (s) => `${stats.strategies[s].found} by ${STRATEGY_LABELS[s]} search`,
  );
  const notRun = SEARCH_STRATEGIES.filter((s) => !stats.strategies[s].ran).map(
    (s) => `the ${STRATEGY_LABELS[s]} search needs a language model and did not run`,
  );
  const list = ran.length <= 1 ? ran.join("") : `${ran.slice(0, -1).join(", ")} and ${ran.at(-1)}`;
  return [list, ...notRun].filter(Boolean).join("; ");
}
