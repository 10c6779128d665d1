// `npm run watch -- <runId> --every week [--sources pubmed,ctgov]`: watch a completed research run (docs/watches.md).
// `npm run watch -- <runId> --every day` on a watched run changes its cadence; `--pause`, `--resume`, `--delete`
// act on its watch; `npm run watch -- <runId>` shows it; `npm run watch -- --list` lists the watches.
// With CRITICA_SERVER_URL and CRITICA_API_KEY the command goes through the server's API (the key's account must own
// the run). Otherwise it writes the database directly, as the run's owner (the command line holds the database), and
// the server's watch sweep starts or wakes the watch's workflow within a minute (lib/watches/sweep.ts).
// Exits 0 on success, 1 when refused (unknown run, not the owner, not completed…), 2 on bad usage.
import { getConfig } from "@/lib/config";
import { disconnectDb } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { getRun } from "@/lib/db/runs";
import { SOURCE_LABELS, type SourceId } from "@/lib/domain/evidence";
import { cadenceSchema, type Cadence } from "@/lib/domain/watch";
import type { Caller } from "@/lib/auth/rules";
import {
  changeWatchFor,
  createWatchFor,
  deleteWatchFor,
  listAllWatches,
  watchOfRunFor,
  WatchError,
} from "@/lib/watches/service";
import type { WatchView } from "@/lib/watches/view";
import { parseCli, runCli, UsageError } from "./cli-support";

const USAGE = `usage: npm run watch -- <runId> --every day|week|month [--sources pubmed,europepmc,ctgov,local]
       npm run watch -- <runId> [--pause | --resume | --delete]
       npm run watch -- --list`;

/** "week", "weekly", "1w" … → the cadence. @throws UsageError for anything else. */
function cadenceOf(every: string): Cadence {
  const word = every.trim().toLowerCase();
  const map: Record<string, Cadence> = {
    day: "daily",
    daily: "daily",
    week: "weekly",
    weekly: "weekly",
    month: "monthly",
    monthly: "monthly",
  };
  const parsed = cadenceSchema.safeParse(map[word]);
  if (!parsed.success) throw new UsageError(`--every takes day, week or month (not "${every}").`);
  return parsed.data;
}

/** The lines that describe a watch on the terminal. */
function describe(w: WatchView): string {
  const lines = [
    `watch ${w.id} of run ${w.runId}: ${w.status}, ${w.cadence}, sources ` +
      `${w.sources.map((s) => SOURCE_LABELS[s]).join(", ")}`,
    `  question: ${w.question}`,
    `  next check ${w.nextDueAt}${w.lastCheckedAt ? `, last checked ${w.lastCheckedAt}` : ""}; ${w.cost}`,
    `  feed: ${w.feedPath}`,
    ...(w.backoff ? [`  ${w.backoff}`] : []),
    ...w.sourceHealth.flatMap((s) => (s.warning ? [`  ${s.warning}`] : [])),
    ...w.checks.map(
      (c) => `  ${c.startedAt} ${c.status}${c.reportVersion ? ` v${c.reportVersion}` : ""}: ${c.headline}`,
    ),
  ];
  return lines.join("\n");
}

/** The server's API, when the command has one with a key. */
async function api(method: string, path: string, body?: unknown): Promise<unknown> {
  const { CRITICA_SERVER_URL: url, CRITICA_API_KEY: key } = getConfig();
  const res = await fetch(new URL(path, url), {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status === 204) return null;
  const json = (await res.json().catch(() => ({}))) as { error?: string };
  if (!res.ok)
    throw new WatchError(res.status as WatchError["status"], json.error ?? `the server answered ${res.status}`);
  return json;
}

async function main(): Promise<number> {
  const { values, text, sources, help } = parseCli(
    {
      every: { type: "string" },
      pause: { type: "boolean" },
      resume: { type: "boolean" },
      delete: { type: "boolean" },
      list: { type: "boolean" },
    },
    "run id",
    "list",
  );
  if (help) {
    console.log(USAGE);
    return 0;
  }
  const actions = ["pause", "resume", "delete", "list"].filter((a) => values[a] === true);
  if (actions.length > 1 || (actions.length === 1 && values.every))
    throw new UsageError("Give one of --every, --pause, --resume, --delete, --list.");
  const cadence = typeof values.every === "string" ? cadenceOf(values.every) : undefined;
  const remote = Boolean(getConfig().CRITICA_SERVER_URL && getConfig().CRITICA_API_KEY);
  await applyMigrations();
  try {
    if (values.list) {
      const watches = remote
        ? ((await api("GET", "/api/watches")) as { watches: WatchView[] }).watches
        : await listAllWatches();
      console.log(watches.length ? watches.map(describe).join("\n\n") : "No watches.");
      return 0;
    }
    const run = await getRun(text);
    if (!run) throw new WatchError(404, `No run ${text}.`);
    // The command line acts as the run's owner: it holds the database.
    const caller: Caller = { kind: "local", sessionId: run.ownerId };
    const existing = remote
      ? (((await api("GET", "/api/watches")) as { watches: WatchView[] }).watches.find((w) => w.runId === run.id) ??
        null)
      : await watchOfRunFor(caller, run.id);
    let view: WatchView | null = existing;
    if (values.delete) {
      if (!existing) throw new WatchError(404, `Run ${run.id} is not watched.`);
      if (remote) await api("DELETE", `/api/watches/${existing.id}`);
      else await deleteWatchFor(caller, existing.id);
      console.log(`Watch ${existing.id} deleted.`);
      return 0;
    }
    const status = values.pause ? "paused" : values.resume ? "active" : undefined;
    if (!existing && cadence) {
      const input = { runId: run.id, cadence, ...(sources ? { sources } : {}) };
      view = remote ? ((await api("POST", "/api/watches", input)) as WatchView) : await createWatchFor(caller, input);
    } else if (existing && (cadence || status || sources)) {
      const patch: { cadence?: Cadence; status?: "active" | "paused"; sources?: SourceId[] } = {
        ...(cadence ? { cadence } : {}),
        ...(status ? { status } : {}),
        ...(sources ? { sources } : {}),
      };
      view = remote
        ? ((await api("PATCH", `/api/watches/${existing.id}`, patch)) as WatchView)
        : await changeWatchFor(caller, existing.id, patch);
    } else if (!existing) {
      throw new UsageError(`Run ${run.id} is not watched: give --every day, week or month to watch it.`);
    }
    console.log(describe(view!));
    if (!remote) console.error("Saved. A running server starts or wakes the watch's workflow within a minute.");
    return 0;
  } catch (error) {
    if (error instanceof WatchError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await disconnectDb();
  }
}

runCli("watch", USAGE, main);
