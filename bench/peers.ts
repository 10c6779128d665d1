import { createTextEmbedder } from "@/lib/ai/embeddings";
import { createLlmClaimBackend } from "@/lib/claims/agents/llm";
import { runClaimCheck } from "@/lib/claims/mode";
import type { Evidence } from "@/lib/domain/evidence";
import { createCtgovSource } from "@/lib/sources/ctgov";
import { createEuropePmcSource } from "@/lib/sources/europepmc";
import { createPubmedSource } from "@/lib/sources/pubmed";
import type { FixtureServer } from "@/tests/support/fixture-server";
import { claimAnswerer } from "./answers";
import { callMs, LATENCY_MODEL, latencyModel, sequentialRoundTrips, type ModelCall } from "./latency-model";

/**
 * The peers' call graphs replayed under the same latency model: every LLM call waits callMs(its output tokens),
 * every source call goes to the same loopback servers through the same clients (so PubMed keeps its 3 requests/s).
 * Sources read: DeepCritical at The-Obstacle-Is-The-Way/DeepCritical-HFSpace commit 2cbcbfd (the last with
 * src/orchestrator_magentic.py and src/orchestrator.py, before e82d9c9 moved them to src/orchestrators/);
 * bmlibrarian at hherb/bmlibrarian commit f853061 (src/bmlibrarian/paperchecker/agent.py).
 */

/**
 * Output tokens of the peers' calls that have no counterpart in Critica (our estimates, printed in the JSON):
 * a Magentic manager call (facts, plan, progress ledger — five {reason, answer} fields —, final answer), the
 * search agent's tool-calling turn (three function calls with a query each) and its summary of what it found.
 * The manager's final answer is given the ledger's size, not a report's, so the replay errs in DeepCritical's favour.
 */
export const PEER_TOKENS = { manager: 120, toolCalls: 60, searchSummary: 300 } as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const llm = async (tokens: number) => sleep(callMs(tokens));

/** Output tokens of our agents' answers in the measured run (mean per agent), used for the peers' equivalents. */
export function tokensByAgent(calls: ModelCall[]): Record<string, number> {
  const sums = new Map<string, { n: number; tokens: number }>();
  for (const c of calls) {
    const s = sums.get(c.agent) ?? { n: 0, tokens: 0 };
    sums.set(c.agent, { n: s.n + 1, tokens: s.tokens + c.outputTokens });
  }
  return Object.fromEntries([...sums].map(([agent, s]) => [agent, Math.round(s.tokens / s.n)]));
}

/**
 * DeepCritical's three search tools on the loopback sources, 10 results each (src/utils/models.py:312,
 * max_results_per_tool=10).
 */
function deepCriticalTools(server: FixtureServer) {
  const sources = [
    createPubmedSource({ baseUrl: server.urls.pubmed }),
    createEuropePmcSource({ baseUrl: server.urls.europepmc }),
    createCtgovSource({ baseUrl: server.urls.ctgov }),
  ];
  // src/tools/search_handler.py:29-44 — SearchHandler.execute runs every tool for a query in parallel
  // (asyncio.gather).
  return (query: string) => Promise.all(sources.map((s) => s.search(query, { limit: 10 })));
}

/**
 * DeepCritical advanced (Magentic) mode, src/orchestrator_magentic.py: a MagenticBuilder workflow (lines 106–121)
 * with searcher, hypothesizer, judge and reporter ChatAgents (src/agents/magentic_agents.py) and the standard
 * manager, max_round_count=10 (line 45, 116). The manager (Microsoft agent-framework,
 * python/packages/core/agent_framework/_workflows/_magentic.py, StandardMagenticManager, read at commit 0b15241 of
 * a fork) makes two LLM calls in plan() (facts, then plan), one in create_progress_ledger() before every agent turn
 * and one after the last to see the request satisfied, then one in prepare_final_answer(). Agent turns, in the order
 * the task prompt
 * prescribes (lines 147–161): per research iteration searcher → hypothesizer → judge, then reporter.
 * - searcher (magentic_agents.py:15–50, tools search_pubmed / search_clinical_trials / search_preprints): one call
 *   that picks the tools, the tools in parallel, one call that summarises;
 * - hypothesizer (92–126) and judge (53–89): one call each, no tools;
 * - reporter (129–184): one call that asks get_bibliography (a local tool), one that writes the report.
 * `queries` gives each iteration's search query (the same questions Critica searched), so the replay runs as many
 * iterations as our run: 3 × iterations + 1 turns, within the 10-round cap.
 * @returns the replay's duration in ms.
 */
export async function replayDeepCriticalAdvanced(
  server: FixtureServer,
  queries: string[],
  tokens: Record<string, number>,
): Promise<number> {
  const search = deepCriticalTools(server);
  const started = performance.now();
  await llm(PEER_TOKENS.manager); // plan(): task ledger facts
  await llm(PEER_TOKENS.manager); // plan(): task ledger plan
  const turns: Array<() => Promise<unknown>> = [];
  for (const query of queries) {
    turns.push(async () => {
      await llm(PEER_TOKENS.toolCalls);
      await search(query);
      await llm(PEER_TOKENS.searchSummary);
    });
    turns.push(() => llm(tokens.hypothesis));
    turns.push(() => llm(tokens.judge));
  }
  turns.push(async () => {
    await llm(PEER_TOKENS.toolCalls); // get_bibliography call
    await llm(tokens.report);
  });
  for (const turn of turns) {
    await llm(PEER_TOKENS.manager); // progress ledger: next speaker
    await turn();
  }
  await llm(PEER_TOKENS.manager); // progress ledger: request satisfied
  await llm(PEER_TOKENS.manager); // prepare_final_answer
  return performance.now() - started;
}

/**
 * DeepCritical simple mode, src/orchestrator.py: per iteration (line 180) up to 3 queries searched in parallel
 * (lines 193–197), each over every tool in parallel (search_handler.py), then one judge call (line 255); when the
 * judge says sufficient and synthesize (line 283) the answer is a template, no LLM call (_generate_synthesis, line
 * 348).
 * `steps` gives each iteration's queries.
 */
export async function replayDeepCriticalSimple(
  server: FixtureServer,
  steps: string[][],
  tokens: Record<string, number>,
): Promise<number> {
  const search = deepCriticalTools(server);
  const started = performance.now();
  for (const queries of steps) {
    await Promise.all(queries.slice(0, 3).map(search));
    await llm(tokens.judge);
  }
  return performance.now() - started;
}

/**
 * Sequential LLM round trips of bmlibrarian's PaperChecker for one statement and `documents` documents
 * (src/bmlibrarian/paperchecker/agent.py, check_abstract): statement extraction (634), counter-statement (669),
 * HyDE abstracts and keywords (672), one DocumentScoringAgent.evaluate_document call per document, one after
 * another (792–804), one CitationFinderAgent call per document at or above the threshold, one after another
 * (1027; citation_agent.py:457–463), the counter-report (1226; skipped without citations, 1217–1219) and the
 * verdict (1639; verdict_analyzer.py:137). `cited` is how many documents reach the threshold.
 */
export function bmlibrarianRoundTrips(documents: number, cited: number): number {
  return 3 + documents + cited + (cited > 0 ? 1 : 0) + 1;
}

/**
 * Our claim check (lib/claims/run.ts) with the LLM claim backend on the latency model, over exactly `docs`
 * documents (one in-memory source waiting SOURCE_MS, answering every strategy with the same records): its
 * sequential model round trips (sequentialRoundTrips), its model calls, and how many documents reached the threshold.
 */
export async function measureOurClaimCheck(
  docs: Evidence[],
): Promise<{ roundTrips: number; calls: number; documents: number; cited: number; ms: number }> {
  const { model, calls } = latencyModel(claimAnswerer());
  const source = { id: "local" as const, search: async () => (await sleep(LATENCY_MODEL.sourceMs), docs) };
  const events: Array<{ type: string; data: unknown }> = [];
  const started = performance.now();
  const outcome = await runClaimCheck({
    text:
      "Metformin reduces the incidence of cancer in patients with diabetes. This was seen in a cohort of 10,000 " +
      "patients followed for five years.",
    sourceIds: ["local"],
    sources: [source],
    backend: createLlmClaimBackend(model, "latency-model", {
      promptStyle: { fieldGuide: false, schemaInPrompt: false },
    }),
    embedder: createTextEmbedder(),
    timeoutMs: 30_000,
    recorder: { emit: async (type, data) => void events.push({ type, data }), saveEvidence: async () => undefined },
  });
  const ms = performance.now() - started;
  if (outcome.status !== "completed") throw new Error(`bench claim check ${outcome.status}: ${outcome.error}`);
  const claim = outcome.claims[0];
  return {
    roundTrips: sequentialRoundTrips(calls),
    calls: calls.length,
    documents: claim.searchStats.documentsScored,
    cited: claim.citations.length,
    ms,
  };
}
