// Run by bench/vocabulary.ts in a fresh Node process (--expose-gc): loads the concept vocabulary once and reads
// questions, printing one JSON line of figures on stdout. Not a bench on its own.
import { loadConcepts } from "@/lib/vocabularies/concept-load";
import { questionProposition } from "@/lib/reading/proposition";
import { questionReading } from "@/lib/reading/question-reading";
import { warmVocabularies } from "@/lib/vocabularies/warm";
import { VOCABULARY_QUESTIONS } from "./vocabulary-questions";

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const mb = (bytes: number) => Math.round((bytes / 1e6) * 10) / 10;

gc();
const before = process.memoryUsage();
const t0 = performance.now();
const vocabulary = loadConcepts();
const loadMs = performance.now() - t0;
gc();
const after = process.memoryUsage();

/**
 * Reads a question as every mode does: its proposition (the vocabulary's concepts among its words), then its concepts.
 */
const read = (q: string) => questionReading({ proposition: questionProposition(q), resolved: null });
const first = VOCABULARY_QUESTIONS.map((q) => {
  const t = performance.now();
  read(q);
  return performance.now() - t;
});
const repeats = VOCABULARY_QUESTIONS.flatMap((q) =>
  Array.from({ length: 10 }, () => {
    const t = performance.now();
    read(q);
    return performance.now() - t;
  }),
).sort((a, b) => a - b);

/**
 * What a server's start-up warm-up (instrumentation.ts) adds after that: the lexicon and its gene and process indexes.
 */
async function warm() {
  gc();
  const base = process.memoryUsage();
  const figures = await warmVocabularies();
  gc();
  return {
    figures,
    rssAddedMb: mb(process.memoryUsage().rss - base.rss),
    heapAddedMb: mb(process.memoryUsage().heapUsed - base.heapUsed),
  };
}

void warm().then((warmUp) =>
  process.stdout.write(
    `${JSON.stringify({
      available: vocabulary !== null,
      version: vocabulary?.meta.version ?? null,
      loadMs: Math.round(loadMs),
      heapAddedMb: mb(after.heapUsed - before.heapUsed),
      rssAddedMb: mb(after.rss - before.rss),
      readFirstMaxMs: Math.round(Math.max(...first) * 10) / 10,
      readFirstMedianMs: Math.round([...first].sort((a, b) => a - b)[Math.floor(first.length / 2)] * 10) / 10,
      readRepeatMedianMs: Math.round(repeats[Math.floor(repeats.length / 2)] * 100) / 100,
      warmUp: { ms: warmUp.figures, heapAddedMb: warmUp.heapAddedMb, rssAddedMb: warmUp.rssAddedMb },
    })}\n`,
  ),
);
