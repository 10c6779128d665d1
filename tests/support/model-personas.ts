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
  if (types.includes("object")) return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, minimal(v, text)]));
  if (types.includes("array")) return Array.from({ length: schema.minItems ?? 0 }, () => minimal(schema.items ?? {}, text));
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
  'Metformin reverses renal injury in all patients at 2500 mg daily [42] (Smith et al., 2024, PMID 99999999). "This sentence was never written by any author" [1]. ' +
  "See https://fabricated.example/paper/7 and doi 10.9999/fake.2024.001.";

/** The inventions of {@link HOSTILE_TEXT}: none of them may reach a reader. */
export const HOSTILE_INVENTIONS = ["99999999", "fabricated.example", "10.9999", "fake.2024", "This sentence was never written by any author", "[42]", "Smith et al."];

/** Enum values a hostile model picks when it may: the most confident end of each scale. */
const CONFIDENT = ["answers", "synthesize", "PASS", "contradicts", "high", "evidence"];

/** A value a schema allows, filled with inventions: `text` in every string, 10 in every number, two items per list. */
function invented(schema: JsonSchema, text: string): unknown {
  if (schema.anyOf) return invented(schema.anyOf.find((s) => s.type !== "null") ?? schema.anyOf[0], text);
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((t) => t !== "null");
  if (schema.enum) return schema.enum.find((v) => CONFIDENT.includes(String(v))) ?? schema.enum[0];
  if (types.includes("object")) return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, invented(v, text)]));
  if (types.includes("array")) return Array.from({ length: Math.max(2, schema.minItems ?? 0) }, () => invented(schema.items ?? {}, text));
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
