import crypto from "node:crypto";
import { countRuns, insertEndedRuns, type EndedRunRow } from "@/lib/db/history";
import { LATENCY_MODEL } from "./latency-model";

/**
 * GET `url`, asked once more when the pooled keep-alive connection was closed by the server meanwhile (Node's
 * server closes idle sockets after 5 s, e.g. while the bench seeds runs; undici then reports "other side closed").
 */
async function fetchOnce(url: string): Promise<Response> {
  try {
    return await fetch(url);
  } catch {
    return fetch(url);
  }
}

/** Median of a non-empty list of numbers. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Time from `POST /api/runs` to the first `data-*` part a reader of `GET /api/runs/<id>/stream` receives, in ms:
 * what a user waits before the run page shows the run started. The run searches the loopback live sources; it is
 * cancelled once measured, and the next sample waits until it has ended. Median of `samples` after `warmUps` unmeasured
 * runs (a fresh server loads each route's
 * code on its first requests; a deployed server has done so long before).
 */
export async function measureFirstEvent(
  origin: string,
  samples = 5,
  warmUps = 3,
): Promise<{ ms: number; ratio: number; samples: number[] }> {
  const times: number[] = [];
  for (let i = 0; i < warmUps + samples; i++) {
    const started = performance.now();
    const posted = await fetch(`${origin}/api/runs`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        question: `Is lithium nephrotoxic? (bench ${i})`,
        sources: ["pubmed", "europepmc", "ctgov"],
        maxIterations: 1,
      }),
    });
    if (posted.status !== 202) throw new Error(`POST /api/runs answered ${posted.status}: ${await posted.text()}`);
    const { runId } = (await posted.json()) as { runId: string };
    const cookie = posted.headers.get("set-cookie")?.split(";")[0] ?? "";
    const stream = await fetch(`${origin}/api/runs/${runId}/stream`, { headers: { cookie } });
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    while (!text.includes('"type":"data-')) {
      const { done, value } = await reader.read();
      if (done) throw new Error(`the stream of run ${runId} ended before any event`);
      text += decoder.decode(value, { stream: true });
    }
    const ms = performance.now() - started;
    await reader.cancel();
    await fetch(`${origin}/api/runs/${runId}/cancel`, { method: "POST", headers: { cookie, origin } });
    // Each sample starts on an idle server: the cancelled run's steps must not compete with the next request.
    for (let waited = 0; waited < 15_000; waited += 200) {
      const { status } = (await (await fetch(`${origin}/api/runs/${runId}`)).json()) as { status: string };
      if (status !== "running" && status !== "queued") break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    if (i >= warmUps) times.push(ms);
  }
  const ms = median(times);
  return { ms, ratio: ms / LATENCY_MODEL.sourceMs, samples: times };
}

/**
 * Adds finished research runs started from the command line (no owner, so every history page lists them) until
 * the database holds `total` runs, one minute apart, with a few events each.
 */
export async function seedRuns(total: number): Promise<void> {
  const have = await countRuns();
  const base = Date.UTC(2026, 0, 1);
  for (let i = have; i < total; i += 500) {
    const batch = Array.from({ length: Math.min(500, total - i) }, (_, j): EndedRunRow => {
      const n = i + j;
      const question = `Is drug ${n % 97} nephrotoxic, and by what mechanism? (${n})`;
      return {
        id: crypto.randomUUID(),
        settings: { mode: n % 5 === 0 ? "claim-check" : "research", question, sources: ["local"], maxIterations: 1 },
        status: n % 7 === 0 ? "failed" : "completed",
        backend: "extractive",
        iterations: 1,
        confidence: (n % 10) / 10,
        evidenceCount: 20,
        createdAt: new Date(base + n * 60_000),
        finishedAt: new Date(base + n * 60_000 + 5_000),
      };
    });
    await insertEndedRuns(batch);
  }
}

/**
 * Server-render time of `GET <origin><path>` (the whole HTML), in ms: median of `samples` after `warmUps` requests.
 * @throws Error when the page does not answer 200.
 */
export async function measurePage(origin: string, path: string, samples = 7, warmUps = 3): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < warmUps + samples; i++) {
    const started = performance.now();
    const res = await fetchOnce(`${origin}${path}`);
    await res.text();
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
    if (i >= warmUps) times.push(performance.now() - started);
  }
  return median(times);
}
