import "server-only";
import crypto from "node:crypto";
import type { Prisma } from "@/lib/generated/sqlite/client";
import { getDb } from "./client";
import { readSnapshot, type RunSnapshot } from "@/lib/domain/snapshot";

/**
 * Random bytes in a share token: 32 bytes = 256 bits, base64url-encoded; at least 128 bits make a token unguessable
 * (OWASP's session-id guidance asks for 64 bits of entropy).
 */
export const SHARE_TOKEN_BYTES = 32;

/** Creates a read-only share link holding a frozen snapshot of the run. @returns the token. */
export async function createShareLink(runId: string, snapshot: RunSnapshot): Promise<string> {
  const token = crypto.randomBytes(SHARE_TOKEN_BYTES).toString("base64url");
  await getDb().shareLink.create({ data: { token, runId, snapshot: snapshot as unknown as Prisma.InputJsonValue } });
  return token;
}

/**
 * The snapshot behind a live (not revoked) token, or null. Tokens of the wrong shape are rejected unread. Its events
 * are parsed by their schemas (one that does not parse is logged and shown as a warning notice: readSnapshot).
 */
export async function getSharedSnapshot(token: string): Promise<RunSnapshot | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const link = await getDb().shareLink.findUnique({ where: { token } });
  if (!link || link.revokedAt) return null;
  return readSnapshot(link.snapshot, (seq, problem) =>
    console.error(`share link of run ${link.runId ?? "(deleted)"}: event ${seq} could not be read: ${problem}`),
  );
}

/** The live share tokens of a run, newest first. */
export async function listShareTokens(runId: string): Promise<string[]> {
  const links = await getDb().shareLink.findMany({
    where: { runId, revokedAt: null },
    orderBy: { createdAt: "desc" },
    select: { token: true },
  });
  return links.map((l) => l.token);
}

/** A share link's owner-side facts: the run it copies (null once that run is deleted) and when it was revoked. */
export interface ShareLinkInfo {
  token: string;
  runId: string | null;
  createdAt: Date;
  revokedAt: Date | null;
}

/** The share link of a token (revoked or not), or null for an unknown or malformed token. */
export async function getShareLink(token: string): Promise<ShareLinkInfo | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  return getDb().shareLink.findUnique({
    where: { token },
    select: { token: true, runId: true, createdAt: true, revokedAt: true },
  });
}

/**
 * Revokes a share link: from now on its token answers 404. Revoking twice keeps the first revocation time.
 * @returns false when there is no such token.
 */
export async function revokeShareLink(token: string): Promise<boolean> {
  const result = await getDb().shareLink.updateMany({
    where: { token, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (result.count > 0) return true;
  return (await getDb().shareLink.count({ where: { token } })) > 0;
}

/** Revokes every live share link of a run. @returns how many were revoked. */
export async function revokeShareLinksOfRun(runId: string): Promise<number> {
  const result = await getDb().shareLink.updateMany({
    where: { runId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  return result.count;
}
