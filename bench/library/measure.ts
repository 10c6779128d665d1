import type { LibraryFilters } from "@/lib/db/library-facets";
import { searchLibrary } from "@/lib/db/library";
import { ServerCpu } from "./server-cpu";
import type { AgentQuery } from "./workload";

/**
 * Field filters the bench adds to the agents' queries, one per query in turn: a publication-year range, publication
 * types (trials), a MeSH heading, and a combination. Agents send no filters today; a user of the library would.
 */
export const FILTER_VARIANTS: LibraryFilters[] = [
  { yearFrom: 2015, yearTo: 2025 },
  { publicationTypes: ["Randomized Controlled Trial", "Clinical Trial"] },
  { mesh: ["Humans"] },
  { publicationTypes: ["Review"], yearFrom: 2010 },
];

/** One search of the query set. */
export interface BenchQuery {
  query: string;
  limit: number;
  filters?: LibraryFilters;
}

/** The query set: every distinct agent query (with its limit), then each again with a filter variant in turn. */
export function querySet(agentQueries: AgentQuery[]): BenchQuery[] {
  const distinct = [
    ...new Map(agentQueries.map((q) => [`${q.query}|${q.limit}`, { query: q.query, limit: q.limit }])).values(),
  ];
  return [...distinct, ...distinct.map((q, i) => ({ ...q, filters: FILTER_VARIANTS[i % FILTER_VARIANTS.length] }))];
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Latencies of a query set: the first pass (cold caches) reported apart, then `passes` measured passes. */
export interface SearchFigures {
  queries: number;
  searchP50Ms: number;
  searchP95Ms: number;
  searchMaxMs: number;
  coldP95Ms: number;
  /**
   * CPU time of this process per search (p50, p95): on SQLite the whole search (FTS5 runs in-process), on Postgres only
   * the client's share. Wall-clock figures on the shared machine include waiting for a core; these do not.
   */
  searchCpuP50Ms: number;
  searchCpuP95Ms: number;
  /**
   * CPU time per search of this process and the database server together (p50, p95): the latency a free machine would
   * see, wherever the load of the shared machine puts the wall-clock figures. On SQLite the same as searchCpu*; on
   * Postgres the server's share is read from /proc (bench/library/server-cpu.ts), null when the server is elsewhere.
   */
  searchTotalCpuP50Ms: number | null;
  searchTotalCpuP95Ms: number | null;
  /** Mean records returned per query (0 would mean the set measured nothing). */
  meanHits: number;
  slowest: Array<{ query: string; limit: number; filters?: LibraryFilters; ms: number }>;
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * Times searchLibrary (the full call the local source makes: ranking, then reading the records) on every query of
 * the set: one cold pass, then `passes` passes whose latencies give p50 and p95.
 */
export async function measureSearch(
  set: BenchQuery[],
  passes = 2,
  server: ServerCpu = new ServerCpu(null),
): Promise<SearchFigures> {
  const time = async (q: BenchQuery) => {
    const serverBefore = server.read();
    const t = performance.now();
    const cpu = process.cpuUsage();
    const hits = await searchLibrary(q.query, q.limit, q.filters);
    const used = process.cpuUsage(cpu);
    const ms = performance.now() - t;
    return {
      ms,
      cpuMs: (used.user + used.system) / 1000,
      serverCpuMs: (server.read() - serverBefore) / 1000,
      hits: hits.length,
    };
  };
  const cold: number[] = [];
  for (const q of set) cold.push((await time(q)).ms);
  const samples: Array<{ q: BenchQuery; ms: number; cpuMs: number; serverCpuMs: number; hits: number }> = [];
  for (let pass = 0; pass < passes; pass++) for (const q of set) samples.push({ q, ...(await time(q)) });
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  const cpu = samples.map((s) => s.cpuMs).sort((a, b) => a - b);
  const total = samples.map((s) => s.cpuMs + s.serverCpuMs).sort((a, b) => a - b);
  const serverSeen = samples.some((s) => s.serverCpuMs > 0);
  return {
    queries: set.length,
    searchP50Ms: round1(percentile(sorted, 50)),
    searchP95Ms: round1(percentile(sorted, 95)),
    searchMaxMs: round1(sorted.at(-1) ?? NaN),
    coldP95Ms: round1(
      percentile(
        [...cold].sort((a, b) => a - b),
        95,
      ),
    ),
    searchCpuP50Ms: round1(percentile(cpu, 50)),
    searchCpuP95Ms: round1(percentile(cpu, 95)),
    searchTotalCpuP50Ms: server.database && !serverSeen ? null : round1(percentile(total, 50)),
    searchTotalCpuP95Ms: server.database && !serverSeen ? null : round1(percentile(total, 95)),
    meanHits: round1(samples.reduce((a, s) => a + s.hits, 0) / Math.max(1, samples.length)),
    slowest: [...samples]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 3)
      .map((s) => ({
        query: s.q.query,
        limit: s.q.limit,
        ...(s.q.filters ? { filters: s.q.filters } : {}),
        ms: round1(s.ms),
      })),
  };
}
