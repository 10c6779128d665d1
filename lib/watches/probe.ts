import type { Evidence, SourceId } from "@/lib/domain/evidence";
import type { Probe } from "@/lib/domain/watch";
import { searchSources } from "@/lib/sources/search";
import type { LiteratureSource } from "@/lib/sources/types";
import { sortFound } from "./changes";

/**
 * Records per source a check asks for with the question: as many as a research run's first search (its
 * QUESTION_SEARCH_LIMIT), so a question whose new records rank low among many is still seen.
 */
export const PROBE_SEARCH_LIMIT = 40;
/** Most cited records looked up by identifier per source and check (a PubMed GET stays well under URL limits). */
export const MAX_IDENTIFIER_LOOKUPS = 100;

function normalise(query: string): string {
  return query.toLowerCase().replace(/\s+/g, " ").trim();
}

/**
 * The sources of a re-check: each one asks only for records added or updated since its own `since` (the start of
 * its last successful check; see SearchOptions.since). A source without a `since` is left out.
 */
export function restrictedSources(sources: LiteratureSource[], since: ReadonlyMap<SourceId, Date>): LiteratureSource[] {
  return sources.flatMap((source) => {
    const from = since.get(source.id);
    return from
      ? [
          {
            id: source.id,
            search: (query: string, options: Parameters<LiteratureSource["search"]>[1]) =>
              source.search(query, { ...options, since: from }),
          },
        ]
      : [];
  });
}

/**
 * Sources that give the re-check's own searches the answers its probe saved (so the run's timeline shows the
 * same searches without asking the sources twice, and a re-run step sees what the probe saw), and pass any other
 * query (the new hypotheses' targeted searches) to `sources`.
 */
export function replayingSources(sources: LiteratureSource[], probe: Pick<Probe, "answers">): LiteratureSource[] {
  return sources.map((source) => ({
    id: source.id,
    search: async (query, options) => {
      const saved = probe.answers.find((a) => a.source === source.id && normalise(a.query) === normalise(query));
      return saved ? saved.records.slice(0, options.limit) : source.search(query, options);
    },
  }));
}

/**
 * The query that finds a run's cited records again on one source by their identifiers, so a cited record that was
 * retracted, corrected or updated comes back even when the question's search no longer ranks it: PubMed
 * `123[pmid] OR 456[pmid]`, Europe PMC `EXT_ID:123 OR EXT_ID:456` (PubMed records), ClinicalTrials.gov
 * `NCT01234567 OR NCT07654321`; null when the source holds none of them (or is the local library, which changes
 * only by import and is searched by the question).
 */
export function identifierQuery(source: SourceId, records: Evidence[]): string | null {
  const pmids = [...new Set(records.flatMap((e) => (e.citation.pmid ? [e.citation.pmid] : [])))].slice(
    0,
    MAX_IDENTIFIER_LOOKUPS,
  );
  const ncts = [...new Set(records.flatMap((e) => (e.citation.nctId ? [e.citation.nctId] : [])))].slice(
    0,
    MAX_IDENTIFIER_LOOKUPS,
  );
  if (source === "pubmed" && pmids.length) return pmids.map((p) => `${p}[pmid]`).join(" OR ");
  if (source === "europepmc" && pmids.length) return pmids.map((p) => `EXT_ID:${p}`).join(" OR ");
  if (source === "ctgov" && ncts.length) return ncts.join(" OR ");
  return null;
}

/**
 * The searches of one check: on each (restricted) source the `queries` (a research run's question, a claim check's
 * claims), and the identifier query of the records the report (or the claims' verdicts) cite (identifierQuery); then
 * what they found sorted against the run's evidence (sortFound). A source
 * that fails any of its searches is marked failed with its message (its records of that check are dropped, so its
 * `since` stays where it was and the next check asks again).
 * @throws only when `signal` is aborted.
 */
export async function searchForChanges(input: {
  queries: string[];
  sources: LiteratureSource[];
  evidence: Evidence[];
  cited: Evidence[];
  limit: number;
  timeoutMs: number;
  signal?: AbortSignal;
}): Promise<Pick<Probe, "answers" | "sources" | "newRecords" | "updated">> {
  const perSource = await Promise.all(
    input.sources.map(async (source) => {
      const idQuery = identifierQuery(source.id, input.cited);
      const queries: Array<[string, number]> = [
        ...input.queries.map((q): [string, number] => [q, input.limit]),
        ...(idQuery ? [[idQuery, MAX_IDENTIFIER_LOOKUPS] as [string, number]] : []),
      ];
      const results = [];
      for (const [query, limit] of queries)
        results.push(
          ...(await searchSources([source], query, { limit, timeoutMs: input.timeoutMs, signal: input.signal })),
        );
      const error = results.find((r) => r.error)?.error ?? null;
      return { source: source.id, error, results };
    }),
  );
  const answers = perSource.flatMap((s) =>
    s.error ? [] : s.results.map((r) => ({ source: r.source, query: r.query, records: r.evidence })),
  );
  const found = answers.flatMap((a) => a.records);
  return {
    answers,
    sources: perSource.map((s) => ({
      source: s.source,
      ok: s.error === null,
      error: s.error,
      hits: s.error ? 0 : s.results.reduce((n, r) => n + r.evidence.length, 0),
    })),
    ...sortFound(input.evidence, found),
  };
}
