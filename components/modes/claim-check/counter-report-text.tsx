import { Fragment } from "react";

/**
 * The counter-report's prose with its [n] markers as links to the citations below it (anchors
 * `${idPrefix}-cite-<n>`). Plain text only: nothing in the report is rendered as HTML.
 */
export function CounterReportText({
  text,
  idPrefix,
  citations,
}: {
  text: string;
  idPrefix: string;
  citations: number;
}) {
  const parts = text.split(/(\[\d+(?:\s*[–,-]\s*\d+)*\])/g);
  return (
    <p data-testid="counter-report" className="leading-relaxed">
      {parts.map((part, i) => {
        const m = /^\[(\d+)/.exec(part);
        if (!m || Number(m[1]) < 1 || Number(m[1]) > citations) return <Fragment key={i}>{part}</Fragment>;
        return (
          <a key={i} href={`#${idPrefix}-cite-${m[1]}`} className="text-accent underline underline-offset-2">
            {part}
          </a>
        );
      })}
    </p>
  );
}
