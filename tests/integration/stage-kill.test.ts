import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FINISH, type StagePlan } from "@/lib/runs/plan";
import {
  eventShape,
  openDurableApp,
  postJson,
  runEvents,
  runFinished,
  type DurableApp,
} from "@/tests/integration/support/durable-app";

// kill -9 at every stage boundary of a research run, a claim check and a research follow-up (SQLite, local world).
// The fault hook (CRITICA_FAULT=kill-after-step:<label>/<step>,…, lib/runs/fault.ts) pauses a durable step that has
// saved everything, before the engine records its completion, until each armed run is at its boundary, then kills
// the server; the test restarts it on the same database with each run's next boundary armed, until every run has
// passed every one of its boundaries (the three walk at once, so the restarts are those of the longest). Each run must
// then have ended completed with exactly the events of the same run never interrupted (none lost, none twice, seq
// contiguous), and no run may hold a slot.
const QUESTION = "Does doxorubicin cause cardiotoxicity, and through which mechanism?";
const CLAIM = "Doxorubicin has no effect on the heart";
const CLAIM_SOURCES = ["pubmed", "europepmc"];
const FOLLOW_UP = "Look deeper into dexrazoxane";

/** The durable steps of `plan` in order, for iterations `from`..`to`, ending with the closing step. */
function boundaries(plan: StagePlan, from: number, to: number): string[] {
  const each: string[] = [];
  for (let i = from; i <= to; i++) each.push(...plan.each.map((stage) => `${stage} ${i}`));
  return [...plan.first, ...each, ...plan.last, FINISH];
}

describe("kill -9 at every stage boundary (SQLite, local world)", () => {
  let app: DurableApp;
  const cookies = new Map<string, string>();
  const ids = { research: "", check: "", followUp: "", referenceResearch: "", referenceCheck: "" };
  beforeAll(async () => {
    app = await openDurableApp("stage-kill");
  });
  afterAll(async () => {
    await app?.close();
  });

  const startResearch = async (origin: string) => {
    const res = await postJson(`${origin}/api/runs`, { question: QUESTION, maxIterations: 1 });
    expect(res.status).toBe(202);
    const { runId } = (await res.json()) as { runId: string };
    cookies.set(runId, res.headers.get("set-cookie")?.split(";")[0] ?? "");
    return runId;
  };
  const startCheck = async (origin: string) => {
    const res = await postJson(`${origin}/api/checks`, { text: CLAIM, sources: CLAIM_SOURCES });
    expect(res.status).toBe(202);
    return ((await res.json()) as { runId: string }).runId;
  };
  const followUp = async (origin: string, runId: string) => {
    const res = await postJson(
      `${origin}/api/runs/${runId}/messages`,
      { text: FOLLOW_UP },
      { origin, cookie: cookies.get(runId) ?? "" },
    );
    expect(res.status).toBe(200);
    // The answer streams on while the iteration runs apart; a kill ends the stream.
    void res.text().catch(() => "");
  };

  it(
    "runs the uninterrupted references: a research run with a follow-up, and a claim check",
    { timeout: 300_000 },
    async () => {
      const { origin } = await app.start();
      [ids.referenceResearch, ids.followUp, ids.referenceCheck] = await Promise.all([
        startResearch(origin),
        startResearch(origin),
        startCheck(origin),
      ]);
      await Promise.all([runFinished(ids.referenceResearch, 90_000), runFinished(ids.followUp, 90_000)]);
      await followUp(origin, ids.referenceResearch);
      await runFinished(ids.referenceResearch, 90_000, 2);
      await runFinished(ids.referenceCheck, 90_000);
      await app.kill9();
    },
  );

  it("resumes each run after a kill at each of its boundaries", { timeout: 900_000 }, async () => {
    const { researchMode } = await import("@/lib/research/mode");
    const { claimCheckMode } = await import("@/lib/claims/mode");
    const { followUpStages } = await import("@/lib/chat/follow-up-mode");
    const walks: Record<string, string[]> = {
      run: boundaries(researchMode.plan, 1, 1),
      "claim check": boundaries(claimCheckMode.plan, 1, 0),
      "follow-up iteration": boundaries(followUpStages.plan, 2, 2),
    };
    expect(walks).toEqual({
      run: [
        "start",
        "search 1",
        "hypothesis relevance 1",
        "hypothesize 1",
        "targeted search 1",
        "judge relevance 1",
        "judge 1",
        "report relevance",
        "report",
        "finish",
      ],
      "claim check": [
        "claim extraction",
        "counter-statements",
        "claim searches",
        "claim scoring",
        "counter-reports",
        "verdicts",
        "finish",
      ],
      "follow-up iteration": [
        "follow-up search 2",
        "hypothesis relevance 2",
        "hypothesize 2",
        "targeted search 2",
        "judge relevance 2",
        "judge 2",
        "report relevance",
        "report",
        "finish",
      ],
    });
    const runOf: Record<string, () => string> = {
      run: () => ids.research,
      "claim check": () => ids.check,
      "follow-up iteration": () => ids.followUp,
    };
    let kills = 0;
    while (Object.values(walks).some((steps) => steps.length > 0)) {
      const armed = Object.entries(walks).filter(([, steps]) => steps.length > 0);
      const began = performance.now();
      // A resumed step may reach its boundary, and the server kill itself, before it answers /api/health.
      const server = await app.start(
        { CRITICA_FAULT: `kill-after-step:${armed.map(([label, steps]) => `${label}/${steps[0]}`).join(",")}` },
        { exitOk: kills > 0 },
      );
      const healthyMs = performance.now() - began;
      if (kills === 0) {
        [ids.research, ids.check] = await Promise.all([startResearch(server.origin), startCheck(server.origin)]);
        await followUp(server.origin, ids.followUp);
      }
      await Promise.race([
        server.exited(),
        new Promise((_, reject) => setTimeout(() => reject(new Error(`no kill:\n${server.output()}`)), 120_000)),
      ]);
      await app.kill9();
      kills++;
      const hit = armed.filter(([label, steps]) =>
        server.output().includes(`critica: fault injection: ${runOf[label]()} reached ${label}/${steps[0]}`),
      );
      expect(hit.length).toBeGreaterThan(0);
      console.log(
        `stage kill ${kills}: killed after ${hit.map(([label, steps]) => `${label}/${steps[0]}`).join(", ")} ` +
          `${Math.round(performance.now() - began)} ms after the start (healthy after ${Math.round(healthyMs)} ms)`,
      );
      for (const [label, steps] of hit) {
        steps.shift();
        const seqs = (await runEvents(runOf[label]())).map((e) => e.seq);
        expect(seqs).toEqual(seqs.map((_, i) => i + 1));
      }
    }
    await app.start();
    for (const [runId, turns] of [
      [ids.research, 1],
      [ids.check, 1],
      [ids.followUp, 2],
    ] as const) {
      const row = await runFinished(runId, 60_000, turns);
      expect([row.status, row.error]).toEqual(["completed", null]);
    }
  });

  it("ends with exactly the events of the runs never interrupted, and no slot held", async () => {
    const { getDb } = await import("@/lib/db/client");
    const firstTurnEnd = (await runEvents(ids.referenceResearch)).find((e) => e.type === "run-finished")!.seq;
    for (const [killed, reference, maxSeq] of [
      [ids.research, ids.referenceResearch, firstTurnEnd],
      [ids.followUp, ids.referenceResearch, Infinity],
      [ids.check, ids.referenceCheck, Infinity],
    ] as const) {
      const [shape, expected] = [await eventShape(killed), await eventShape(reference, maxSeq)];
      // Parallel searches save their events in the order they answer: the same events, in any order of those.
      expect([...shape].sort()).toEqual([...expected].sort());
      expect(shape.length).toBe(expected.length);
      const seqs = (await runEvents(killed)).map((e) => e.seq);
      expect(seqs).toEqual(seqs.map((_, i) => i + 1));
      const row = await getDb().run.findUniqueOrThrow({ where: { id: killed } });
      expect(await getDb().runEvidence.count({ where: { runId: killed } })).toBe(row.evidenceCount);
    }
    const [research, followUp, check] = await Promise.all(
      [ids.research, ids.followUp, ids.check].map((id) => getDb().run.findUniqueOrThrow({ where: { id } })),
    );
    console.log(
      `stage kill: research run ${research.evidenceCount} records, follow-up ${followUp.evidenceCount} records, ` +
        `claim check ${check.evidenceCount} records, each with the events of its uninterrupted run`,
    );
    expect(await getDb().run.count({ where: { status: { in: ["queued", "running"] } } })).toBe(0);
    expect(app.server!.output()).not.toMatch(/uncaught|unhandled/i);
  });
});
