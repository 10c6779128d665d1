import { highlightPassage } from "@/lib/report/render/highlight";

/**
 * `text` with the passage `sentence` quotes marked (lib/report/render/highlight), as the pieces of a paragraph: the
 * abstract of a record and a passage of a full text mark their cited sentence the same way. `markTestId` names the
 * mark for tests.
 */
export function HighlightedText({
  text,
  sentence,
  markTestId,
}: {
  text: string;
  sentence: string | null;
  markTestId: string;
}) {
  return highlightPassage(text, sentence).map((piece, i) =>
    piece.marked ? (
      <mark key={i} className="rounded-sm bg-warning-soft px-0.5 text-foreground" data-testid={markTestId}>
        {piece.text}
      </mark>
    ) : (
      <span key={i}>{piece.text}</span>
    ),
  );
}
