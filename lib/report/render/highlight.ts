import { matchQuote } from "@/lib/text/quote-match";
import { stripMarkers } from "@/lib/grounding/markers";

/** A piece of a text, marked when it is the passage looked for. */
export interface TextPiece {
  text: string;
  marked: boolean;
}

/**
 * `text` (an abstract) cut around the passage `sentence` quotes: the sentence as a citing report writes it (its [n]
 * markers, quotation marks and a "— source" line are ignored) is found in the text as written or ≥ 0.95 similar
 * (lib/text/quote-match), and that span is marked. The whole text, unmarked, when it holds no such passage.
 */
export function highlightPassage(text: string, sentence: string | null): TextPiece[] {
  const quote = sentence
    ? stripMarkers(sentence.split(/\s+— /)[0])
        .replace(/^[“"]|[”"]$/g, "")
        .replace(/[“”]/g, "")
        .replace(/[.!?…]+$/, "")
        .trim()
    : "";
  if (quote.split(/\s+/).length < 4) return [{ text, marked: false }];
  const match = matchQuote(quote, text);
  const at = match.sourceText ? text.indexOf(match.sourceText) : -1;
  if (at < 0 || !match.sourceText) return [{ text, marked: false }];
  const end = at + match.sourceText.length;
  return [
    { text: text.slice(0, at), marked: false },
    { text: text.slice(at, end), marked: true },
    { text: text.slice(end), marked: false },
  ].filter((p) => p.text !== "");
}
