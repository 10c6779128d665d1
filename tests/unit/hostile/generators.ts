import fc from "fast-check";
import { z } from "zod";

/*
 * Hostile inputs, generated with fast-check from the zod schemas the routes validate with: the schema is read as
 * JSON Schema (zod's own z.toJSONSchema), a valid body is built from it, and each generated input breaks one thing
 * about it (a field missing, of the wrong type, too long, out of its enum or range, an attacker's string in it) or
 * the body as a whole (wrong JSON type, unknown or prototype keys, deep nesting).
 */

/** The part of a JSON Schema these generators read. */
interface JsonSchema {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  default?: unknown;
}

/** A zod schema as JSON Schema, its root `$ref` (a schema with a `.meta({ id })`) resolved. */
function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  const ref = json.$ref?.replace(/^#\/\$defs\//, "");
  return ref && json.$defs?.[ref] ? json.$defs[ref] : json;
}

/** One generated input and what it breaks (shown when a check fails). */
export interface Hostile<T> {
  label: string;
  value: T;
}

/** Strings aimed at ids and text fields: path traversal, SQL/NoSQL/template/shell injection, markup, URLs. */
export const ATTACKS = [
  "../../../../etc/passwd",
  "..%2F..%2F..%2Fetc%2Fpasswd",
  "..\\..\\windows\\win.ini",
  "%00",
  "/dev/zero",
  "' OR '1'='1",
  '\'; DROP TABLE "Run"; --',
  "1; SELECT pg_sleep(5)--",
  '{"$ne":null}',
  "${7*7}{{7*7}}<%= 7*7 %>",
  "$(reboot)`id`",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "javascript:alert(1)",
  "http://169.254.169.254/latest/meta-data/",
  "file:///etc/passwd",
  "__proto__",
  "constructor",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "7D1C3A4E-0000-4000-8000-000000000000",
  "NaN",
  "-1",
  "1e309",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
];

/**
 * Unicode edge cases: control characters, lone surrogates, bidi overrides, zero-width and combining marks, BOM, NUL.
 */
export const UNICODE_EDGES = [
  "\u0000",
  "a\u0000b",
  "\u0007\u0008\u001b[31m",
  "\r\n\r\nSet-Cookie: x=1",
  "\ud800",
  "\udfff\ud800",
  "\u202e\u2066evil",
  "\u200b\u200c\u200d\ufeff",
  "e\u0301\u0301\u0301\u0301\u0301\u0301",
  "\uffff\ufffe",
  "𝕏🧬👩‍🔬",
  "\u3000\u00a0\u2028\u2029",
];

const controlOrOdd = fc.constantFrom(...UNICODE_EDGES.join("").split(""), "\t", "\n", "\v", "\f", "\r", "\u0085");

/** Any string an attacker might send: the lists above, random Unicode, control characters, or a huge string. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...ATTACKS, ...UNICODE_EDGES),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: controlOrOdd, minLength: 1, maxLength: 20 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.integer({ min: 10_000, max: 1_000_000 }).map((n) => "A".repeat(n)),
);

/** A value of any JSON type, including the awkward ones (NaN and Infinity become null in JSON). */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.double(),
  fc.constantFrom(0, -1, 2 ** 53, -(2 ** 53), 1e308, Number.MIN_VALUE, 0.5),
  hostileString,
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);

function typesOf(schema: JsonSchema): string[] {
  if (schema.enum)
    return [...new Set(schema.enum.map((v) => (Array.isArray(v) ? "array" : v === null ? "null" : typeof v)))];
  const t = schema.type;
  return t === undefined ? [] : Array.isArray(t) ? t : [t === "integer" ? "number" : t];
}

function jsonType(value: unknown): string {
  return Array.isArray(value) ? "array" : value === null ? "null" : typeof value;
}

/** A valid value of `schema` (the smallest one), used as the base every hostile input changes one thing of. */
export function validValue(schema: JsonSchema): unknown {
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  switch (Array.isArray(schema.type) ? schema.type[0] : schema.type) {
    case "string":
      return schema.format === "uuid"
        ? "7d1c3a4e-0000-4000-8000-000000000000"
        : schema.format === "date"
          ? "2026-01-31"
          : "x".repeat(Math.max(1, schema.minLength ?? 1));
    case "integer":
    case "number":
      return schema.minimum ?? 1;
    case "boolean":
      return true;
    case "array":
      return Array.from({ length: schema.minItems ?? 0 }, () => validValue(schema.items ?? {}));
    case "object":
      return Object.fromEntries((schema.required ?? []).map((k) => [k, validValue(schema.properties?.[k] ?? {})]));
    default:
      return null;
  }
}

/** Values that break `schema` on their own: the wrong type, out of range, too long or short, outside the enum. */
function invalidValues(schema: JsonSchema): fc.Arbitrary<Hostile<unknown>> {
  const types = typesOf(schema);
  const options: Array<fc.Arbitrary<Hostile<unknown>>> = [
    anyJson
      .filter((v) => types.length > 0 && !types.includes(jsonType(v)))
      .map((v) => ({ label: "wrong type", value: v })),
  ];
  if (types.includes("string")) {
    options.push(hostileString.map((v) => ({ label: "hostile string", value: v })));
    if (schema.maxLength !== undefined)
      options.push(
        fc
          .integer({ min: schema.maxLength + 1, max: schema.maxLength * 4 + 10 })
          .map((n) => ({ label: `string of ${n} (max ${schema.maxLength})`, value: "é".repeat(n) })),
      );
    if ((schema.minLength ?? 0) > 0)
      options.push(fc.constantFrom("", " ", "\n\t ", "\u200b\u3000").map((v) => ({ label: "blank string", value: v })));
  }
  if (types.includes("number")) {
    options.push(
      fc
        .oneof(
          fc.constantFrom(-1, 0, 1.5, 1e308, -1e308, 2 ** 53 + 1),
          fc.integer({ min: (schema.maximum ?? 1_000_000) + 1, max: (schema.maximum ?? 1_000_000) + 1_000_000 }),
          fc.integer({ min: -1_000_000, max: (schema.minimum ?? 0) - 1 }),
        )
        .map((v) => ({ label: "number out of range", value: v })),
    );
  }
  if (types.includes("array")) {
    const items = schema.items ?? {};
    options.push(
      fc.oneof(
        fc
          .array(
            invalidValues(items).map((h) => h.value),
            { minLength: 1, maxLength: 4 },
          )
          .map((v) => ({ label: "array of invalid items", value: v as unknown })),
        fc.integer({ min: 1_000, max: 100_000 }).map((n) => ({
          label: `array of ${n} items`,
          value: Array.from({ length: n }, () => validValue(items)) as unknown,
        })),
        fc.constant({ label: "empty array", value: [] as unknown }),
      ),
    );
  }
  return fc.oneof(...options);
}

/**
 * Hostile JSON bodies for an object schema: its valid base with one field missing, invalid or hostile, an unknown or
 * prototype key added, or a body that is not an object at all.
 */
export function hostileBodies(schema: z.ZodType): fc.Arbitrary<Hostile<unknown>> {
  const json = jsonSchemaOf(schema);
  const base = validValue(json) as Record<string, unknown>;
  const fields = Object.entries(json.properties ?? {});
  const options: Array<fc.Arbitrary<Hostile<unknown>>> = [
    anyJson.filter((v) => jsonType(v) !== "object").map((v) => ({ label: "body not an object", value: v })),
    fc.constantFrom("__proto__", "constructor", "prototype", "toString", "unknownField").map((key) => ({
      label: `extra key ${key}`,
      value: JSON.parse(`{${JSON.stringify(key)}:{"polluted":true},${JSON.stringify(base).slice(1)}`),
    })),
  ];
  for (const [key, field] of fields) {
    options.push(
      invalidValues(field).map(({ label, value }) => ({ label: `${key}: ${label}`, value: { ...base, [key]: value } })),
    );
    if (json.required?.includes(key)) {
      options.push(
        fc.constant({
          label: `${key} missing`,
          value: Object.fromEntries(Object.entries(base).filter(([k]) => k !== key)),
        }),
      );
    }
  }
  return fc.oneof(...options);
}

/** Hostile query strings for a query schema: each parameter invalid or hostile, repeated, or unknown parameters. */
export function hostileQueries(schema: z.ZodType): fc.Arbitrary<Hostile<string>> {
  const json = jsonSchemaOf(schema);
  const keys = Object.keys(json.properties ?? {});
  const value = fc.oneof(
    hostileString,
    fc.constantFrom("", "-1", "0", "101", "1.5", "1e999", "2026-02-30", "9999-99-99", "a".repeat(81)),
  );
  return fc
    .array(
      fc.tuple(fc.oneof(fc.constantFrom(...keys), fc.constantFrom("__proto__", "constructor", "limit[]", "x")), value),
      { minLength: 1, maxLength: 4 },
    )
    .map((pairs) => {
      const params = new URLSearchParams();
      for (const [k, v] of pairs) params.append(k, v.slice(0, 200_000));
      return { label: `query ${pairs.map(([k]) => k).join(",")}`, value: params.toString() };
    });
}

/** Hostile values for a path id (a run id in /api/runs/<id>/…): attacks, Unicode, near-UUIDs, other people's ids. */
export function hostileIds(knownIds: string[]): fc.Arbitrary<Hostile<string>> {
  return fc.oneof(
    hostileString.map((v) => ({ label: "hostile id", value: v.slice(0, 10_000) })),
    fc.uuid().map((v) => ({ label: "unknown uuid", value: v })),
    fc.constantFrom(...knownIds).map((v) => ({ label: "an existing run's id", value: v })),
    fc.constantFrom(...knownIds).map((v) => ({ label: "existing id, altered", value: `${v}/../${v}` })),
  );
}

/**
 * Raw request bodies for a JSON route: the valid base body sent with a wrong content type, truncated JSON, a body that
 * is not JSON, binary garbage, a large body, or one nested thousands of levels deep.
 */
export function hostileRawBodies(
  schema: z.ZodType,
): fc.Arbitrary<Hostile<{ body: string | Uint8Array; contentType: string }>> {
  const json = JSON.stringify(validValue(jsonSchemaOf(schema)));
  return fc.oneof(
    fc
      .constantFrom(
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/xml",
        "",
        "application/json; charset=utf-7",
      )
      .map((contentType) => ({
        label: `content type ${contentType || "(none)"}`,
        value: { body: json, contentType },
      })),
    fc.integer({ min: 1, max: Math.max(1, json.length - 1) }).map((n) => ({
      label: `JSON truncated at ${n}`,
      value: { body: json.slice(0, n), contentType: "application/json" },
    })),
    fc
      .constantFrom(
        "{",
        "}",
        "[",
        "{'a':1}",
        '{"a":}',
        "NaN",
        "undefined",
        "\u0000",
        "\ufeff{}",
        '{"question":"\\ud800"}',
      )
      .map((body) => ({
        label: `not JSON: ${JSON.stringify(body)}`,
        value: { body, contentType: "application/json" },
      })),
    fc
      .uint8Array({ minLength: 1, maxLength: 200 })
      .map((body) => ({ label: "binary garbage", value: { body, contentType: "application/json" } })),
    fc.constant({
      label: "2 MB body",
      value: { body: `{"question":"${"a".repeat(2_000_000)}"}`, contentType: "application/json" },
    }),
    // Sent as text: JSON.stringify itself overflows the stack on thousands of levels.
    fc.integer({ min: 100, max: 20_000 }).map((depth) => ({
      label: `nested ${depth} deep`,
      value: {
        body: `${json.slice(0, -1)}${json.length > 2 ? "," : ""}"deep":${"[".repeat(depth)}${"]".repeat(depth)}}`,
        contentType: "application/json",
      },
    })),
  );
}
