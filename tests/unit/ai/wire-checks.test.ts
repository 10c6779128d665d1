import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTextEmbedder } from "@/lib/ai/embeddings";
import { getLanguageModel } from "@/lib/ai/providers";
import { createLlmClaimBackend } from "@/lib/claims/agents/llm";
import { postFollowUp } from "@/lib/chat/post-message";
import { getRun } from "@/lib/db/runs";
import type { Evidence } from "@/lib/domain/evidence";
import { abstractSentences, sectionKind } from "@/lib/evidence/prompt-context/excerpts";
import { firstTurnEvents } from "@/lib/chat/report-versions";
import { claimCheck, research } from "@/lib/modes";
import { createLlmBackend } from "@/lib/research/agents/llm";
import { getRunDetail } from "@/lib/runs/projections";
import { startRun } from "@/lib/runs/start";
import { readAnswer } from "@/tests/support/chat";
import { startFakeOpenAIServer, type FakeOpenAIServer } from "@/tests/support/fake-openai-server";
import { cooperativeReply } from "@/tests/support/model-personas";
import { importCorpus, useTempDatabase } from "@/tests/support/temp-database";

const QUESTION = "Does cognitive training increase serum BDNF in schizophrenia?";

type JsonSchema = { properties?: Record<string, JsonSchema>; items?: JsonSchema; anyOf?: JsonSchema[] };
type Body = {
  temperature?: number;
  messages: Array<{ role: string; content: string }>;
  response_format?: { type: string; json_schema?: { name: string; schema: JsonSchema } };
};

/**
 * A field that commits to a decision (a score, a verdict, a kind, an outcome…), and one that gives its grounds
 * (reasons or evidence).
 */
const DECISION = /(?:^|[a-z])(?:score|Score)$|^(?:verdict|recommendation|sufficient|confidence|outcome|kind)$/;
const REASON = /reason|rationale|summary|issue|reading|Evidence$/i;

/**
 * Every object of a schema (nested objects and array items included) with a decision field that no reasoning precedes:
 * a decision's own reasoning ("mechanismReasoning" for "mechanismScore") must come before it, and any other decision
 * must follow at least one reason field.
 */
function decisionsBeforeReasons(schema: JsonSchema, path = "$"): string[] {
  const out: string[] = [];
  const names = Object.keys(schema.properties ?? {});
  names.forEach((name, i) => {
    if (!DECISION.test(name)) return;
    const prefix = name.replace(/(?:Score|score)$/, "");
    const own = prefix && prefix !== name ? names.findIndex((n) => n.startsWith(prefix) && REASON.test(n)) : -1;
    const before = own >= 0 ? own < i : names.slice(0, i).some((n) => REASON.test(n));
    if (!before) out.push(`${path}.${name} (fields: ${names.join(", ")})`);
  });
  for (const [name, child] of Object.entries(schema.properties ?? {}))
    out.push(...decisionsBeforeReasons(child, `${path}.${name}`));
  if (schema.items) out.push(...decisionsBeforeReasons(schema.items, `${path}[]`));
  for (const branch of schema.anyOf ?? []) out.push(...decisionsBeforeReasons(branch, path));
  return out;
}

/** The agents that score, judge, decide or copy: they run at temperature 0. */
const RUBRIC = new Set([
  "relevance",
  "judge",
  "critic",
  "claim-extraction",
  "claim-scoring",
  "claim-passages",
  "claim-verdict",
  "chat-classify",
]);

const agentOf = (body: Body) => body.response_format?.json_schema?.name.replace(/_output$/, "") ?? "chat-answer";
const user = (body: Body) =>
  body.messages
    .filter((m) => m.role === "user")
    .map((m) => m.content)
    .join("\n");

/** Whether a text shows a section of the CONCLUSIONS kind (its label: "CONCLUSIONS:", "INTERPRETATION:"…). */
const showsConclusions = (text: string) =>
  [...text.matchAll(/([A-Z][A-Z ,&/()-]{2,60}?):\s/g)].some((m) => sectionKind(m[1]) === "conclusions");
const hasConclusions = (abstract: string) => abstractSentences(abstract).some((s) => s.kind === "conclusions");

/**
 * Every place a prompt shows a record's abstract, as [evidence id, shown text]: the research agents' keyed blocks,
 * the claim check's and the chat's numbered blocks, and the counter-report's findings (named by their PMID).
 */
function shownAbstracts(prompt: string, byPmid: Map<string, Evidence>): Array<[string, string]> {
  const blocks = [...prompt.matchAll(/<evidence (?:key|n)="[^"]+" id="([^"]+)">\n([\s\S]*?)\n<\/evidence>/g)].map(
    (m): [string, string] => [m[1], m[2].slice(m[2].search(/\n(?:Excerpt|Abstract):/) + 1)],
  );
  const findings = [
    ...prompt.matchAll(/PMID (\d+); score[^\n]*\nPassage: [^\n]*\nFindings: <text>([\s\S]*?)<\/text>/g),
  ].flatMap((m): Array<[string, string]> => {
    const e = byPmid.get(m[1]);
    return e ? [[e.id, m[2]]] : [];
  });
  return [...blocks, ...findings];
}

describe(
  "on the wire: a research run, a claim check and a chat follow-up through @ai-sdk/openai-compatible (loopback " +
    "server)",
  () => {
    let cleanup: () => void;
    let server: FakeOpenAIServer;
    const evidence = new Map<string, Evidence>();
    let runs: { research: string; claimCheck: string };
    beforeAll(async () => {
      ({ cleanup } = await useTempDatabase("wire-checks"));
      await importCorpus(["medline16n0902_sample_604.xml"]);
      server = await startFakeOpenAIServer([], { otherwise: cooperativeReply });
      const configured = getLanguageModel({
        OPENAI_API_KEY: "ollama",
        OPENAI_BASE_URL: server.baseURL,
        OPENAI_MODEL: "qwen2.5:7b-instruct",
      } as unknown as NodeJS.ProcessEnv)!;
      const backend = createLlmBackend(configured.model, configured.modelId, {
        promptStyle: configured.promptStyle,
        sampling: {},
      });
      const run = await startRun(
        research,
        { question: QUESTION, sources: ["local"], maxIterations: 1 },
        { overrides: { backend } },
      );
      expect((await run.done).status).toBe("completed");
      const claims = createLlmClaimBackend(configured.model, configured.modelId, {
        promptStyle: configured.promptStyle,
      });
      const check = await startRun(
        claimCheck,
        {
          text: "Cognitive training has no effect on serum BDNF in schizophrenia. The effect is nil.",
          sources: ["local"],
        },
        { overrides: { backend: claims, embedder: createTextEmbedder() } },
      );
      expect((await check.done).status).toBe("completed");
      const answer = await readAnswer(
        await postFollowUp(
          (await getRun(run.runId))!,
          { text: "What did the trials find?" },
          {
            mode: research,
            model: { model: configured.model, modelId: configured.modelId, promptStyle: configured.promptStyle },
          },
        ),
      );
      expect(answer.errors).toEqual([]);
      for (const id of [run.runId, check.runId])
        for (const e of (await getRunDetail(id))!.evidence) evidence.set(e.id, e);
      runs = { research: run.runId, claimCheck: check.runId };
    }, 120_000);
    afterAll(async () => {
      await server.close();
      cleanup();
    });

    it("every agent of the three was called, over HTTP, once at least", () => {
      const agents = new Set((server.requests as Body[]).map(agentOf));
      expect([...agents].sort()).toEqual(
        [
          "chat-answer",
          "chat-classify",
          "claim-extraction",
          "claim-passages",
          "claim-scoring",
          "claim-verdict",
          "counter-report",
          "counter-statement",
          "critic",
          "hypothesis",
          "judge",
          "relevance",
          "report",
        ].sort(),
      );
    });

    it("each run's model calls, up to its end, are made by its mode's agents (RunMode.agents)", async () => {
      for (const [mode, id] of [
        [research, runs.research],
        [claimCheck, runs.claimCheck],
      ] as const) {
        const called = new Set(
          firstTurnEvents((await getRunDetail(id))!.events).flatMap((e) => (e.type === "usage" ? [e.data.agent] : [])),
        );
        expect(called.size).toBeGreaterThan(3);
        expect([...called].filter((agent) => !mode.agents.some((a) => a.name === agent))).toEqual([]);
      }
    });

    it("no schema puts a verdict, score, kind or outcome before its reasoning", () => {
      const offending = (server.requests as Body[]).flatMap((b) =>
        b.response_format?.json_schema
          ? decisionsBeforeReasons(b.response_format.json_schema.schema).map((p) => `${agentOf(b)} ${p}`)
          : [],
      );
      expect(offending).toEqual([]);
    });

    it("every rubric call runs at temperature 0", () => {
      const rubric = (server.requests as Body[]).filter((b) => RUBRIC.has(agentOf(b)));
      expect(rubric.length).toBeGreaterThanOrEqual(RUBRIC.size);
      expect(rubric.filter((b) => b.temperature !== 0).map(agentOf)).toEqual([]);
    });

    it("every structured abstract shown in any prompt carries its CONCLUSIONS", () => {
      const byPmid = new Map(
        [...evidence.values()].flatMap((e) => (e.citation.pmid ? [[e.citation.pmid, e] as const] : [])),
      );
      const shown = (server.requests as Body[]).flatMap((b) =>
        shownAbstracts(user(b), byPmid).map(([id, text]) => ({ agent: agentOf(b), id, text })),
      );
      const structured = shown.filter((s) => hasConclusions(evidence.get(s.id)?.citation.abstract ?? ""));
      // The research agents, the claim check (scoring, passages, counter-report findings) and the chat all showed some.
      expect(new Set(structured.map((s) => s.agent))).toEqual(
        new Set([
          "relevance",
          "hypothesis",
          "judge",
          "report",
          "critic",
          "claim-scoring",
          "claim-passages",
          "counter-report",
          "chat-answer",
        ]),
      );
      expect(structured.filter((s) => !showsConclusions(s.text)).map((s) => `${s.agent} ${s.id}`)).toEqual([]);
    });
  },
);
