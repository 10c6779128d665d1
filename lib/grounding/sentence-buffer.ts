/** Complete pieces of a text that arrives in deltas: `push` each delta, `flush` at the end. */
export interface SentenceBuffer {
  push(delta: string): string;
  flush(): string;
}

/**
 * Splits streamed model text into complete pieces, so each sentence is checked once it is whole (a quotation or a
 * marker is never judged half-written): `push(delta)` returns the text up to the last sentence or line boundary that
 * is safely complete (punctuation or a line break followed by the start of a next sentence that is not a citation
 * marker, outside quotation marks), "" while there is none; `flush()` returns the rest at the end of the stream.
 */
export function createSentenceBuffer(): SentenceBuffer {
  let buffer = "";
  const BOUNDARY = /(?:[.!?…]["”’)\]]*[ \t]+|\n+[ \t]*)(?=[^\s[])/g;
  const marksIn = (text: string, mark: RegExp) => text.match(mark)?.length ?? 0;
  const balanced = (text: string) => marksIn(text, /"/g) % 2 === 0 && marksIn(text, /“/g) === marksIn(text, /”/g);
  return {
    push(delta) {
      buffer += delta;
      let cut = -1;
      for (const m of buffer.matchAll(BOUNDARY)) {
        const end = m.index + m[0].length;
        if (balanced(buffer.slice(0, end))) cut = end;
      }
      if (cut < 0) return "";
      const out = buffer.slice(0, cut);
      buffer = buffer.slice(cut);
      return out;
    },
    flush() {
      const out = buffer;
      buffer = "";
      return out;
    },
  };
}
