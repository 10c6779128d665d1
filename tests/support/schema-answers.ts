import type { Script } from "./fake-openai-server";

/** The JSON-schema keywords read here (what the AI SDK sends for a zod schema in `response_format.json_schema`). */
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  $ref?: string;
}

/** The text of every string the answers hold. */
export const ANSWER_TEXT = "Not established.";

/**
 * The simplest value that satisfies a JSON schema, the same for the same schema: an object with every property,
 * an array of one item (or `minItems`), the first of an enum, the minimum of a number (else `number`, default 1),
 * true, and {@link ANSWER_TEXT} for a string; of a union, its first branch that is not null. `$ref`s resolve
 * against `root`.
 */
export function valueForSchema(schema: JsonSchema, root: JsonSchema = schema, number = 1): unknown {
  const value = (s: JsonSchema) => valueForSchema(s, root, number);
  if (schema.$ref) {
    const target = schema.$ref
      .replace(/^#\//, "")
      .split("/")
      .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], root);
    return value(target as JsonSchema);
  }
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return value(branches.find((b) => b.type !== "null") ?? branches[0]);
  const type = Array.isArray(schema.type) ? (schema.type.find((t) => t !== "null") ?? "null") : schema.type;
  switch (type) {
    case "object":
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, value(v)]));
    case "array":
      return Array.from({ length: Math.min(Math.max(schema.minItems ?? 0, 1), schema.maxItems ?? Infinity) }, () =>
        value(schema.items ?? {}),
      );
    case "number":
    case "integer":
      return Math.min(
        schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : number),
        schema.maximum ?? Infinity,
      );
    case "boolean":
      return true;
    case "null":
      return null;
    default:
      return ANSWER_TEXT;
  }
}

/**
 * A fake-server script that answers every request with {@link valueForSchema} of the JSON schema the request
 * asks for (`{}` when it asks for none): an answer chosen by the agent's schema, never by the prompt's words, so it
 * stays valid when prompts change (and when a schema changes, it follows). `numbers` gives, per agent (the schema's
 * name without "_output", e.g. "claim-scoring"), the value of its numbers instead of 1.
 */
export function schemaAnswers(numbers: Record<string, number> = {}): Script {
  return (body) => {
    const format = (body as { response_format?: { json_schema?: { name?: string; schema?: JsonSchema } } })
      .response_format?.json_schema;
    const agent = format?.name?.replace(/_output$/, "") ?? "";
    return JSON.stringify(format?.schema ? valueForSchema(format.schema, format.schema, numbers[agent] ?? 1) : {});
  };
}
