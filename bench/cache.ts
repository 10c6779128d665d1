import { listRunEvents } from "@/lib/db/runs";
import { createExtractiveBackend } from "@/lib/research/agents/extractive";
import { research } from "@/lib/modes";
import { startRun } from "@/lib/runs/start";
import type { FixtureServer } from "@/tests/support/fixture-server";
import type { Log } from "./classic";

const QUESTION = "Does metformin protect against cancer, and through which mechanism?";

/**
 * The same question twice, extractive backend, the three live sources on the loopback servers (SOURCE_MS each),
 * with the source cache on (24 h): the first run fills the cache, the repeat is answered from it. Also counts the
 * repeat's network requests and its searches marked "from cache".
 */
export async function measureCache(server: FixtureServer, log: Log) {
  process.env.CRITICA_SOURCE_CACHE_TTL_HOURS = "24";
  try {
    const timed = async () => {
      server.reset();
      const started = performance.now();
      const { runId, done } = await startRun(
        research,
        { question: QUESTION, sources: ["pubmed", "europepmc", "ctgov"], maxIterations: 2 },
        { overrides: { backend: createExtractiveBackend() } },
      );
      const outcome = await done;
      const ms = performance.now() - started;
      const searches = (await listRunEvents(runId)).filter((e) => e.type === "search");
      return {
        ms,
        status: outcome.status,
        requests: server.requests.length,
        searches: searches.length,
        fromCache: searches.filter((e) => e.type === "search" && e.data.fromCache).length,
      };
    };
    const first = await timed();
    const repeat = await timed();
    log(
      `source cache: first run ${first.ms.toFixed(0)} ms (${first.requests} requests), repeat ` +
        `${repeat.ms.toFixed(0)} ms (${repeat.requests} requests, ${repeat.fromCache}/${repeat.searches} searches ` +
        `from cache)`,
    );
    return {
      firstMs: Math.round(first.ms),
      repeatMs: Math.round(repeat.ms),
      repeatRatio: Math.round((repeat.ms / first.ms) * 1000) / 1000,
      firstRequests: first.requests,
      repeatRequests: repeat.requests,
      repeatSearchesFromCache: `${repeat.fromCache}/${repeat.searches}`,
    };
  } finally {
    process.env.CRITICA_SOURCE_CACHE_TTL_HOURS = "0";
  }
}
