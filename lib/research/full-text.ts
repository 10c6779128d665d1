import { readFullTexts } from "@/lib/db/full-texts";
import type { Evidence } from "@/lib/domain/evidence";
import type { EmitEvent } from "@/lib/domain/events";
import type { FullText, FullTextOrigin } from "@/lib/domain/fulltext";
import type { Shortfall } from "@/lib/domain/run";
import { fetchOpenFullText, fullTextRoute, type FullTextFetch } from "@/lib/sources/fulltext/fetch";

/**
 * What a run knows of its records' full texts, as plain data in its state (lib/research/run.ts): the records whose
 * full text its agents read (fetched by the run, or stored already: the library's, the owner's papers), with where it
 * came from and its passage count, and the records it tried to fetch without success (not asked again).
 */
export interface FullTextState {
  read: Array<{ evidenceId: string; origin: FullTextOrigin; passages: number }>;
  tried: string[];
}

/** The part of a research run's state the full-text reader reads and updates. */
export interface FullTextRunState {
  evidence: Evidence[];
  shortfalls: Shortfall[];
  fullTexts?: FullTextState;
}

/** Reads a run's full texts: starts fetches early, waits for them before the agents that read passages, reads them. */
export interface FullTextReader {
  /** Starts fetching the open full texts of the most relevant records not tried yet (in the background). */
  prefetch(state: FullTextRunState): void;
  /**
   * Waits (at most the reader's time limit) for the fetches of the records the run reads in full, fetching here those
   * no fetch of this process started (a durable step elsewhere), records what was read (a notice) and what failed (a
   * shortfall each, not a failed run), and updates `state.fullTexts`.
   */
  settle(state: FullTextRunState, iteration: number): Promise<void>;
  /**
   * The stored full texts of the state's most relevant records that the run may read (shared ones and its owner's
   * papers), by record id; no waiting for fetches in progress.
   */
  read(state: FullTextRunState): Promise<Map<string, FullText>>;
}

/** Options of {@link createFullTextReader}. */
export interface FullTextReaderOptions {
  /** The run's owner, whose uploaded papers it reads; null for runs nobody owns. */
  owner: string | null;
  /** Whether to fetch open full texts from the sources (CRITICA_FULL_TEXT); stored ones are read either way. */
  fetch: boolean;
  /** Records per run whose open full text is fetched, most relevant first (CRITICA_FULL_TEXT_RECORDS). */
  records: number;
  /** How long settle waits for fetches in progress, in ms (the sources' time limit). */
  waitMs: number;
  /** How long a source's "no open full text" is remembered, in ms (the source cache's TTL). */
  notOpenTtlMs: number;
  /** Whether remembered answers are believed (false: the run bypasses the source cache). */
  useCache: boolean;
  emit: EmitEvent;
  signal?: AbortSignal;
}

/**
 * Fetches started in this process, by record id, kept for RECENT_MS after they end: a later stage of the same run (the
 * durable engine runs each stage as a step, with its own reader) waits for, or takes the outcome of, the fetch an
 * earlier stage started instead of asking again. A failure is not kept: a later run asks again.
 */
const fetches = new Map<string, Promise<FullTextFetch>>();
const RECENT_MS = 10 * 60_000;

/** Forgets the fetches of this process (a bench measuring a run's fetches as a new question's). */
export function forgetFullTextFetches(): void {
  fetches.clear();
}

/**
 * Records whose stored full texts the agents read at most, most relevant first (besides those fetched): the agents'
 * evidence blocks show 25 records (lib/evidence/prompt-context/context.ts), so passages of lower-ranked records would
 * not be shown.
 */
const READ_RECORDS = 25;

function emptyState(): FullTextState {
  return { read: [], tried: [] };
}

/**
 * The records whose open full text a run fetches: the `limit` most relevant (relevance to the question, as the run
 * scored them) with an open route (fullTextRoute), counting those already read or tried.
 */
export function fullTextCandidates(evidence: Evidence[], done: ReadonlySet<string>, limit: number): Evidence[] {
  const open = evidence
    .filter((e) => fullTextRoute(e) !== null)
    .sort((a, b) => b.relevance - a.relevance || a.id.localeCompare(b.id));
  const spent = open.filter((e) => done.has(e.id)).length;
  return open.filter((e) => !done.has(e.id)).slice(0, Math.max(0, limit - spent));
}

/** "PMC4738914 (Europe PMC open access, CC BY)", the way a notice names a full text read. */
function describe(record: Evidence | undefined, text: FullText): string {
  const name = record?.citation.pmcid ?? record?.citation.doi ?? text.evidenceId;
  const where = { europepmc: "Europe PMC open access", biorxiv: "bioRxiv", medrxiv: "medRxiv" }[
    text.origin as "europepmc" | "biorxiv" | "medrxiv"
  ];
  const from = where ?? (text.origin === "upload" ? "your papers" : "the library");
  return `${name} (${from}${text.licence.name ? `, ${text.licence.name}` : ""})`;
}

/** Creates a run's full-text reader (see {@link FullTextReader}). */
export function createFullTextReader(options: FullTextReaderOptions): FullTextReader {
  const start = (record: Evidence): Promise<FullTextFetch> => {
    let fetch = fetches.get(record.id);
    if (!fetch) {
      const started = fetchOpenFullText(record, {
        signal: options.signal,
        notOpenTtlMs: options.notOpenTtlMs,
        useCache: options.useCache,
      });
      fetch = started;
      fetches.set(record.id, started);
      const forget = () => fetches.get(record.id) === started && fetches.delete(record.id);
      started.then(
        (outcome) => (outcome.status === "failed" ? forget() : setTimeout(forget, RECENT_MS).unref?.()),
        forget,
      );
    }
    return fetch;
  };
  const candidates = async (state: FullTextRunState) => {
    const fullTexts = state.fullTexts ?? emptyState();
    const done = new Set([...fullTexts.tried, ...fullTexts.read.map((r) => r.evidenceId)]);
    const stored = await readFullTexts(
      state.evidence.filter((e) => !done.has(e.id)).map((e) => e.id),
      options.owner,
    );
    return { stored, fetch: fullTextCandidates(state.evidence, new Set([...done, ...stored.keys()]), options.records) };
  };

  return {
    prefetch(state) {
      if (!options.fetch || options.records <= 0) return;
      void candidates(state)
        .then(({ fetch }) => fetch.forEach((record) => start(record).catch(() => undefined)))
        .catch(() => undefined);
    },

    async settle(state, iteration) {
      const fullTexts = (state.fullTexts ??= emptyState());
      const { stored, fetch } = await candidates(state);
      const byId = new Map(state.evidence.map((e) => [e.id, e]));
      const readNow: FullText[] = [...stored.values()];
      if (options.fetch) {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<"timeout">(
          (resolve) => (timer = setTimeout(() => resolve("timeout"), options.waitMs)),
        );
        const outcomes = await Promise.all(
          fetch.map(async (record) => ({ record, outcome: await Promise.race([start(record), timeout]) })),
        ).finally(() => clearTimeout(timer));
        options.signal?.throwIfAborted();
        for (const { record, outcome } of outcomes) {
          if (outcome === "timeout") continue; // still fetching: a later stage reads it from the database
          if (outcome.status === "read") readNow.push(outcome.fullText);
          else fullTexts.tried.push(record.id);
          if (outcome.status === "failed") {
            const shortfall = { source: "europepmc" as const, message: outcome.message };
            state.shortfalls.push(shortfall);
            await options.emit("shortfall", { iteration, ...shortfall, scope: "full-text" });
          }
        }
      }
      for (const text of readNow)
        fullTexts.read.push({ evidenceId: text.evidenceId, origin: text.origin, passages: text.passages.length });
      if (readNow.length > 0) {
        const names = readNow.map((t) => describe(byId.get(t.evidenceId), t));
        await options.emit("notice", {
          level: "info",
          message:
            `Full text read for ${readNow.length} ${readNow.length === 1 ? "record" : "records"}: ` +
            `${names.join("; ")}.`,
        });
      }
    },

    async read(state) {
      // Stored full texts (the library's, the owner's papers, fetched ones) of the most relevant records.
      const records = [...state.evidence]
        .sort((a, b) => b.relevance - a.relevance || a.id.localeCompare(b.id))
        .slice(0, Math.max(options.records, READ_RECORDS))
        .map((e) => e.id);
      return readFullTexts(records, options.owner);
    },
  };
}
