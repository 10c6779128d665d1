import "server-only";
import { RateLimiterPrisma, RateLimiterRes } from "rate-limiter-flexible";
import { getConfig } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { countActiveRuns } from "@/lib/db/accounts";
import type { Caller } from "@/lib/auth/rules";

/*
 * Abuse limits, so one account or address cannot exhaust the sources' quotas or the model budget, counted in the
 * database (table RateLimiterFlexible, through rate-limiter-flexible's Prisma store) so they hold across server
 * instances and restarts. Limits come from lib/config.ts: CRITICA_RUNS_PER_MINUTE (10), CRITICA_RUNS_PER_DAY (100),
 * CRITICA_MAX_CONCURRENT_RUNS (3) and CRITICA_AUTH_ATTEMPTS_PER_MINUTE (10). Windows are fixed and start at the first
 * counted request: "a day" is 24 hours from the first start counted, not a calendar day.
 */

/** A refusal: HTTP 429 with a message to show and the seconds to wait (Retry-After). */
export interface LimitRefusal {
  status: 429;
  message: string;
  retryAfterSeconds: number;
}

interface Limiters {
  key: string;
  perMinute: RateLimiterPrisma;
  perDay: RateLimiterPrisma;
  signInPerAccount: RateLimiterPrisma;
}

const cache = globalThis as unknown as { __criticaLimiters?: Limiters };

function limiters(): Limiters {
  const config = getConfig();
  const key = [
    config.DATABASE_URL,
    config.CRITICA_RUNS_PER_MINUTE,
    config.CRITICA_RUNS_PER_DAY,
    config.CRITICA_AUTH_ATTEMPTS_PER_MINUTE,
  ].join("|");
  if (cache.__criticaLimiters?.key === key) return cache.__criticaLimiters;
  // tableName is the Prisma client's property for model RateLimiterFlexible. The periodic clean-up timer is off: rows
  // of an expired window are replaced on their next use, and CLI processes must be free to exit.
  const store = { storeClient: getDb(), tableName: "rateLimiterFlexible", clearExpiredByTimeout: false };
  cache.__criticaLimiters = {
    key,
    perMinute: new RateLimiterPrisma({
      ...store,
      keyPrefix: "runs-minute",
      points: config.CRITICA_RUNS_PER_MINUTE,
      duration: 60,
    }),
    perDay: new RateLimiterPrisma({
      ...store,
      keyPrefix: "runs-day",
      points: config.CRITICA_RUNS_PER_DAY,
      duration: 86_400,
    }),
    signInPerAccount: new RateLimiterPrisma({
      ...store,
      keyPrefix: "auth-account",
      points: config.CRITICA_AUTH_ATTEMPTS_PER_MINUTE,
      duration: 60,
    }),
  };
  return cache.__criticaLimiters;
}

function seconds(res: RateLimiterRes): number {
  return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/**
 * Counts one run or claim check started by the caller against their limits, or refuses it. Only signed-in users
 * are limited (CRITICA_AUTH=off is a personal install; guests cannot start runs at all).
 * @returns null when the start may go ahead (and was counted), else the refusal to answer with.
 */
export async function admitRunStart(caller: Caller): Promise<LimitRefusal | null> {
  if (caller.kind !== "user") return null;
  const config = getConfig();
  const active = await countActiveRuns(caller.userId);
  if (active >= config.CRITICA_MAX_CONCURRENT_RUNS) {
    return {
      status: 429,
      message: `You already have ${plural(active, "run")} in progress (at most ${config.CRITICA_MAX_CONCURRENT_RUNS} at once). Wait for one to finish, or cancel one, then start again.`,
      retryAfterSeconds: 30,
    };
  }
  const { perMinute, perDay } = limiters();
  try {
    await perMinute.consume(caller.userId);
  } catch (res) {
    if (!(res instanceof RateLimiterRes)) throw res;
    const wait = seconds(res);
    return {
      status: 429,
      message: `You have started ${config.CRITICA_RUNS_PER_MINUTE} runs in the last minute, the most allowed. Try again in ${plural(wait, "second")}.`,
      retryAfterSeconds: wait,
    };
  }
  try {
    await perDay.consume(caller.userId);
  } catch (res) {
    if (!(res instanceof RateLimiterRes)) throw res;
    await perMinute.reward(caller.userId).catch(() => undefined);
    const wait = seconds(res);
    const hours = Math.ceil(wait / 3600);
    return {
      status: 429,
      message: `You have started ${config.CRITICA_RUNS_PER_DAY} runs today, the most allowed in 24 hours. Try again in about ${plural(hours, "hour")}.`,
      retryAfterSeconds: wait,
    };
  }
  return null;
}

/**
 * Counts one sign-in or sign-up attempt for an account (its e-mail, lower-cased), or refuses it once
 * CRITICA_AUTH_ATTEMPTS_PER_MINUTE attempts were made in the current minute. better-auth limits the same paths per
 * client IP address (lib/auth/server.ts).
 * @returns null when the attempt may go ahead, else the refusal.
 */
export async function admitAuthAttempt(email: string): Promise<LimitRefusal | null> {
  try {
    await limiters().signInPerAccount.consume(email.trim().toLowerCase());
    return null;
  } catch (res) {
    if (!(res instanceof RateLimiterRes)) throw res;
    const wait = seconds(res);
    return {
      status: 429,
      message: `Too many attempts for this account. Try again in ${plural(wait, "second")}.`,
      retryAfterSeconds: wait,
    };
  }
}
