import type { ChatAnswerData } from "@/lib/domain/chat";

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * What the checks did to an answer, as for reports: statements the cited records do not support, citations, quotes
 * and identifiers removed, and sentences left
 * without a citation (then the answer is flagged unverified). Nothing is shown for a clean answer but its source line.
 */
export function AnswerChecksNote({ data }: { data: ChatAnswerData }) {
  const { checks } = data;
  const statements = checks.removedStatements ?? 0;
  const removed = [
    checks.removedMarkers > 0 &&
      plural(
        checks.removedMarkers,
        "citation of a record the answer was not given",
        "citations of records the answer was not given",
      ),
    checks.removedQuotes > 0 &&
      plural(checks.removedQuotes, "quotation no cited abstract contains", "quotations no cited abstract contains"),
    checks.removedIdentifiers > 0 &&
      plural(checks.removedIdentifiers, "identifier of a record not retrieved", "identifiers of records not retrieved"),
  ].filter(Boolean);
  const source =
    data.backend === "llm"
      ? `Answered by ${data.model ?? "the model"} from ${plural(data.evidenceConsidered, "record", "records")} ` +
        `of this run.`
      : `Extractive answer: sentences of this run's evidence ` +
        `(${plural(data.evidenceConsidered, "record", "records")} read), no language model.`;
  return (
    <div className="space-y-1 text-xs text-muted-foreground" data-testid="answer-checks">
      <p>{source}</p>
      {statements > 0 && (
        <p role="note" className="rounded-md bg-warning-soft px-2 py-1 text-warning" data-testid="answer-statements">
          {plural(statements, "statement", "statements")} removed: not supported by the cited record
          {statements === 1 ? "" : "s"}.
        </p>
      )}
      {removed.length > 0 && <p data-testid="answer-removed">Removed by the checks: {removed.join("; ")}.</p>}
      {checks.status === "unverified" && (
        <div role="note" className="rounded-md bg-warning-soft px-2 py-1 text-warning" data-testid="answer-unverified">
          Unverified: {plural(checks.uncitedSentences.length, "sentence carries", "sentences carry")} no citation
          <ul className="list-disc pl-5">
            {checks.uncitedSentences.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
