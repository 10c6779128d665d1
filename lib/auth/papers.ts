import { canReadRun, canStartRun, canWriteRun, ownerIdFor, type Caller } from "./rules";

/*
 * Who may do what with the papers of "My papers": the access rules of runs (lib/auth/rules.ts), a paper standing for
 * a run of its owner. An uploader's papers are read by their runs only, never by anyone else's.
 */

/** The fact about a paper the rules read: who uploaded it (a user id, or the browser session with CRITICA_AUTH=off). */
export interface OwnedPaper {
  ownerId: string | null;
}

/** Whether the caller may upload papers at all (as for starting runs: guests must sign in first). */
export function canUploadPapers(caller: Caller): boolean {
  return canStartRun(caller);
}

/** The owner a new upload of this caller gets, and whose papers the caller's "My papers" lists (null: none). */
export function papersOwnerFor(caller: Caller): string | null {
  return ownerIdFor(caller);
}

/** Whether the caller may read a paper (its owner; an admin, as for runs). */
export function canReadPaper(caller: Caller, paper: OwnedPaper): boolean {
  if (caller.kind === "local") return paper.ownerId !== null && paper.ownerId === caller.sessionId;
  return canReadRun(caller, paper);
}

/** Whether the caller may delete a paper (its owner; an admin, as for a run: moderation). */
export function canDeletePaper(caller: Caller, paper: OwnedPaper): boolean {
  return paper.ownerId !== null && canWriteRun(caller, paper, "delete");
}
