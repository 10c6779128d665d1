/*
 * Who may do what with a run: the one place the access rules live, so no route can forget one. Pure functions of the
 * caller and the run's owner, so every route, page, server action and later feature (e.g. a run's chat messages) asks
 * the same question with one call, and each rule is unit-tested (tests/unit/auth/rules.test.ts).
 *
 * Ownership is Run.ownerId: a User id with CRITICA_AUTH=on; the browser session id (cookie critica_session) with
 * CRITICA_AUTH=off; null for runs started from the command line before accounts existed.
 */

import type { HistoryScope } from "@/lib/db/history";

/** A role of an account: the first account created is "admin", every later one "user". */
export type Role = "admin" | "user";

/** How a signed-in caller proved who they are: a browser session cookie, or an API key (lib/auth/api-key-scope.ts). */
export type Credential = "session" | "api-key";

/**
 * Who is asking:
 * - `user`: a signed-in account (browser session or API key, its `credential`) with CRITICA_AUTH=on;
 * - `guest`: nobody signed in with CRITICA_AUTH=on (or an invalid API key);
 * - `local`: CRITICA_AUTH=off, identified only by its browser session id (null before its first run).
 */
export type Caller =
  | { kind: "user"; userId: string; email: string; name: string; role: Role; credential: Credential }
  | { kind: "guest" }
  | { kind: "local"; sessionId: string | null };

/** The fact about a run the rules read: who owns it (see the file comment). */
export interface OwnedRun {
  ownerId: string | null;
}

/**
 * The writes a caller may ask for on a run (server actions and API routes; "follow-up" posts to its conversation;
 * "watch" creates, changes or deletes the run's watch, lib/watches).
 */
export type RunWrite = "cancel" | "delete" | "share" | "revoke" | "rerun" | "follow-up" | "watch";

/**
 * Writes an admin may also perform on another user's run: stopping and removing it, never publishing or repeating it.
 */
const ADMIN_WRITES: ReadonlySet<RunWrite> = new Set(["cancel", "delete"]);

/** True when the caller is a signed-in admin. */
export function isAdmin(caller: Caller): boolean {
  return caller.kind === "user" && caller.role === "admin";
}

/**
 * Whether the caller may read a run (its page, exports, stream, JSON, and anything hanging off it such as its chat
 * messages). Auth on: its owner and admins; anyone else gets 404, as for a run that does not exist. Auth off: anyone
 * holding the run's (unguessable) id, as before accounts existed.
 */
export function canReadRun(caller: Caller, run: OwnedRun): boolean {
  if (caller.kind === "local") return true;
  if (caller.kind === "guest") return false;
  return caller.role === "admin" || run.ownerId === caller.userId;
}

/**
 * Whether the caller may perform a write on a run. Auth on: the owner may do every write; an admin may also cancel
 * and delete anyone's run (moderation), but not share, revoke or re-run it. Auth off: the browser session that
 * started it, or anyone for a run without owner (a CLI run), as before accounts existed.
 */
export function canWriteRun(caller: Caller, run: OwnedRun, write: RunWrite): boolean {
  if (caller.kind === "guest") return false;
  if (caller.kind === "local") return run.ownerId === null || run.ownerId === caller.sessionId;
  if (run.ownerId === caller.userId) return true;
  return caller.role === "admin" && ADMIN_WRITES.has(write);
}

/**
 * Whether the caller may manage the account: create or revoke API keys, add accounts (admins), claim runs (admins).
 * A signed-in browser session only: an API key can use the research API but never mint keys or change the account,
 * so a leaked key cannot outlive its revocation (lib/auth/api-key-scope.ts).
 */
export function canManageAccount(caller: Caller): boolean {
  return caller.kind === "user" && caller.credential === "session";
}

/** Whether the caller may start runs and claim checks at all (guests must sign in first). */
export function canStartRun(caller: Caller): boolean {
  return caller.kind !== "guest";
}

/**
 * Whether the caller may claim a run, making it theirs: admins only, and only runs no account owns (`userIds` are
 * the ids of existing accounts; an ownerId that names none is a browser session or null).
 */
export function canClaimRun(caller: Caller, run: OwnedRun, userIds: ReadonlySet<string>): boolean {
  return isAdmin(caller) && (run.ownerId === null || !userIds.has(run.ownerId));
}

/**
 * The history a caller may list (see HistoryScope in lib/db/history.ts): `{ owner, withUnowned }`, `{ unclaimed }`
 * (runs no account owns; admins only), `{ all }` (every run; admins only) or `{ nobody }` (a guest). `requested` is
 * an admin's filter: a user id, "unclaimed" or "all"; other callers' requests are ignored, so a user always sees
 * exactly their own runs. Auth off: the session's runs and CLI runs.
 */
export function historyScope(caller: Caller, requested?: string | null): HistoryScope {
  if (caller.kind === "guest") return { nobody: true };
  if (caller.kind === "local") return { owner: caller.sessionId, withUnowned: true };
  if (caller.role === "admin" && requested === "unclaimed") return { unclaimed: true };
  if (caller.role === "admin" && requested === "all") return { all: true };
  if (caller.role === "admin" && requested) return { owner: requested, withUnowned: false };
  return { owner: caller.userId, withUnowned: false };
}

/** The ownerId a run started by this caller gets: its user id (auth on) or browser session id (auth off). */
export function ownerIdFor(caller: Caller): string | null {
  if (caller.kind === "user") return caller.userId;
  if (caller.kind === "local") return caller.sessionId;
  return null;
}
