import { CLEAR_MECHANISM_SCORE, SUFFICIENT_COMBINED_SCORE } from "@/lib/domain/judge";
import type { RunEventPayloads } from "@/lib/domain/events";

const WIDTH = 360;
const HEIGHT = 170;
const PAD = { top: 18, right: 12, bottom: 34, left: 28 };
const BAR = 18;
const SERIES = [
  { key: "mechanismScore", label: "Mechanism", className: "fill-accent" },
  { key: "clinicalScore", label: "Clinical", className: "fill-warning" },
] as const;

/**
 * The judge's mechanism and clinical scores (0–10) for each iteration as grouped bars, each labelled with its
 * value, with a legend, each iteration's sufficiency under its bars, and the same numbers as a table for screen
 * readers (the drawing itself is decorative).
 */
export function ScoresChart({ assessments }: { assessments: Array<RunEventPayloads["assessment"]> }) {
  if (assessments.length === 0) return null;
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const group = plotW / assessments.length;
  const y = (score: number) => PAD.top + plotH - (score / 10) * plotH;
  return (
    <figure data-testid="scores-chart" className="space-y-2">
      <div className="flex flex-wrap gap-4 text-sm" aria-hidden>
        {SERIES.map((s) => (
          <span key={s.key} className="inline-flex items-center gap-1.5">
            <svg width="12" height="12" className={s.className}>
              <rect width="12" height="12" rx="2" />
            </svg>
            {s.label} score
          </span>
        ))}
      </div>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="w-full max-w-md text-muted-foreground" aria-hidden>
        {[0, 5, 10].map((v) => (
          <g key={v}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(v)}
              y2={y(v)}
              stroke="currentColor"
              strokeOpacity={0.3}
              strokeDasharray={v === 0 ? undefined : "3 3"}
            />
            <text x={PAD.left - 6} y={y(v) + 4} textAnchor="end" fontSize="10" fill="currentColor">
              {v}
            </text>
          </g>
        ))}
        {assessments.map((a, i) => {
          const center = PAD.left + group * i + group / 2;
          return (
            <g key={a.iteration}>
              {SERIES.map((s, j) => {
                const value = a.assessment[s.key];
                const x = center - BAR - 2 + j * (BAR + 4);
                return (
                  <g key={s.key} data-testid="score-bar" data-series={s.key} data-value={value}>
                    <rect
                      x={x}
                      y={y(value)}
                      width={BAR}
                      height={Math.max(0, y(0) - y(value))}
                      rx="2"
                      className={s.className}
                    />
                    <text
                      x={x + BAR / 2}
                      y={y(value) - 4}
                      textAnchor="middle"
                      fontSize="10"
                      className="fill-foreground"
                    >
                      {value}
                    </text>
                  </g>
                );
              })}
              <text x={center} y={HEIGHT - PAD.bottom + 14} textAnchor="middle" fontSize="10" fill="currentColor">
                Iteration {a.iteration}
              </text>
              <text
                x={center}
                y={HEIGHT - PAD.bottom + 27}
                textAnchor="middle"
                fontSize="10"
                className={a.assessment.sufficient ? "fill-success" : "fill-warning"}
              >
                {a.assessment.sufficient ? "sufficient" : "not sufficient"}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="sr-only">
        <caption>Judge scores by iteration (0–10)</caption>
        <thead>
          <tr>
            <th scope="col">Iteration</th>
            <th scope="col">Mechanism</th>
            <th scope="col">Clinical</th>
            <th scope="col">Sufficient</th>
          </tr>
        </thead>
        <tbody>
          {assessments.map((a) => (
            <tr key={a.iteration}>
              <th scope="row">{a.iteration}</th>
              <td>{a.assessment.mechanismScore}</td>
              <td>{a.assessment.clinicalScore}</td>
              <td>{a.assessment.sufficient ? "yes" : "no"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <figcaption className="text-sm text-muted-foreground">
        Judge&apos;s scores across {assessments.length} {assessments.length === 1 ? "iteration" : "iterations"}; the
        evidence suffices at a combined score of {SUFFICIENT_COMBINED_SCORE} or more, a mechanism score of at least{" "}
        {CLEAR_MECHANISM_SCORE} and at least one drug candidate.
      </figcaption>
    </figure>
  );
}
