import fs from "node:fs";
import type { SizeFigures } from "./run";

const COLORS = { sqlite: "#2563eb", postgres: "#dc2626" } as const;

/** One panel of the chart: a figure of each database against the library size (log-free, linear axes). */
function panel(
  sizes: SizeFigures[],
  pick: (s: SizeFigures) => number,
  title: string,
  unit: string,
  x0: number,
  goal?: number,
): string {
  const W = 300,
    H = 220,
    L = 50,
    B = 40,
    T = 26;
  const maxN = Math.max(...sizes.map((s) => s.records));
  const maxY = Math.max(...sizes.map(pick), goal ?? 0) * 1.15 || 1;
  const x = (n: number) => x0 + L + (n / maxN) * (W - L - 10);
  const y = (v: number) => H - B - (v / maxY) * (H - T - B);
  const lines = (["sqlite", "postgres"] as const)
    .map((db) => {
      const pts = sizes.filter((s) => s.database === db);
      if (!pts.length) return "";
      const poly = pts.map((s) => `${x(s.records).toFixed(1)},${y(pick(s)).toFixed(1)}`).join(" ");
      const dots = pts
        .map(
          (s) =>
            `<circle cx="${x(s.records).toFixed(1)}" cy="${y(pick(s)).toFixed(1)}" r="3" ` +
            `fill="${COLORS[db]}"><title>${db} ${s.records}: ${pick(s)} ${unit}</title></circle><text ` +
            `x="${x(s.records).toFixed(1)}" y="${(y(pick(s)) - 6).toFixed(1)}" text-anchor="middle" ` +
            `fill="${COLORS[db]}" font-size="9">${pick(s)}</text>`,
        )
        .join("");
      return `<polyline points="${poly}" fill="none" stroke="${COLORS[db]}" stroke-width="2"/>${dots}`;
    })
    .join("");
  const goalLine = goal
    ? `<line x1="${x0 + L}" x2="${x0 + W - 10}" y1="${y(goal)}" y2="${y(goal)}" stroke="#9ca3af" ` +
      `stroke-dasharray="4 3"/><text x="${x0 + W - 12}" y="${y(goal) - 4}" text-anchor="end" fill="#6b7280" ` +
      `font-size="9">goal ${goal}</text>`
    : "";
  const ticks = [...new Set(sizes.map((s) => s.records))]
    .map(
      (n) =>
        `<text x="${x(n).toFixed(1)}" y="${H - B + 14}" text-anchor="middle" ` +
        `font-size="9">${n >= 1e6 ? `${n / 1e6}M` : `${Math.round(n / 1e3)}k`}</text>`,
    )
    .join("");
  return (
    `<text x="${x0 + W / 2}" y="16" text-anchor="middle" font-size="12">${title}</text>
<line x1="${x0 + L}" y1="${H - B}" x2="${x0 + W - 10}" y2="${H - B}" stroke="#333"/>` +
    `<line x1="${x0 + L}" y1="${T}" x2="${x0 + L}" y2="${H - B}" stroke="#333"/>
<text x="${x0 + 12}" y="${H / 2}" text-anchor="middle" font-size="10" ` +
    `transform="rotate(-90 ${x0 + 12} ${H / 2})">${unit}</text>${ticks}${goalLine}${lines}`
  );
}

/**
 * Writes the library bench's growth curve as SVG: search p95 (ms), search p50 (ms) and import rate (records/s)
 * against library size, SQLite in blue and Postgres in red, with the goals dashed.
 */
export function writeLibraryChart(sizes: SizeFigures[], file: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="920" height="250" viewBox="0 0 920 250" ` +
    `font-family="sans-serif" font-size="11">
<title>Local library: search latency and import rate against library size (blue SQLite, red Postgres)</title>
<rect width="920" height="250" fill="white"/>
${panel(sizes, (s) => s.searchP95Ms, "search p95 (ms)", "ms", 0, 100)}
${panel(sizes, (s) => s.searchP50Ms, "search p50 (ms)", "ms", 310)}
${panel(sizes, (s) => s.importRecordsPerSecond, "import (records/s)", "records/s", 620, 5000)}
<text x="460" y="244" text-anchor="middle" fill="#6b7280">library records (blue: SQLite FTS5, red: Postgres GIN)</text>
</svg>
`;
  fs.writeFileSync(file, svg);
  return file;
}
