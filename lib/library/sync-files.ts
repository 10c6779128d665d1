import fs from "node:fs";
import path from "node:path";
import type { SyncFileState } from "@/lib/db/library-writer-types";

/** NLM's file names: `pubmed25n0001.xml.gz` (baseline) and the update files that continue its numbering. */
const FILE_NAME = /^pubmed(\d{2})n(\d{4,})\.xml\.gz$/;

/** One PubMed file of a sync folder. */
export interface PubmedFile {
  name: string;
  path: string;
  bytes: number;
  /** Sort key: the two-digit baseline year, then the file number. */
  year: number;
  number: number;
}

/** What a folder holds: its PubMed files in application order, and the names of other files (ignored). */
export interface SyncFolder {
  files: PubmedFile[];
  ignored: string[];
}

/**
 * Lists the PubMed files of a folder (not recursive) in the order NLM means them to be applied: by baseline year,
 * then file number (the update files of a year are numbered after its baseline files). Other files — the `.md5`
 * sums NLM publishes beside each file, notes, partial downloads — are listed as ignored.
 * @throws Error when the folder does not exist or is not a folder.
 */
export function listSyncFolder(folder: string): SyncFolder {
  if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory()) throw new Error(`not a folder: ${folder}`);
  const files: PubmedFile[] = [];
  const ignored: string[] = [];
  for (const name of fs.readdirSync(folder)) {
    const m = FILE_NAME.exec(name);
    const full = path.join(folder, name);
    if (!m || !fs.statSync(full).isFile()) {
      ignored.push(name);
      continue;
    }
    files.push({ name, path: full, bytes: fs.statSync(full).size, year: Number(m[1]), number: Number(m[2]) });
  }
  files.sort((a, b) => a.year - b.year || a.number - b.number);
  return { files, ignored: ignored.sort() };
}

/** A sync's plan: the files to apply (with the item to resume at), and the applied files it leaves alone. */
export interface SyncPlan {
  pending: Array<{ file: PubmedFile; resumeAt: number }>;
  applied: PubmedFile[];
  /** Applied files whose size differs from when they were applied (NLM never rewrites a file: a local mishap). */
  changed: string[];
}

/** Thrown when a new file would be applied after a later one, which would put older versions over newer ones. */
export class SyncOrderError extends Error {
  override name = "SyncOrderError";
}

/**
 * Decides what to apply: every file not yet applied, in order; a file interrupted mid-way resumes after its
 * checkpoint unless its size changed (then it is redone from its start, which is safe: applying a record again
 * gives the same row). An applied file is never applied again.
 * @throws SyncOrderError when a file not yet applied sorts before an applied one (say, a missing baseline file
 *   downloaded after the updates were applied): applying it now could replace newer versions of its PMIDs.
 */
export function planSync(folder: SyncFolder, states: SyncFileState[]): SyncPlan {
  const byName = new Map(states.map((s) => [s.name, s]));
  const applied = folder.files.filter((f) => byName.get(f.name)?.status === "applied");
  // The latest file ever applied, even if it has since been removed from the folder (to save disk space).
  const last = states
    .filter((s) => s.status === "applied")
    .flatMap((s) => {
      const m = FILE_NAME.exec(s.name);
      return m ? [{ name: s.name, year: Number(m[1]), number: Number(m[2]) }] : [];
    })
    .sort((a, b) => a.year - b.year || a.number - b.number)
    .at(-1);
  const pending = folder.files
    .filter((f) => byName.get(f.name)?.status !== "applied")
    .map((file) => {
      const state = byName.get(file.name);
      return { file, resumeAt: state && state.bytes === file.bytes ? state.items : 0 };
    });
  const early = last
    ? pending.find((p) => p.file.year < last.year || (p.file.year === last.year && p.file.number < last.number))
    : undefined;
  if (early && last) {
    throw new SyncOrderError(
      `${early.file.name} sorts before ${last.name}, which is already applied: applying it now could replace ` +
        `newer versions of its records. ` +
        `Move it out of the folder, or sync into an empty library.`,
    );
  }
  const changed = applied.filter((f) => byName.get(f.name)!.bytes !== f.bytes).map((f) => f.name);
  return { pending, applied, changed };
}
