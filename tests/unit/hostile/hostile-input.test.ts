import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { actionProblem, answerOf, newTally, outcomeOf, refusedAction, routeProblem, tryOne } from "./harness";

// The hostile-input suite: every operation of /api/openapi.json (plus better-auth's sign-up and sign-in) and every
// server action gets inputs generated with fast-check from the zod schemas (tests/unit/hostile/generators.ts) as
// anonymous, as another user and as the owner of the runs named. Every answer must be a 4xx with a JSON message or
// a documented 2xx (an action: `{ error }`, its success value or a redirect), never a 5xx or a stack trace, and the
// database must be unchanged after every refused request. Fixed seeds make a failure reproducible.
const req = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock("server-only", () => ({}));
vi.mock("next/headers", () => ({
  headers: async () => req.headers,
  cookies: async () => ({ get: () => undefined, set: () => undefined }),
}));
vi.mock("next/server", () => ({ connection: async () => undefined }));
vi.mock("next/cache", () => ({ revalidatePath: () => undefined }));

const RUNS_PER_ROUTE = Number(process.env.HOSTILE_RUNS ?? 12);
const SEED = 20261125;
/** HOSTILE_COLLECT=1: try every input and list every problem instead of stopping at the first (to fix many at once). */
const COLLECT = process.env.HOSTILE_COLLECT === "1";

const { getDb } = await import("@/lib/db/client");
const { useTempDatabase } = await import("@/tests/support/temp-database");

interface Fixtures {
  callers: Array<{ name: string; cookie: string | null }>;
  ownerRun: string;
  adminRun: string;
  runningRun: string;
  shareToken: string;
}

/** Accounts (admin, owner, other), a finished run of the owner and of the admin, a running run and a share link. */
async function fixtures(): Promise<Fixtures> {
  const { signUp } = await import("@/tests/unit/auth/support");
  const { research } = await import("@/lib/modes");
  const { startRun } = await import("@/lib/runs/start");
  const { createRun, updateRun } = await import("@/lib/db/runs");
  const { createShareLink } = await import("@/lib/db/share-links");
  const admin = await signUp("admin@lab.org");
  const owner = await signUp("owner@lab.org");
  const other = await signUp("other@lab.org");
  const finished = async (ownerId: string) => {
    const { runId, done } = await startRun(
      research,
      { question: "Does lithium cause nephrotoxicity?", sources: ["local"], maxIterations: 1 },
      { ownerId },
    );
    await done;
    return runId;
  };
  const ownerRun = await finished(owner.userId);
  const adminRun = await finished(admin.userId);
  const runningRun = crypto.randomUUID();
  await createRun({
    id: runningRun,
    settings: { mode: "research", question: "Is amiodarone toxic to the lung?", sources: ["local"], maxIterations: 1 },
    backend: "extractive",
    model: null,
    ownerId: owner.userId,
  });
  await updateRun(runningRun, { status: "running" });
  const shareToken = await createShareLink(ownerRun, { kind: "fixture" } as never);
  return {
    callers: [
      { name: "anonymous", cookie: null },
      { name: "another user", cookie: other.cookie },
      { name: "the owner", cookie: owner.cookie },
    ],
    ownerRun,
    adminRun,
    runningRun,
    shareToken,
  };
}

describe("hostile input to every route and server action (CRITICA_AUTH=on)", () => {
  const saved = { ...process.env };
  let cleanup: () => void;
  let fx: Fixtures;
  const tally = newTally();

  beforeAll(async () => {
    Object.assign(process.env, {
      CRITICA_AUTH: "on",
      BETTER_AUTH_SECRET: "unit-test-secret-0123456789abcdef0123456789",
      CRITICA_ENGINE: "inline",
      CRITICA_SOURCES: "local",
      OPENAI_API_KEY: "",
    });
    ({ cleanup } = await useTempDatabase("hostile"));
    fx = await fixtures();
  }, 120_000);
  afterAll(async () => {
    await getDb().$disconnect();
    process.env = saved;
    cleanup();
  });

  /** Waits until no run or answer started by an accepted input is still being written (at most 60 s). */
  const settle = async () => {
    for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
      const busy =
        (await getDb().run.count({ where: { status: { in: ["queued", "running"] }, id: { not: fx.runningRun } } })) +
        (await getDb().message.count({ where: { status: "streaming" } }));
      if (busy === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it(
    "answers every generated bad input to the HTTP API with a 4xx and a JSON message (or a documented 2xx), and " +
      "changes nothing when it refuses",
    async () => {
      const { routeCases } = await import("./routes");
      const cases = await routeCases({ runs: [fx.ownerRun, fx.adminRun, fx.runningRun] });
      for (const [i, route] of cases.entries()) {
        for (const caller of fx.callers) {
          req.headers = new Headers(caller.cookie ? { cookie: caller.cookie } : {});
          await fc.assert(
            fc.asyncProperty(route.inputs, async (input) => {
              let answerStatus = 0;
              const problem = await tryOne(
                getDb(),
                tally,
                `${route.operation} as ${caller.name} with ${input.label}`,
                async () => {
                  const answer = await answerOf((signal) => route.call(input.value, req.headers, signal), 500);
                  answerStatus = answer.status;
                  const found = routeProblem(answer, route.documented);
                  return { problem: found, refused: answer.status >= 400, serverError: answer.status >= 500 };
                },
                settle,
              );
              if (!COLLECT)
                expect(
                  problem,
                  `${route.operation} as ${caller.name}, ${input.label}: answered ${answerStatus}`,
                ).toBeNull();
            }),
            { numRuns: RUNS_PER_ROUTE, seed: SEED + i, endOnFailure: true },
          );
        }
      }
    },
    600_000,
  );

  it(
    "answers every generated bad argument list of a server action with { error } (or its success), never a throw, " +
      "and changes nothing when it refuses",
    async () => {
      const { actionCases } = await import("./actions");
      const cases = await actionCases([fx.adminRun, fx.runningRun], fx.shareToken);
      for (const [i, action] of cases.entries()) {
        for (const caller of fx.callers) {
          req.headers = new Headers(caller.cookie ? { cookie: caller.cookie } : {});
          await fc.assert(
            fc.asyncProperty(action.inputs, async (input) => {
              const problem = await tryOne(
                getDb(),
                tally,
                `${action.action} as ${caller.name} with ${input.label}`,
                async () => {
                  const outcome = await outcomeOf(() => action.call(input.value));
                  const found = actionProblem(outcome);
                  return { problem: found, refused: refusedAction(outcome), serverError: outcome.kind === "threw" };
                },
                settle,
              );
              if (!COLLECT) expect(problem, `${action.action} as ${caller.name}, ${input.label}`).toBeNull();
            }),
            { numRuns: RUNS_PER_ROUTE, seed: SEED + 100 + i, endOnFailure: true },
          );
        }
      }
    },
    600_000,
  );

  afterAll(() => {
    console.log(
      `hostile-input suite: ${tally.tried} inputs tried, ${tally.serverErrors.length} server errors, ` +
        `${tally.rowsChangedByRefused} rows changed by a refused request`,
    );
    for (const line of [...tally.serverErrors, ...tally.changedByRefused, ...tally.problems].slice(
      0,
      COLLECT ? 500 : 20,
    ))
      console.log(`  ${line.slice(0, 400)}`);
  });
});
