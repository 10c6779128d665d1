import "server-only";
import { getDb } from "./client";
import { claimServerValue, FIRST_ADMIN_KEY, readServerValue } from "./server-state";

/*
 * The account facts the app reads outside better-auth (which owns writes to User, Session, Account and Apikey):
 * roles, who the admin is, and the runs no account owns. See lib/auth/rules.ts for the rules that use them.
 */

/** An account as the app shows it. `role` is "admin" or "user". */
export interface AccountSummary {
  id: string;
  email: string;
  name: string;
  role: string;
  createdAt: Date;
}

const SUMMARY = { id: true, email: true, name: true, role: true, createdAt: true } as const;

/** How many accounts exist (0 until the first sign-up, which makes that account the admin). */
export async function countUsers(): Promise<number> {
  return getDb().user.count();
}

/**
 * Makes the account `userId` the administrator if no account ever became one, decided by the database: the first
 * account to insert ServerState "first-admin" wins, so of any number of concurrent first sign-ups, on one instance or
 * several, exactly one becomes admin (a count of users read before inserting would let two see zero).
 * @returns whether `userId` became the administrator.
 */
export async function claimFirstAdmin(userId: string): Promise<boolean> {
  if (!(await claimServerValue(FIRST_ADMIN_KEY, userId))) return false;
  await getDb().user.update({ where: { id: userId }, data: { role: "admin" } });
  return true;
}

/** Whether the first administrator has been made (every later account is a user). */
export async function firstAdminMade(): Promise<boolean> {
  return (await readServerValue(FIRST_ADMIN_KEY)) !== null;
}

/** Deletes an account with its sessions and sign-in methods (by cascade): one that must not exist. */
export async function deleteUser(userId: string): Promise<void> {
  await getDb().user.delete({ where: { id: userId } });
}

/** Every account, oldest first (the admin's filter of history; a deployment has a handful to a few hundred). */
export async function listUsers(): Promise<AccountSummary[]> {
  return getDb().user.findMany({ select: SUMMARY, orderBy: { createdAt: "asc" } });
}

/** The account with this e-mail address (compared in lower case, as better-auth stores it), or null. */
export async function findUserByEmail(email: string): Promise<AccountSummary | null> {
  return getDb().user.findUnique({ where: { email: email.trim().toLowerCase() }, select: SUMMARY });
}

/** The oldest admin account (the first account created), or null before anyone signed up. */
export async function firstAdmin(): Promise<AccountSummary | null> {
  return getDb().user.findFirst({ where: { role: "admin" }, select: SUMMARY, orderBy: { createdAt: "asc" } });
}

/** The ids of every account, for telling a user-owned run from an unclaimed one. */
export async function listUserIds(): Promise<Set<string>> {
  const rows = await getDb().user.findMany({ select: { id: true } });
  return new Set(rows.map((r) => r.id));
}

/**
 * Gives every run no account owns (ownerId null, or a browser session id from before accounts or from
 * CRITICA_AUTH=off) to `userId`, or only the run `runId` when given.
 * @returns how many runs changed owner.
 */
export async function claimUnownedRuns(userId: string, runId?: string): Promise<number> {
  const ids = [...(await listUserIds())];
  const result = await getDb().run.updateMany({
    where: { ...(runId ? { id: runId } : {}), OR: [{ ownerId: null }, { ownerId: { notIn: ids } }] },
    data: { ownerId: userId },
  });
  return result.count;
}

/**
 * How many of an owner's runs are live (the per-user concurrency limit counts them): queued or running and not
 * cancelled. A cancelled run is ending (within 10 s: lib/runs/reconcile.ts), and an interrupted one has ended, so
 * neither holds a slot.
 */
export async function countActiveRuns(ownerId: string): Promise<number> {
  return getDb().run.count({ where: { ownerId, status: { in: ["queued", "running"] }, cancelRequestedAt: null } });
}
