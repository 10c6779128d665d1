import { HighlightedText } from "./highlighted-text";

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
      <HighlightedText text={abstract} sentence={sentence} markTestId="abstract-highlight" />
    </Tag>
  );
}
