/**
 * A score a model gave on an integer scale 0–`max` (a rubric's scale, e.g. 0–5 or 0–10), as the agents keep it:
 * rounded to the nearest integer and clamped to [0, max]; a non-finite value (NaN, ±Infinity) gives 0.
 */
export function clampScore(x: number, max: number): number {
  return Number.isFinite(x) ? Math.min(max, Math.max(0, Math.round(x))) : 0;
}
