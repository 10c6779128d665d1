import fs from "node:fs";
import { listLibraryRecords } from "@/lib/db/evidence";
import { createExtractiveBackend } from "@/lib/research/agents/extractive";
import type { Log } from "./classic";

/** Evidence counts of the extractive backend's curve: its time must grow linearly with them. */
export const SCALING_N = [100, 500, 2000];

const QUESTION = "Is lithium nephrotoxic, and by what mechanism?";

/** Run time of the extractive backend's agents (hypothesis, judge, report) on n library records, per n. */
export interface Scaling {
  n: number[];
  ms: number[];
  /** The same, per agent (ms), to show what dominates. */
  byAgent: Record<"hypothesize" | "judge" | "report", number[]>;
}

/**
 * The extractive backend on the first n records of the library (2,104 after the bench's import), for each n in
 * SCALING_N: hypothesis, judge and report agents in turn, as the last iteration of a run calls them, on fresh copies
 * of the records (best of 2).
 */
export async function measureScaling(log: Log): Promise<Scaling> {
  const library = await listLibraryRecords();
  const backend = createExtractiveBackend();
  const out: Scaling = { n: [], ms: [], byAgent: { hypothesize: [], judge: [], report: [] } };
  // Warm-up on other records: loads the vocabularies and the relation model, as a running server has.
  await backend.hypothesize({ question: QUESTION, evidence: structuredClone(library.slice(-50)), previous: null });
  for (const n of SCALING_N) {
    let best: { total: number; parts: [number, number, number] } | null = null;
    for (let attempt = 0; attempt < 2; attempt++) {
      // Fresh copies: the per-record caches (sentences, vocabulary mentions, relation predictions) start empty, as
      // for records a run has just collected.
      const evidence = structuredClone(library.slice(0, n));
      const t0 = performance.now();
      const hypotheses = await backend.hypothesize({ question: QUESTION, evidence, previous: null });
      const t1 = performance.now();
      const assessment = await backend.judge({
        question: QUESTION,
        evidence,
        hypotheses,
        iteration: 1,
        maxIterations: 1,
      });
      const t2 = performance.now();
      await backend.report({
        question: QUESTION,
        evidence,
        hypotheses,
        assessments: [assessment],
        sourcesSearched: ["local"],
        iterations: 1,
        shortfalls: [],
      });
      const t3 = performance.now();
      if (!best || t3 - t0 < best.total) best = { total: t3 - t0, parts: [t1 - t0, t2 - t1, t3 - t2] };
    }
    out.n.push(Math.min(n, library.length));
    out.ms.push(Math.round(best!.total));
    out.byAgent.hypothesize.push(Math.round(best!.parts[0]));
    out.byAgent.judge.push(Math.round(best!.parts[1]));
    out.byAgent.report.push(Math.round(best!.parts[2]));
    log(
      `extractive backend on ${Math.min(n, library.length)} records: ${best!.total.toFixed(0)} ms (hypothesis ` +
        `${best!.parts[0].toFixed(0)}, judge ${best!.parts[1].toFixed(0)}, report ${best!.parts[2].toFixed(0)})`,
    );
  }
  return out;
}

/**
 * Writes a small SVG line chart of the scaling curve (run time against evidence count, with the straight line
 * through the origin and the first point for comparison) to `file`, and returns the path.
 */
export function writeScalingChart(scaling: Scaling, file: string): string {
  const W = 480,
    H = 300,
    L = 60,
    R = 20,
    T = 30,
    B = 50;
  const maxN = Math.max(...scaling.n),
    maxMs = Math.max(...scaling.ms, (scaling.ms[0] / scaling.n[0]) * maxN) * 1.1;
  const x = (n: number) => L + (n / maxN) * (W - L - R);
  const y = (ms: number) => H - B - (ms / maxMs) * (H - T - B);
  const points = scaling.n.map((n, i) => `${x(n).toFixed(1)},${y(scaling.ms[i]).toFixed(1)}`).join(" ");
  const linear = `${x(0)},${y(0)} ${x(maxN).toFixed(1)},${y((scaling.ms[0] / scaling.n[0]) * maxN).toFixed(1)}`;
  const ticks = scaling.n
    .map(
      (n, i) =>
        `<text x="${x(n).toFixed(1)}" y="${H - B + 18}" text-anchor="middle">${n}</text><text ` +
        `x="${x(n).toFixed(1)}" y="${(y(scaling.ms[i]) - 8).toFixed(1)}" text-anchor="middle">${scaling.ms[i]} ` +
        `ms</text><circle cx="${x(n).toFixed(1)}" cy="${y(scaling.ms[i]).toFixed(1)}" r="3.5" fill="#2563eb"/>`,
    )
    .join("");
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" ` +
    `font-family="sans-serif" font-size="11">
<title>Extractive backend: run time against evidence count</title>
<rect width="${W}" height="${H}" fill="white"/>
<text x="${W / 2}" y="18" text-anchor="middle" font-size="13">` +
    `Extractive agents (hypothesis + judge + report): ms per evidence count</text>
<line x1="${L}" y1="${H - B}" x2="${W - R}" y2="${H - B}" stroke="#333"/>` +
    `<line x1="${L}" y1="${T}" x2="${L}" y2="${H - B}" stroke="#333"/>
<text x="${W / 2}" y="${H - 12}" text-anchor="middle">evidence records</text>
<text x="16" y="${H / 2}" text-anchor="middle" transform="rotate(-90 16 ${H / 2})">ms</text>
<polyline points="${linear}" fill="none" stroke="#9ca3af" stroke-dasharray="4 3"/>
<polyline points="${points}" fill="none" stroke="#2563eb" stroke-width="2"/>${ticks}
<text x="${W - R}" y="${T + 12}" text-anchor="end" fill="#6b7280">dashed: linear from the first point</text>
</svg>
`;
  fs.writeFileSync(file, svg);
  return file;
}
