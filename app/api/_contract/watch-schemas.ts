import { z } from "zod";
import { sourceIdSchema } from "@/lib/domain/evidence";
import { cadenceSchema, checkStatusSchema, watchStatusSchema } from "@/lib/domain/watch";

// The watches part of the HTTP API's contract (docs/watches.md), as zod schemas the routes validate with and
// /api/openapi.json is generated from.

const cadence = cadenceSchema.meta({ id: "Cadence", description: "How often the question is checked again." });
const sources = z
  .array(sourceIdSchema)
  .min(1, "Choose at least one source to watch.")
  .meta({ description: "Sources to watch (among those the run searched); default: all of the run's sources." });

/** POST /api/watches: watch a finished run. */
export const createWatchRequestSchema = z
  .object({ runId: z.uuid({ error: "runId must be a run id." }), cadence, sources: sources.optional() })
  .strict()
  .meta({ id: "CreateWatchRequest" });

/** PATCH /api/watches/<id>: pause or resume, change the cadence or the sources (at least one field). */
export const changeWatchRequestSchema = z
  .object({
    cadence: cadence.optional(),
    sources: sources.optional(),
    status: watchStatusSchema.optional().meta({ description: "paused: no checks until resumed (active)." }),
  })
  .strict()
  .refine(
    (p) => p.cadence !== undefined || p.sources !== undefined || p.status !== undefined,
    "Give cadence, sources or status.",
  )
  .meta({ id: "ChangeWatchRequest" });

/** A watch id in a path. */
export const watchIdSchema = z.uuid();

const checkSchema = z
  .object({
    id: z.string(),
    dueAt: z.iso.datetime(),
    startedAt: z.iso.datetime(),
    finishedAt: z.iso.datetime().nullable(),
    status: checkStatusSchema,
    headline: z.string().meta({
      description:
        'The change summary\'s headline ("Probably yes → Yes: 2 new randomized trials"), "Nothing new", or why ' +
        "it failed.",
    }),
    reportVersion: z.number().int().nullable(),
    versionPath: z
      .string()
      .nullable()
      .meta({ description: "The version's page, which opens with its change summary." }),
    cost: z.string().nullable().meta({ description: "Its model calls and estimated cost; null without model calls." }),
    costUsd: z.number().nullable(),
    modelCalls: z.number().int(),
  })
  .meta({ id: "WatchCheck" });

/** A watch with its checks, newest first (times on the watch clock, ISO 8601). */
export const watchSchema = z
  .object({
    id: z.uuid(),
    runId: z.uuid(),
    question: z.string(),
    cadence,
    sources: z.array(sourceIdSchema),
    status: watchStatusSchema,
    nextDueAt: z.iso.datetime(),
    lastCheckedAt: z.iso.datetime().nullable(),
    feedPath: z
      .string()
      .meta({ description: "The watch's Atom feed; its token is the only credential, so share it like a password." }),
    failures: z.number().int().meta({ description: "Checks in a row in which no watched source answered." }),
    backoff: z
      .string()
      .nullable()
      .meta({ description: "What the watch does while its sources fail (its interval doubles, up to 8×)." }),
    sourceHealth: z.array(
      z.object({
        source: sourceIdSchema,
        failures: z.number().int(),
        lastError: z.string().nullable(),
        since: z.iso.datetime(),
        warning: z.string().nullable(),
      }),
    ),
    modelCalls: z.number().int(),
    costUsd: z
      .number()
      .nullable()
      .meta({ description: "Estimated model cost of all checks in USD; null without model calls or prices." }),
    cost: z.string(),
    checks: z.array(checkSchema),
  })
  .meta({ id: "Watch" });

export const watchListSchema = z.object({ watches: z.array(watchSchema) }).meta({ id: "WatchList" });

/** GET /api/notifications: the caller's latest notifications and how many are unread. */
export const notificationListSchema = z
  .object({
    unread: z.number().int(),
    notifications: z.array(
      z.object({
        id: z.string(),
        runId: z.uuid(),
        title: z.string(),
        body: z.string(),
        url: z.string(),
        createdAt: z.iso.datetime(),
        read: z.boolean(),
      }),
    ),
  })
  .meta({ id: "NotificationList" });

/** POST /api/notifications: mark notifications read (the given ids, or all). */
export const markReadRequestSchema = z
  .object({
    ids: z
      .array(z.string().max(100))
      .max(200)
      .optional()
      .meta({ description: "Notification ids; all unread ones when absent." }),
  })
  .strict()
  .meta({ id: "MarkNotificationsRead" });

/** PUT /api/webhook: the caller's webhook URL (http or https). */
export const webhookRequestSchema = z
  .object({
    url: z
      .url({ protocol: /^https?$/, error: "Give an http or https URL." })
      .max(2_000)
      .meta({ description: "Changed checks are POSTed here as JSON, signed with HMAC-SHA256 (x-critica-signature)." }),
  })
  .strict()
  .meta({ id: "WebhookRequest" });

/** The caller's webhook, its signing secret, and its latest deliveries. */
export const webhookSchema = z
  .object({
    url: z.string().nullable(),
    secret: z.string().nullable().meta({ description: "The HMAC-SHA256 key; keep it secret." }),
    deliveries: z.array(
      z.object({
        id: z.string(),
        checkId: z.string(),
        url: z.string(),
        status: z.enum(["pending", "delivered", "failed"]),
        attempts: z.number().int(),
        lastStatus: z.number().int().nullable(),
        error: z.string().nullable(),
        createdAt: z.iso.datetime(),
      }),
    ),
  })
  .meta({ id: "Webhook" });
