import fc from "fast-check";
import { z } from "zod";
import { buildOpenApiDocument } from "@/app/api/_contract/openapi";
import {
  followUpRequestSchema,
  listRunsQuerySchema,
  startCheckRequestSchema,
  startResearchRequestSchema,
} from "@/app/api/_contract/schemas";
import { hostileBodies, hostileIds, hostileQueries, hostileRawBodies, hostileString, type Hostile } from "./generators";

/*
 * Every operation of /api/openapi.json (and better-auth's sign-up and sign-in), with the hostile inputs it gets and
 * how to send one to its route handler.
 */

/** A request body: JSON of a value, or raw bytes with a content type. */
export type Body = { json: unknown } | { raw: string | Uint8Array; contentType: string };

/** The ids the fixtures provide (tests/unit/hostile/hostile-input.test.ts). */
export interface KnownIds {
  /** The owner's finished research run, another user's (the admin's) run, the owner's running run. */
  runs: string[];
}

/** One operation under test: its inputs, and how to call its handler with one (the caller's cookie is in `headers`). */
export interface RouteCase {
  operation: string;
  documented: ReadonlySet<number>;
  inputs: fc.Arbitrary<Hostile<unknown>>;
  call(input: unknown, headers: Headers, signal: AbortSignal): Promise<Response>;
}

const ORIGIN = "http://critica.test";

function request(path: string, method: string, headers: Headers, signal: AbortSignal, body?: Body): Request {
  const h = new Headers(headers);
  h.set("origin", ORIGIN);
  if (body && "json" in body) h.set("content-type", "application/json");
  if (body && "raw" in body && body.contentType) h.set("content-type", body.contentType);
  const payload = body === undefined ? undefined : "json" in body ? JSON.stringify(body.json) : body.raw;
  return new Request(`${ORIGIN}${path}`, { method, headers: h, body: payload as BodyInit | undefined, signal });
}

/** Hostile bodies of a JSON operation: generated from its schema, and raw (wrong content type, truncated, garbage). */
function bodies(schema: Parameters<typeof hostileBodies>[0]): fc.Arbitrary<Hostile<unknown>> {
  return fc.oneof(
    { weight: 3, arbitrary: hostileBodies(schema).map((h) => ({ label: h.label, value: { json: h.value } as Body })) },
    {
      weight: 1,
      arbitrary: hostileRawBodies(schema).map((h) => ({
        label: h.label,
        value: { raw: h.value.body, contentType: h.value.contentType } as Body,
      })),
    },
  );
}

/** The statuses /api/openapi.json documents for `method` `path`. */
function documented(path: string, method: string): ReadonlySet<number> {
  const doc = buildOpenApiDocument() as unknown as {
    paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  };
  return new Set(Object.keys(doc.paths[path][method].responses).map(Number));
}

type Ctx = { params: Promise<{ id: string }> };
const ctx = (id: string): Ctx => ({ params: Promise.resolve({ id }) });

/** The route cases, with ids from the fixtures. */
export async function routeCases(known: KnownIds): Promise<RouteCase[]> {
  const runs = await import("@/app/api/runs/route");
  const checks = await import("@/app/api/checks/route");
  const run = await import("@/app/api/runs/[id]/route");
  const cancel = await import("@/app/api/runs/[id]/cancel/route");
  const share = await import("@/app/api/runs/[id]/share/route");
  const stream = await import("@/app/api/runs/[id]/stream/route");
  const messages = await import("@/app/api/runs/[id]/messages/route");
  const health = await import("@/app/api/health/route");
  const openapi = await import("@/app/api/openapi.json/route");
  const auth = await import("@/app/api/auth/[...all]/route");
  const ids = hostileIds(known.runs);
  const idAnd = (rest: fc.Arbitrary<Hostile<unknown>>) =>
    fc.tuple(ids, rest).map(([id, r]) => ({ label: `${id.label} + ${r.label}`, value: [id.value, r.value] }));
  const noBody = fc.constant({ label: "no body", value: undefined as unknown });
  const credentials = z
    .object({ name: z.string().min(1).max(100), email: z.email(), password: z.string().min(8).max(128) })
    .strict();

  return [
    {
      operation: "POST /api/runs",
      documented: documented("/api/runs", "post"),
      inputs: bodies(startResearchRequestSchema),
      call: (b, h, s) => runs.POST(request("/api/runs", "POST", h, s, b as Body)),
    },
    {
      operation: "GET /api/runs",
      documented: documented("/api/runs", "get"),
      inputs: hostileQueries(listRunsQuerySchema),
      call: (q, h, s) => runs.GET(request(`/api/runs?${q as string}`, "GET", h, s)),
    },
    {
      operation: "POST /api/checks",
      documented: documented("/api/checks", "post"),
      inputs: bodies(startCheckRequestSchema),
      call: (b, h, s) => checks.POST(request("/api/checks", "POST", h, s, b as Body)),
    },
    {
      operation: "GET /api/runs/{id}",
      documented: documented("/api/runs/{id}", "get"),
      inputs: ids,
      call: (id, h, s) => run.GET(request(`/api/runs/x`, "GET", h, s), ctx(id as string) as never),
    },
    {
      operation: "POST /api/runs/{id}/cancel",
      documented: documented("/api/runs/{id}/cancel", "post"),
      inputs: ids,
      call: (id, h, s) => cancel.POST(request(`/api/runs/x/cancel`, "POST", h, s), ctx(id as string) as never),
    },
    {
      operation: "POST /api/runs/{id}/share",
      documented: documented("/api/runs/{id}/share", "post"),
      inputs: ids,
      call: (id, h, s) => share.POST(request(`/api/runs/x/share`, "POST", h, s), ctx(id as string) as never),
    },
    {
      operation: "GET /api/runs/{id}/stream",
      documented: documented("/api/runs/{id}/stream", "get"),
      inputs: idAnd(
        fc.oneof(
          noBody,
          hostileString.map((v) => ({ label: "after", value: v.slice(0, 2_000) })),
        ),
      ),
      call: (input, h, s) => {
        const [id, after] = input as [string, string | undefined];
        return stream.GET(
          request(`/api/runs/x/stream${after === undefined ? "" : `?${new URLSearchParams({ after })}`}`, "GET", h, s),
          ctx(id) as never,
        );
      },
    },
    {
      operation: "GET /api/runs/{id}/messages",
      documented: documented("/api/runs/{id}/messages", "get"),
      inputs: ids,
      call: (id, h, s) => messages.GET(request(`/api/runs/x/messages`, "GET", h, s), ctx(id as string) as never),
    },
    {
      operation: "POST /api/runs/{id}/messages",
      documented: documented("/api/runs/{id}/messages", "post"),
      inputs: idAnd(bodies(followUpRequestSchema)),
      call: (input, h, s) => {
        const [id, body] = input as [string, Body];
        return messages.POST(request(`/api/runs/x/messages`, "POST", h, s, body), ctx(id) as never);
      },
    },
    {
      operation: "GET /api/health",
      documented: documented("/api/health", "get"),
      inputs: hostileQueries(listRunsQuerySchema),
      call: async (q, h, s) =>
        (health.GET as (r: Request) => Promise<Response>)(request(`/api/health?${q as string}`, "GET", h, s)),
    },
    {
      operation: "GET /api/openapi.json",
      documented: new Set([200]),
      inputs: hostileQueries(listRunsQuerySchema),
      call: async (q, h, s) =>
        (openapi.GET as (r: Request) => Promise<Response> | Response)(
          request(`/api/openapi.json?${q as string}`, "GET", h, s),
        ),
    },
    {
      operation: "POST /api/auth/sign-up/email",
      documented: new Set([200]),
      inputs: bodies(credentials),
      call: (b, h, s) => auth.POST(request("/api/auth/sign-up/email", "POST", h, s, b as Body)),
    },
    {
      operation: "POST /api/auth/sign-in/email",
      documented: new Set([200]),
      inputs: bodies(credentials.omit({ name: true })),
      call: (b, h, s) => auth.POST(request("/api/auth/sign-in/email", "POST", h, s, b as Body)),
    },
  ];
}
