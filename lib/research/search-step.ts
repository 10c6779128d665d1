import type { Evidence } from "@/lib/domain/evidence";
import type { SearchPhase } from "@/lib/domain/run";
import { annotateEvidence } from "@/lib/evidence/annotation";
import { mergeEvidence } from "@/lib/evidence/merge";
import { scoreNewRecords } from "@/lib/evidence/prompt-context/relevance";
import { isRetracted, retractedNoticeMessage } from "@/lib/evidence/provenance";
import { summarizeEvidence } from "@/lib/evidence/summary";
import { searchSources, type SourceSearchResult } from "@/lib/sources/search";
import type { ResearchRunInput, ResearchState } from "./state";
import { takePrefetched } from "./search-prefetch";

/** Records per source for the question itself, and for each follow-up query. */
export const QUESTION_SEARCH_LIMIT = 40;
export const FOLLOW_UP_SEARCH_LIMIT = 12;
/** Follow-up queries run per step (judge's next queries, or hypothesis suggestions). */
export const FOLLOW_UP_QUERIES_PER_STEP = 3;
/** Upper bound on the evidence a run collects, to keep agent inputs and the report bounded. */
export const MAX_RUN_EVIDENCE = 250;

/** A query as the research loop records it (lower case, single spaces), to know which were searched already. */
export function normaliseQuery(query: string): string {
  return query.toLowerCase().replace(/\s+/g, " ").trim();
}

/**
 * Searches the queries across the sources that have not failed, all queries at once (one after another
 * they would cost a source round trip each; PubMed's limiter still spaces its requests), then, query by query in the
 * given order, records the searches, merges, annotates and saves what is new. A query the previous stage already
 * started (`prefetchKey`, see startSearchPrefetch) is taken from there and recorded here like the others.
 */
export async function searchQueries(
  input: ResearchRunInput,
  state: ResearchState,
  queries: string[],
  phase: SearchPhase,
  limit: number,
  iteration: number,
  prefetchKey?: string,
) {
  const { recorder, signal } = input;
  // A source that failed (after its own retries) or timed out is not asked again in this run: each later step
  // would cost another timeout, and the user sees one shortfall per source rather than one per query.
  const available = input.sources.filter((s) => !state.failedSources.includes(s.id));
  if (available.length === 0) return;
  state.queriesRun.push(...queries.map(normaliseQuery));
  // Each source's search event is saved as soon as that source answers, so the run page shows progress
  // before the slowest source is done; the merge, shortfalls and state follow query by query once all answered.
  const record = (r: SourceSearchResult) =>
    recorder.emit("search", {
      iteration,
      phase,
      source: r.source,
      query: r.query,
      hits: r.evidence.length,
      durationMs: r.durationMs,
      ...(r.fromCache ? { fromCache: true } : {}),
    });
  const answers = await Promise.all(
    queries.map(async (query) => {
      const prefetched = takePrefetched(prefetchKey, normaliseQuery(query));
      if (!prefetched)
        return searchSources(available, query, { limit, timeoutMs: input.timeoutMs, signal, onResult: record });
      const results = (await prefetched).filter((r) => available.some((s) => s.id === r.source));
      for (const r of results) await record(r);
      return results;
    }),
  );
  for (const answer of answers) {
    // Results of a source that failed on an earlier query of this step are left out, as if it had not been asked.
    const results = answer.filter((r) => !state.failedSources.includes(r.source));
    if (results.length === 0) break;
    const found: Evidence[] = [];
    for (const r of results) {
      if (r.error) {
        state.failedSources.push(r.source);
        state.shortfalls.push({ source: r.source, message: r.error });
        await recorder.emit("shortfall", { iteration, source: r.source, message: r.error });
      }
      found.push(...r.evidence);
    }
    const room = MAX_RUN_EVIDENCE - state.evidence.length;
    const { added, duplicates } = mergeEvidence(
      state.evidence,
      found.sort((a, b) => b.relevance - a.relevance),
    );
    // A record's relevance is its relevance to the question, not its rank in whichever search found it (ranks of
    // different searches do not compare);
    // it orders what is kept when the run is full, and is saved with the record for the evidence table.
    const kept = annotateEvidence(
      scoreNewRecords(input.question, state.evidence, added).slice(0, Math.max(0, room)),
      input.entityDictionary ?? null,
    );
    if (kept.length > 0) await recorder.saveEvidence(kept, iteration);
    state.evidence.push(...kept);
    // Full texts are fetched while the agents read the abstracts; the judge and the report read them.
    if (kept.length > 0) input.fullText?.prefetch(state);
    await recorder.emit("evidence", {
      iteration,
      added: kept.map(summarizeEvidence),
      duplicates,
      total: state.evidence.length,
    });
    if (kept.some(isRetracted))
      await recorder.emit("notice", { level: "warning", message: retractedNoticeMessage(kept.filter(isRetracted)) });
  }
}

/** Up to FOLLOW_UP_QUERIES_PER_STEP distinct queries not searched yet. */
export function freshQueries(state: ResearchState, queries: string[]): string[] {
  return [...new Set(queries.map((q) => q.trim()).filter(Boolean))]
    .filter((q) => !state.queriesRun.includes(normaliseQuery(q)))
    .slice(0, FOLLOW_UP_QUERIES_PER_STEP);
}
