import type { Cadence } from "@/lib/domain/watch";

const DAY_MS = 86_400_000;

/** The cadences with their labels, in order ("every day", …). */
export const CADENCE_LABELS: Record<Cadence, string> = {
  daily: "every day",
  weekly: "every week",
  monthly: "every month",
};

/**
 * The most a watch whose sources all fail stretches its interval: 2× after one failed check, 4× after two, 8× after
 * three or more (our choice: a daily watch of a source that is down then asks about once a week, not every day).
 */
export const MAX_BACKOFF_FACTOR = 8;

/**
 * `from` plus `times` periods of the cadence: days and weeks as 24-hour days, months as calendar months in UTC
 * (31 January plus one month is 3 March, as Date.setUTCMonth does).
 */
export function addCadence(from: Date, cadence: Cadence, times = 1): Date {
  if (cadence === "daily") return new Date(from.getTime() + times * DAY_MS);
  if (cadence === "weekly") return new Date(from.getTime() + times * 7 * DAY_MS);
  const next = new Date(from);
  next.setUTCMonth(next.getUTCMonth() + times);
  return next;
}

/**
 * The due time after a check of `dueAt` that ended at `now`: the first `dueAt + k` periods (k ≥ 1) later than `now`.
 * Due times missed while the server was down are covered by the check that just ran (its searches reach back to
 * each source's last success), so they are not checked one by one.
 */
export function nextDueAfter(dueAt: Date, now: Date, cadence: Cadence): Date {
  let next = addCadence(dueAt, cadence);
  for (let k = 2; next.getTime() <= now.getTime(); k++) next = addCadence(dueAt, cadence, k);
  return next;
}

/**
 * How much a watch stretches its interval after `failures` failed checks in a row (1 when none; see
 * MAX_BACKOFF_FACTOR).
 */
export function backoffFactor(failures: number): number {
  return failures <= 0 ? 1 : Math.min(2 ** failures, MAX_BACKOFF_FACTOR);
}

/**
 * The next due time after a check that failed (the `failures`-th in a row) at `now`: the interval times backoffFactor.
 */
export function backoffDue(now: Date, cadence: Cadence, failures: number): Date {
  return addCadence(now, cadence, backoffFactor(failures));
}

/** What a watch's workflow does next: stop (the watch is gone), check the due time `dueAt`, or sleep until `until`. */
export type WatchPlan = { kind: "stop" } | { kind: "check"; dueAt: Date } | { kind: "sleep"; until: Date | null };

/**
 * The plan of a watch at `now` (watch clock): a missing watch stops its workflow; a paused one sleeps until woken
 * (`until` null); an active one is checked once `nextDueAt` has come, else sleeps until then.
 */
export function planWatch(watch: { status: "active" | "paused"; nextDueAt: Date } | null, now: Date): WatchPlan {
  if (!watch) return { kind: "stop" };
  if (watch.status === "paused") return { kind: "sleep", until: null };
  if (watch.nextDueAt.getTime() <= now.getTime()) return { kind: "check", dueAt: watch.nextDueAt };
  return { kind: "sleep", until: watch.nextDueAt };
}

/**
 * The due time of a watch whose cadence changed: one new period after its last check (or its creation), which may
 * already have come (then it is checked at once).
 */
export function dueAfterCadenceChange(lastCheckedAt: Date | null, createdAt: Date, cadence: Cadence): Date {
  return addCadence(lastCheckedAt ?? createdAt, cadence);
}
