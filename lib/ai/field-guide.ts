import { z } from "zod";

type JsonSchema = {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
};

/**
 * The non-null branch of a nullable schema (zod writes `.nullable()` as anyOf [T, null], or as a type list
 * ["number", "null"] for primitives) and whether it is nullable.
 */
function unwrap(s: JsonSchema): { schema: JsonSchema; nullable: boolean } {
  if (Array.isArray(s.type)) {
    const other = s.type.filter((t) => t !== "null");
    return { schema: { ...s, type: other.length === 1 ? other[0] : other }, nullable: s.type.includes("null") };
  }
  if (s.anyOf) {
    const other = s.anyOf.find((b) => b.type !== "null") ?? {};
    return {
      schema: { ...other, description: s.description ?? other.description },
      nullable: s.anyOf.some((b) => b.type === "null"),
    };
  }
  return { schema: s, nullable: false };
}

function typeName(s: JsonSchema): string {
  if (s.enum) return `one of ${s.enum.map((v) => JSON.stringify(v)).join(", ")}`;
  if (s.type === "array") return s.items?.type === "object" ? "list of objects" : `list of ${typeName(s.items ?? {})}`;
  if (s.type === "integer" || s.type === "number") return "number";
  if (s.type === "string") return "text";
  if (s.type === "boolean") return "true/false";
  if (s.type === "object") return "object";
  return "value";
}

function lines(props: Record<string, JsonSchema>, indent: string): string[] {
  return Object.entries(props).flatMap(([name, raw]) => {
    const { schema, nullable } = unwrap(raw);
    const head =
      `${indent}- ${name} ` +
      `(${typeName(schema)}${nullable ? " or null" : ""})${schema.description ? `: ${schema.description}` : ""}`;
    const inner = schema.type === "array" ? unwrap(schema.items ?? {}).schema : schema;
    if (inner.type === "object" && inner.properties) {
      const item =
        schema.type === "array" ? (inner.description ? ` Each item: ${inner.description}` : " Each item has:") : "";
      return [head + item, ...lines(inner.properties, `${indent}  `)];
    }
    if (schema.type === "array" && schema.items?.description) return [`${head} Each item: ${schema.items.description}`];
    return [head];
  });
}

/**
 * A compact guide to the fields of an answer schema, generated from the zod schema's `.describe()` texts:
 * one line per field with its name, type (text, number, list, one of …, "or null") and description — which
 * carries the meanings and ranges ("Integer 0–10", "1-based position"). Local servers (Ollama, vLLM, LM Studio,
 * llama.cpp) use the JSON schema only to constrain decoding, so descriptions never reach the model unless
 * written into the prompt.
 */
export function fieldGuide(schema: z.ZodType): string {
  const json = z.toJSONSchema(schema, { unrepresentable: "any" }) as JsonSchema;
  return [
    "Answer fields (every field is required; use null or [] when you have nothing):",
    ...lines(json.properties ?? {}, ""),
  ].join("\n");
}

/**
 * The JSON schema of an answer, as compact JSON text without its field descriptions (for servers without json_schema
 * response formats): it is sent with the {@link fieldGuide}, which carries the descriptions once, so the prompt does
 * not pay for them twice (about 3,000 characters on the report agent's schema).
 */
export function schemaText(schema: z.ZodType): string {
  return JSON.stringify(z.toJSONSchema(schema, { unrepresentable: "any" }), (key, value) =>
    key === "description" ? undefined : value,
  );
}
