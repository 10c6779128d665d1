/** A 0–max score as a labelled meter (e.g. mechanism score 7/10). */
export function ScoreGauge({
  label,
  value,
  max = 10,
  testId,
}: {
  label: string;
  value: number;
  max?: number;
  testId?: string;
}) {
  const pct = Math.round((value / max) * 100);
  return (
    <div data-testid={testId} className="min-w-40 flex-1">
      <div className="flex items-baseline justify-between text-sm">
        <span className="font-medium">{label}</span>
        <span className="tabular-nums">
          {value}/{max}
        </span>
      </div>
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
        className="mt-1 h-2 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-accent" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}
