import type { ScriptedReply } from "./fake-openai-server";

/**
 * Scripted "personas" of a model for the loopback server: answers built from the JSON schema each request sends
 * (response_format json_schema), so one persona answers every agent of a run, research, claim check or chat,
 * without a script per step and without reading the prompt's words.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  minItems?: number;
};

/** What the abstaining persona writes in every text field. */
export const ABSTAIN_TEXT = "the evidence provided does not answer this question";

/** Enum values an abstaining model picks when it may: the cautious end of each scale. */
const CAUTIOUS = ["does-not-answer", "continue", "undecided", "unclear", "low", "FAIL", "neutral", "evidence"];

/** The JSON schema of a request's answer, or null for a plain-text request (the chat answer). */
function answerSchema(body: Record<string, unknown>): JsonSchema | null {
  const format = body.response_format as { json_schema?: { schema?: JsonSchema } } | undefined;
  return format?.json_schema?.schema ?? null;
}

/** The smallest value a schema allows, with `text` in every string and the cautious choice of every enum. */
function minimal(schema: JsonSchema, text: string): unknown {
  if (schema.anyOf) return schema.anyOf.some((s) => s.type === "null") ? null : minimal(schema.anyOf[0], text);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes("null")) return null;
  if (schema.enum) return schema.enum.find((v) => CAUTIOUS.includes(String(v))) ?? schema.enum[0];
  if (types.includes("object"))
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, minimal(v, text)]));
  if (types.includes("array"))
    return Array.from({ length: schema.minItems ?? 0 }, () => minimal(schema.items ?? {}, text));
  if (types.includes("number") || types.includes("integer")) return 0;
  if (types.includes("boolean")) return false;
  return text;
}

/**
 * A model that abstains on every call: every text field says {@link ABSTAIN_TEXT}, every list is as short as the
 * schema allows, every number 0, every boolean false, every enum its cautious value, every nullable field null; a
 * plain-text request (the chat's answer) gets the sentence itself.
 */
export function abstainingReply(body: Record<string, unknown>): string | ScriptedReply {
  const schema = answerSchema(body);
  if (!schema) return `The run's evidence does not answer this question.`;
  return JSON.stringify(minimal(schema, ABSTAIN_TEXT));
}

/**
 * What the hostile persona writes in every text field: an invented finding with an uncited dose, a marker past any
 * reference list, an author–year citation with an invented PMID, an invented quotation, an invented URL and DOI.
 */
export const HOSTILE_TEXT =
  "Metformin reverses renal injury in all patients at 2500 mg daily [42] (Smith et al., 2024, PMID 99999999). " +
  '"This sentence was never written by any author" [1]. ' +
  "See https://fabricated.example/paper/7 and doi 10.9999/fake.2024.001.";

/** The inventions of {@link HOSTILE_TEXT}: none of them may reach a reader. */
export const HOSTILE_INVENTIONS = [
  "99999999",
  "fabricated.example",
  "10.9999",
  "fake.2024",
  "This sentence was never written by any author",
  "[42]",
  "Smith et al.",
];

/** Enum values a hostile model picks when it may: the most confident end of each scale. */
const CONFIDENT = ["answers", "synthesize", "PASS", "contradicts", "high", "evidence"];

/** A value a schema allows, filled with inventions: `text` in every string, 10 in every number, two items per list. */
function invented(schema: JsonSchema, text: string): unknown {
  if (schema.anyOf) return invented(schema.anyOf.find((s) => s.type !== "null") ?? schema.anyOf[0], text);
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((t) => t !== "null");
  if (schema.enum) return schema.enum.find((v) => CONFIDENT.includes(String(v))) ?? schema.enum[0];
  if (types.includes("object"))
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, invented(v, text)]));
  if (types.includes("array"))
    return Array.from({ length: Math.max(2, schema.minItems ?? 0) }, () => invented(schema.items ?? {}, text));
  if (types.includes("number") || types.includes("integer")) return 10;
  if (types.includes("boolean")) return true;
  return text;
}

/**
 * A hostile model: it fills every field with inventions ({@link HOSTILE_TEXT} in every text field, two items in
 * every list, 10 in every number, every nullable field filled, the most confident enum value); a plain-text request
 * (the chat's answer) gets the text itself.
 */
export function hostileReply(body: Record<string, unknown>): string | ScriptedReply {
  const schema = answerSchema(body);
  return schema ? JSON.stringify(invented(schema, HOSTILE_TEXT)) : HOSTILE_TEXT;
}

/** The user message of a request (the prompt the agent wrote). */
function userText(body: Record<string, unknown>): string {
  return ((body.messages as Array<{ role: string; content: unknown }>) ?? [])
    .map((m) => (m.role === "user" && typeof m.content === "string" ? m.content : ""))
    .join("\n");
}

/**
 * A cooperative model: a plausible, valid answer for each agent, told apart by the name of its answer schema
 * ("judge_output"…), built from the evidence its prompt shows (keys, sentence ids, numbered blocks), so every agent
 * of a research run, a claim check and a chat follow-up runs its real path: the relevance pass finds every block
 * relevant, hypotheses cite the first block, the report cites the first sentence of its first two blocks, the critic
 * passes every claim, the claim check scores every record 4 and copies each record's first abstract sentence as its
 * passage; a plain-text request (the chat's answer) cites the first sentence id shown (or the first numbered block).
 */
export function cooperativeReply(body: Record<string, unknown>): string | ScriptedReply {
  const format = body.response_format as { json_schema?: { name?: string } } | undefined;
  const prompt = userText(body);
  const keyed = [...prompt.matchAll(/<evidence key="(E\d+)" id="[^"]+">\n([\s\S]*?)\n<\/evidence>/g)].map((m) => ({
    key: m[1],
    ids: [...m[2].matchAll(/^(E\d+\.\d+) /gm)].map((x) => x[1]),
  }));
  const numbered = [...prompt.matchAll(/<evidence n="(\d+)" id="[^"]+">\n([\s\S]*?)\n<\/evidence>/g)].map((m) => ({
    n: Number(m[1]),
    abstract: /\nAbstract: (.*)$/m.exec(m[2])?.[1] ?? "",
  }));
  const first = keyed.find((b) => b.ids.length > 0);
  const second = keyed.filter((b) => b.ids.length > 0)[1] ?? first;
  const S = (text: string, b: typeof first) => ({ support: b ? [b.ids[0]] : [], text });
  switch (format?.json_schema?.name) {
    case undefined:
      if (first) return `The records report related findings [${first.ids[0]}].`;
      return numbered.length > 0
        ? `The records report related findings [${numbered[0].n}].`
        : "The run's evidence does not answer this question.";
    case "relevance_output":
      return JSON.stringify({
        records: keyed.map((b) => ({ key: b.key, summary: "Reports a finding that bears on the question.", score: 7 })),
      });
    case "hypothesis_output":
      return JSON.stringify({
        evidenceReading: "The records relate the intervention to the outcome.",
        hypotheses: first
          ? [
              {
                drug: "cognitive training",
                target: "BDNF",
                pathway: "neuroplasticity",
                effect: "cognitive gains",
                confidence: 0.5,
                supportingEvidence: [first.key],
                contradictingEvidence: [],
                searchSuggestions: [],
                links: null,
              },
            ]
          : [],
        primaryHypothesis: first ? 1 : null,
        knowledgeGaps: [],
        recommendedSearches: [],
      });
    case "judge_output":
      return JSON.stringify({
        keyFindings: first ? [`A finding [${first.key}].`] : [],
        mechanismReasoning: "Some direct evidence.",
        mechanismScore: 6,
        clinicalReasoning: "A trial.",
        clinicalScore: 6,
        drugCandidates: ["cognitive training"],
        reasoning: "Enough to write.",
        confidence: 0.6,
        sufficient: true,
        recommendation: "synthesize",
        nextSearchQueries: [],
      });
    case "report_output":
      return JSON.stringify({
        evidenceReading: "The records answer the question in part.",
        outcome: "answers",
        missing: [],
        title: "Cognitive training and serum BDNF",
        executiveSummary: [S("The records report a related finding.", first)],
        methodology: "The local library was searched.",
        mechanisticFindings: [S("A record describes the mechanism.", first)],
        clinicalFindings: [S("A record reports outcomes in patients.", second)],
        drugCandidates: [],
        limitations: ["Few records."],
        conclusion: [S("The evidence is preliminary.", second)],
      });
    case "critic_output":
      return JSON.stringify({
        claims: [...prompt.matchAll(/<claim n="(\d+)"/g)].map((m) => ({
          claim: Number(m[1]),
          reasoning: "Every element is stated.",
          verdict: "PASS",
        })),
      });
    case "claim-extraction_output":
      return JSON.stringify({ claims: ["Cognitive training has no effect on serum BDNF in schizophrenia."] });
    case "counter-statement_output":
      return JSON.stringify({
        counterStatement: "Cognitive training changes serum BDNF in schizophrenia.",
        keywords: ["cognitive training", "BDNF", "schizophrenia"],
        keywordQuery: "cognitive training AND BDNF",
        hydeAbstracts: ["Training raised BDNF.", "BDNF rose after training."],
      });
    case "claim-scoring_output":
      return JSON.stringify({
        scores: numbered.map((b) => ({ n: b.n, rationale: "Reports a related finding.", score: 4 })),
      });
    case "claim-passages_output":
      return JSON.stringify({
        passages: numbered
          .map((b) => ({
            n: b.n,
            passage: b.abstract.replace(/^(?:[A-Z][A-Z ,&/()-]{2,60}?: )/, "").match(/^.*?[.!?](?=\s|$)/)?.[0] ?? "",
          }))
          .filter((p) => p.passage),
      });
    case "counter-report_output":
      return JSON.stringify({
        report:
          "In a trial, cognitive training was followed by a rise in serum BDNF in patients with schizophrenia " +
          "[1]. The finding rests on a single study and needs replication before it can be generalised.",
      });
    case "claim-verdict_output":
      return JSON.stringify({
        rationale: "One trial reports a rise in BDNF [1].",
        verdict: "undecided",
        confidence: "low",
      });
    case "chat-classify_output":
      return JSON.stringify({ kind: "evidence", focus: "", reason: "answerable from the run's records" });
    default:
      return abstainingReply(body);
  }
}
