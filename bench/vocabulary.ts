import { execFileSync } from "node:child_process";
import path from "node:path";
import type { Log } from "./classic";

/**
 * The concept vocabulary's cost (docs/benchmarks.md `vocabulary`), measured in a fresh process so that nothing else
 * is loaded yet: its first load (ms; goal ≤ 500), the heap and resident memory it adds (MB; goal ≤ 150), and the
 * time to read a question into concepts (ms; goal ≤ 20): the first reading of each question (class members and
 * subtrees computed then) and the median of repeats; then what a server's start-up warm-up adds (the lexicon and its
 * gene and process indexes, instrumentation.ts).
 */
export interface VocabularyFigures {
  available: boolean;
  version: string | null;
  loadMs: number;
  heapAddedMb: number;
  rssAddedMb: number;
  readFirstMaxMs: number;
  readFirstMedianMs: number;
  readRepeatMedianMs: number;
  /**
   * The start-up warm-up that follows (lib/vocabularies/warm.ts, as instrumentation.ts runs it): wall ms per part
   * (concepts already loaded here, so about 0), and the heap and resident memory the lexicon and its gene and process
   * indexes add.
   */
  warmUp: {
    ms: { concepts: number; lexicon: number; genes: number; processes: number; total: number };
    heapAddedMb: number;
    rssAddedMb: number;
  };
}

/**
 * Runs bench/vocabulary-probe.ts in a child Node process (with --expose-gc, under tsx, as the server: the vocabulary
 * loaders are `import "server-only"`) and parses its figures.
 */
export function measureVocabulary(log: Log): VocabularyFigures {
  const root = path.resolve(import.meta.dirname, "..");
  const out = execFileSync(
    process.execPath,
    ["--expose-gc", "--conditions=react-server", "--import", "tsx", path.join(root, "bench", "vocabulary-probe.ts")],
    { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
  );
  const figures = JSON.parse(out.trim().split("\n").at(-1)!) as VocabularyFigures;
  log(
    `concept vocabulary (${figures.version ?? "not built"}): load ${figures.loadMs} ms, ` +
      `+${figures.heapAddedMb} MB heap ` +
      `(+${figures.rssAddedMb} MB resident); reading a question ${figures.readFirstMedianMs} ms (first, median; max ` +
      `${figures.readFirstMaxMs} ms), ${figures.readRepeatMedianMs} ms repeated; start-up warm-up of the lexicon ` +
      `and its gene and process indexes ${figures.warmUp.ms.total} ms, +${figures.warmUp.heapAddedMb} MB heap ` +
      `(+${figures.warmUp.rssAddedMb} MB resident)`,
  );
  return figures;
}
