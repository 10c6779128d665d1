import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readCassette } from "@/lib/ai/cassette";
import { startFakeOpenAIServer, type FakeOpenAIServer } from "@/tests/support/fake-openai-server";
import { schemaAnswers } from "@/tests/support/schema-answers";

/** Longest a command may take before the test kills it (its whole process group). */
const COMMAND_TIMEOUT_MS = 90_000;

/**
 * Runs `npm run -s eval -- <args>` in its own process group with the test's environment minus vitest's variables and
 * any model settings, plus `env`; kills the group (by its id) if it outlives COMMAND_TIMEOUT_MS.
 */
function evalCommand(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith("VITEST") && !/^(OPENAI_|CRITICA_LLM_)/.test(key)),
  );
  const child = spawn("npm", ["run", "-s", "eval", "--", ...args], {
    cwd: process.cwd(),
    // npm runs tsx on the PATH's node: this test's (Node 22) first.
    env: {
      ...inherited,
      PATH: `${path.dirname(process.execPath)}:${process.env.PATH}`,
      ...env,
    } as unknown as NodeJS.ProcessEnv,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (d) => (stdout += d));
  child.stderr!.on("data", (d) => (stderr += d));
  const timer = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), COMMAND_TIMEOUT_MS);
  return new Promise((resolve) =>
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}

const ARGS = ["claims", "--backend", "llm", "--limit", "5"];
const PRICES = { OPENAI_PRICE_INPUT_PER_MTOK: "0.15", OPENAI_PRICE_OUTPUT_PER_MTOK: "0.60" };

// What `npm run eval -- claims --backend llm --limit 5` prints on the loopback server, whose answers are chosen by
// agent from each request's JSON schema (claim scoring gives its block 4 the score 4), never from the prompt's words.
// 7 claim checks (5 pairs, 2 of them CID relations also checked negated): a counter-statement each, 4 scoring
// batches each (up to 40 records in batches of 10), one passage call each (block 4 reached the threshold); no
// passage is found verbatim in its abstract, so no counter-report or verdict call: every verdict is decided by
// counting, undecided. Tokens are the server's 100 + 20 per call; the cost 4,200 × $0.15 + 840 × $0.60 per million.
const EXPECTED = `claims: CDR_TestSet (library: test records only), 500 documents, 2 gold relations
                                                               P      R     F1  TP  FP  FN
co-occurrence (supports every pair)                        0.400  1.000  0.571   2   3   0
“<chemical> causes <disease>.” → supports                  0.000  0.000  0.000   0   0   2
“… does not cause …” contradicted (0 of 2 true relations)  0.000  0.000  0.000   0   0   2
model: qwen3:8b — 42 model calls · 4,200 input + 840 output tokens · est. $0.0011
  counter-statement: 7 calls · 700 input + 140 output tokens
  claim-scoring: 28 calls · 2,800 input + 560 output tokens
  claim-passages: 7 calls · 700 input + 140 output tokens
`;

describe("npm run eval -- claims --backend llm (a real process against a loopback model server)", () => {
  let server: FakeOpenAIServer | null = null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "critica-eval-llm-"));
  const cassette = path.join(dir, "claims.json");
  beforeAll(async () => {
    server = await startFakeOpenAIServer(schemaAnswers({ "claim-scoring": 4 }));
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(
    "runs the LLM claim check on 5 sampled pairs and prints the figures, the model calls, tokens and estimated cost",
    async () => {
      const result = await evalCommand(ARGS, {
        OPENAI_API_KEY: "ollama",
        OPENAI_BASE_URL: server!.baseURL,
        OPENAI_MODEL: "qwen3:8b",
        ...PRICES,
        CRITICA_LLM_CASSETTE: "record",
        CRITICA_LLM_CASSETTE_PATH: cassette,
      });
      expect(result.stderr).toBe("");
      expect(result.code).toBe(0);
      expect(result.stdout).toBe(EXPECTED);
      expect(server!.requests).toHaveLength(42);
      // Identical requests share a key: the passage calls of the 7 checks show the same record and counter-statement.
      expect(readCassette(cassette).interactions).toHaveLength(36);
    },
    COMMAND_TIMEOUT_MS,
  );

  it(
    "replays the recorded run from its cassette with the server closed and no key: the same figures",
    async () => {
      await server!.close();
      server = null;
      const result = await evalCommand(ARGS, {
        ...PRICES,
        CRITICA_LLM_CASSETTE: "replay",
        CRITICA_LLM_CASSETTE_PATH: cassette,
      });
      expect([result.code, result.stderr]).toEqual([0, ""]);
      expect(result.stdout).toBe(EXPECTED);
    },
    COMMAND_TIMEOUT_MS,
  );

  it(
    "refuses --backend llm when no model is configured, saying what to set",
    async () => {
      const result = await evalCommand(ARGS, {});
      expect([result.code, result.stdout]).toEqual([1, ""]);
      expect(result.stderr).toBe(
        "--backend llm needs a language model, and none is configured: set OPENAI_API_KEY (for a local server " +
          "also OPENAI_BASE_URL " +
          "and OPENAI_MODEL, see docs/local-models.md), or replay a recorded cassette with " +
          "CRITICA_LLM_CASSETTE=replay.\n",
      );
    },
    COMMAND_TIMEOUT_MS,
  );
});
