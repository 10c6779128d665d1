import { highlightPassage } from "@/lib/report/render/highlight";

/**
 * A record's abstract with the passage `sentence` quotes (a cited sentence, the sentence a stance rests on) marked,
 * or a plain note when the record has no abstract.
 */
export function AbstractText({
  abstract,
  sentence,
  testId = "abstract",
  inline = false,
}: {
  abstract: string;
  sentence: string | null;
  testId?: string;
  inline?: boolean;
}) {
  // Inside a citation card (itself inside a paragraph) the abstract is a block span, not a paragraph.
  const Tag = inline ? "span" : "p";
  if (!abstract.trim())
    return (
      <Tag className="block text-muted-foreground" data-testid={testId}>
        The source gives no abstract for this record.
      </Tag>
    );
  return (
    <Tag className="block whitespace-pre-line leading-relaxed" data-testid={testId}>
      {highlightPassage(abstract, sentence).map((p, i) =>
        p.marked ? (
          <mark key={i} className="rounded-sm bg-warning-soft px-0.5 text-foreground" data-testid="abstract-highlight">
            {p.text}
          </mark>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </Tag>
  );
}
