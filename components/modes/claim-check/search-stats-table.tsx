import { STRATEGY_NAMES } from "./strategy-names";
import { SEARCH_STRATEGIES, type ClaimSearchStats, type GenerationMetadata } from "@/lib/domain/claim-check";

/**
 * A claim's search statistics (found, scored and cited, per strategy and in total) and how the result was generated.
 */
export function SearchStatsTable({ stats, metadata }: { stats: ClaimSearchStats; metadata: GenerationMetadata }) {
  return (
    <div className="space-y-1 text-sm">
      <table data-testid="search-stats" className="w-full max-w-md text-left tabular-nums">
        <caption className="mb-1 text-left text-muted-foreground">
          Search statistics (threshold {stats.threshold}/5; {stats.documentsAboveThreshold} at or above it)
        </caption>
        <thead>
          <tr className="border-b border-border text-muted-foreground">
            <th scope="col" className="py-1 font-medium">
              Strategy
            </th>
            <th
              scope="col"
              className="py-1 font-medium"
              title="Documents kept from the search after merging duplicates and the cap of 100"
            >
              Found
            </th>
            <th scope="col" className="py-1 font-medium">
              Scored
            </th>
            <th scope="col" className="py-1 font-medium">
              Cited
            </th>
          </tr>
        </thead>
        <tbody>
          {SEARCH_STRATEGIES.map((s) => {
            const row = stats.strategies[s];
            return (
              <tr key={s} data-testid={`stats-${s}`}>
                <th scope="row" className="py-0.5 font-normal">
                  {STRATEGY_NAMES[s]}
                </th>
                {row.ran ? (
                  <>
                    <td>{row.found}</td>
                    <td>{row.scored}</td>
                    <td>{row.cited}</td>
                  </>
                ) : (
                  <td colSpan={3} className="text-muted-foreground">
                    not run (needs a language model)
                  </td>
                )}
              </tr>
            );
          })}
          <tr data-testid="stats-total" className="border-t border-border font-medium">
            <th scope="row" className="py-0.5">
              All (deduplicated)
            </th>
            <td>{stats.documentsFound}</td>
            <td>{stats.documentsScored}</td>
            <td>{stats.documentsCited}</td>
          </tr>
        </tbody>
      </table>
      <p data-testid="generation-metadata" className="text-muted-foreground">
        Generated {metadata.backend === "llm" ? `by ${metadata.model}` : "without a language model (extractive)"}
        {metadata.temperature !== null ? `, temperature ${metadata.temperature}` : ""}, in{" "}
        {(metadata.durationMs / 1000).toFixed(1)} s
        {stats.passagesExtracted > 0
          ? `; ${stats.passagesExtracted - stats.passagesDropped} of ${stats.passagesExtracted} passages verified`
          : ""}
        .
      </p>
    </div>
  );
}
