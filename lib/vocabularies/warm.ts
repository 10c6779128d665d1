/**
 * Readies every vocabulary a research run reads, so that a fresh server's first question does not wait for them:
 * the concept vocabulary (concept-load.ts), the gene and GO lexicon (load.ts), and the gene and process indexes
 * built from it. All are kept on globalThis, so a warm-up in one server bundle (instrumentation.ts) serves every
 * route. Server-side only.
 */
import { loadConcepts } from "./concept-load";
import { lookupConcept } from "./concepts";
import { warmGeneIndex } from "./genes";
import { loadLexicon } from "./load";
import { warmProcessIndex } from "./processes";

/** How long each part of {@link warmVocabularies} took, in ms (wall time, including the requests served meanwhile). */
export interface WarmFigures {
  concepts: number;
  lexicon: number;
  genes: number;
  processes: number;
  total: number;
}

/**
 * Lets the server's queued requests run before the next slice of the warm-up: a timer, not setImmediate, so that
 * I/O callbacks (a request's file reads and database answers) are served between any two slices.
 */
const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

/**
 * Loads the concept vocabulary and the lexicon and builds the gene and process indexes, in slices (measured on a
 * production server on 29 Nov 2026: about 0.1, 0.1, 0.4 and 0.9 s of CPU, most of what a fresh server's first
 * research run spent beyond a warm one's). The two indexes are built 2,000 forms at a time and each load is one
 * block of about 0.1 s, so a request arriving meanwhile waits for at most one slice. Never throws: a missing
 * vocabulary is left for its first use to report, as before.
 * @returns the wall time of each part, ms.
 */
export async function warmVocabularies(): Promise<WarmFigures> {
  const started = performance.now();
  const figures: WarmFigures = { concepts: 0, lexicon: 0, genes: 0, processes: 0, total: 0 };
  const parts: Array<[keyof Omit<WarmFigures, "total">, () => unknown]> = [
    // A lookup also builds the aliases' keys.
    ["concepts", () => (loadConcepts(), lookupConcept("statins"))],
    ["lexicon", loadLexicon],
    ["genes", () => warmGeneIndex(pause)],
    ["processes", () => warmProcessIndex(pause)],
  ];
  for (const [name, run] of parts) {
    await pause();
    const t = performance.now();
    try {
      await run();
    } catch (error) {
      console.warn(`vocabularies: warm-up of ${name} failed (${(error as Error).message})`);
    }
    figures[name] = Math.round(performance.now() - t);
  }
  figures.total = Math.round(performance.now() - started);
  return figures;
}
