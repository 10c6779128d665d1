import { z } from "zod";
import type { ZodOpenApiPathsObject, ZodOpenApiResponseObject } from "zod-openapi";
import {
  changeWatchRequestSchema,
  createWatchRequestSchema,
  markReadRequestSchema,
  notificationListSchema,
  watchListSchema,
  watchSchema,
  webhookRequestSchema,
  webhookSchema,
} from "./watch-schemas";

/** What the OpenAPI document's builder shares with these paths: its response helpers and security requirement. */
interface Helpers {
  jsonBody: (schema: z.ZodType, description: string) => ZodOpenApiResponseObject;
  error: (description: string) => ZodOpenApiResponseObject;
  unauthorized: ZodOpenApiResponseObject;
  /** The run limits' 429 with Retry-After, which a check started by hand counts against like a run. */
  tooMany: ZodOpenApiResponseObject;
  signedIn: Record<string, string[]>[];
}

const watchPath = { path: z.object({ id: z.uuid().meta({ description: "The watch id." }) }) };

/** The watches' operations in the OpenAPI document (docs/watches.md), from the schemas their routes validate with. */
export function watchPaths({ jsonBody, error, unauthorized, tooMany, signedIn }: Helpers): ZodOpenApiPathsObject {
  const unknown = error("Unknown watch, or one whose run the caller may not read.");
  return {
    "/api/watches": {
      post: {
        summary:
          "Watch a completed research run: its question is checked again on a cadence, and each change in the " +
          "evidence becomes a new report version",
        security: signedIn,
        requestBody: { content: { "application/json": { schema: createWatchRequestSchema } } },
        responses: {
          "201": jsonBody(watchSchema, "The watch; its first check is one period from now."),
          "400": error("Invalid input, or sources the run did not search."),
          "401": unauthorized,
          "403": error("Not the run's owner."),
          "404": error("Unknown run, or one the caller may not read."),
          "409": error("The run is not completed, is a claim check, or is watched already."),
          "429": error("Too many active watches (CRITICA_MAX_ACTIVE_WATCHES)."),
        },
      },
      get: {
        summary: "The caller's watches with their checks, newest first",
        security: signedIn,
        responses: { "200": jsonBody(watchListSchema, "The watches."), "401": unauthorized },
      },
    },
    "/api/watches/{id}": {
      get: {
        summary: "A watch with its checks",
        security: signedIn,
        requestParams: watchPath,
        responses: { "200": jsonBody(watchSchema, "The watch."), "404": unknown },
      },
      patch: {
        summary: "Pause or resume a watch, or change its cadence or sources",
        security: signedIn,
        requestParams: watchPath,
        requestBody: { content: { "application/json": { schema: changeWatchRequestSchema } } },
        responses: {
          "200": jsonBody(watchSchema, "The watch as changed; its workflow plans again at once."),
          "400": error("Invalid input."),
          "403": error("Not the run's owner."),
          "404": unknown,
          "429": error("Resuming would exceed CRITICA_MAX_ACTIVE_WATCHES."),
        },
      },
      delete: {
        summary: "Delete a watch and its check history (the report versions stay in the run)",
        security: signedIn,
        requestParams: watchPath,
        responses: { "204": { description: "Deleted." }, "403": error("Not the run's owner."), "404": unknown },
      },
    },
    "/api/watches/{id}/check": {
      post: {
        summary:
          "Check a watch now rather than at its next due time: its sources are searched for records added or " +
          "updated since its last check, and a change in the evidence becomes a new report version",
        security: signedIn,
        requestParams: watchPath,
        responses: {
          "202": jsonBody(watchSchema, "The watch; its check has started."),
          "401": unauthorized,
          "403": error("Not the run's owner."),
          "404": unknown,
          "409": error("The watch is paused, or one of its checks is running."),
          "429": tooMany,
        },
      },
    },
    "/api/feeds/{token}": {
      get: {
        summary:
          "A watch's Atom feed: one entry per new report version, titled with its change headline (no account " +
          "needed: the token is the credential)",
        requestParams: {
          path: z.object({ token: z.string().meta({ description: "The watch's feed token (feedPath)." }) }),
        },
        responses: {
          "200": { description: "The feed.", content: { "application/atom+xml": {} } },
          "404": { description: "Unknown token." },
        },
      },
    },
    "/api/notifications": {
      get: {
        summary: "The caller's notifications of new report versions, newest first, with the unread count",
        security: signedIn,
        responses: { "200": jsonBody(notificationListSchema, "The notifications.") },
      },
      post: {
        summary: "Mark notifications read (the given ids, or all)",
        security: signedIn,
        requestBody: { content: { "application/json": { schema: markReadRequestSchema } } },
        responses: {
          "200": jsonBody(z.object({ unread: z.number().int() }), "The unread count after."),
          "400": error("Invalid input."),
        },
      },
    },
    "/api/webhook": {
      get: {
        summary: "The caller's webhook, its signing secret and latest deliveries",
        security: signedIn,
        responses: { "200": jsonBody(webhookSchema, "The webhook (nulls when none).") },
      },
      put: {
        summary:
          "Set the caller's webhook: each new report version of their watches is POSTed there as JSON, " +
          "HMAC-SHA256-signed, retried with backoff",
        security: signedIn,
        requestBody: { content: { "application/json": { schema: webhookRequestSchema } } },
        responses: {
          "200": jsonBody(webhookSchema, "The webhook with a new secret."),
          "400": error("Not an http(s) URL."),
          "401": unauthorized,
        },
      },
      delete: {
        summary: "Remove the caller's webhook",
        security: signedIn,
        responses: { "204": { description: "Removed." } },
      },
    },
  };
}
