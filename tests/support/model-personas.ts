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
