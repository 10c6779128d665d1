import "server-only";
import { RateLimiterPrisma, RateLimiterRes } from "rate-limiter-flexible";
import { getConfig } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { countActiveRuns } from "@/lib/db/accounts";
import type { Caller } from "./rules";

/*
 * Abuse limits, so one account or address cannot exhaust the sources' quotas or the model budget, counted in the
 * database (table RateLimiterFlexible, through rate-limiter-flexible's Prisma store) so they hold across server
 * instances and restarts. Limits come from lib/config.ts: CRITICA_RUNS_PER_MINUTE (10), CRITICA_RUNS_PER_DAY (100),
 * CRITICA_MAX_CONCURRENT_RUNS (3), CRITICA_AUTH_ATTEMPTS_PER_MINUTE (10) and CRITICA_AUTH_FAILURES_PER_HOUR (100).
 * Windows are fixed and start at the first counted request: "a day" is 24 hours from the first start counted, not a
 * calendar day.
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
  signInFailures: RateLimiterPrisma;
  knownClients: RateLimiterPrisma;
}

/** How long a client that signed in to an account stays known to it (30 days, in seconds). */
const KNOWN_CLIENT_SECONDS = 30 * 86_400;

const cache = globalThis as unknown as { __criticaLimiters?: Limiters };

function limiters(): Limiters {
  const config = getConfig();
  const key = [
    config.DATABASE_URL,
    config.CRITICA_RUNS_PER_MINUTE,
    config.CRITICA_RUNS_PER_DAY,
    config.CRITICA_AUTH_FAILURES_PER_HOUR,
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
    signInFailures: new RateLimiterPrisma({
      ...store,
      keyPrefix: "auth-account-failures",
      points: config.CRITICA_AUTH_FAILURES_PER_HOUR,
      duration: 3_600,
    }),
    knownClients: new RateLimiterPrisma({
      ...store,
      keyPrefix: "auth-known",
      points: 1,
      duration: KNOWN_CLIENT_SECONDS,
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
      message:
        `You already have ${plural(active, "run")} in progress (at most ${config.CRITICA_MAX_CONCURRENT_RUNS} at ` +
        `once). Wait for one to finish, or cancel one, then start again.`,
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
      message:
        `You have started ${config.CRITICA_RUNS_PER_MINUTE} runs in the last minute, the most allowed. Try again ` +
        `in ${plural(wait, "second")}.`,
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
      message:
        `You have started ${config.CRITICA_RUNS_PER_DAY} runs today, the most allowed in 24 hours. Try again in ` +
        `about ${plural(hours, "hour")}.`,
      retryAfterSeconds: wait,
    };
  }
  return null;
}

/*
 * Sign-in limits slow an attacker, not the account's owner. A count of attempts per account let anyone lock an
 * account: ten wrong passwords from anywhere, and its owner was refused too. So the count per client is better-auth's
 * per-address limit (CRITICA_AUTH_ATTEMPTS_PER_MINUTE a minute, lib/auth/server.ts), which one client's guesses
 * exhaust for that client only; and against guesses spread over many addresses, a ceiling counts an account's failed
 * sign-ins from all of them, CRITICA_AUTH_FAILURES_PER_HOUR an hour. Past it only clients that signed in to the
 * account in the last 30 days may try, so a distributed guesser stops while the owner, at a known client, still signs
 * in (OWASP's "slow the attacker, not the owner", without a CAPTCHA).
 */

function plainKey(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Admits a sign-in attempt at an account (its e-mail, lower-cased) from a client address, or refuses it when the
 * account's failed sign-ins from all clients reached CRITICA_AUTH_FAILURES_PER_HOUR in the current hour and this
 * client has not signed in to it in the last 30 days.
 * @returns null when the attempt may go ahead, else the refusal (429, with the seconds until the hour ends).
 */
export async function admitSignIn(email: string, client: string): Promise<LimitRefusal | null> {
  const account = plainKey(email);
  const { signInFailures, knownClients } = limiters();
  const failures = await signInFailures.get(account);
  if (!failures || failures.remainingPoints > 0) return null;
  if (await knownClients.get(`${account}|${client}`)) return null;
  const wait = seconds(failures);
  return {
    status: 429,
    message:
      `This account has had too many failed sign-ins from many addresses. Try again in about ` +
      `${plural(Math.ceil(wait / 60), "minute")}, or from a device that signed in to it before.`,
    retryAfterSeconds: wait,
  };
}

/**
 * Records how an admitted sign-in went: a failure counts against the account's ceiling; a success makes the client
 * known to the account for 30 days.
 */
export async function recordSignIn(email: string, client: string, succeeded: boolean): Promise<void> {
  const account = plainKey(email);
  const { signInFailures, knownClients } = limiters();
  if (succeeded) {
    await knownClients.set(`${account}|${client}`, 1, KNOWN_CLIENT_SECONDS);
    return;
  }
  await signInFailures.consume(account).catch((res: unknown) => {
    if (!(res instanceof RateLimiterRes)) throw res;
  });
}
