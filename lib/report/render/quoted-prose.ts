import type { Reference } from "@/lib/domain/report";
import { matchQuote, normaliseForMatch } from "@/lib/text/quote-match";
import { sentenceSpans } from "@/lib/text/sentence-spans";
import { citedNumbers, stripMarkers } from "@/lib/grounding/markers";
import { escapeProse, escapeText } from "./markdown";
import { mergeRepeated } from "./merge-lines";
import { plainWords } from "./plain-words";

/** Fewest words for a cited sentence to be shown as a quotation (shorter ones are titles' fragments or labels). */
const MIN_QUOTED_WORDS = 6;
/** Longest title shown as a quotation's source when the record has no authors, journal or year (characters). */
const MAX_SOURCE_TITLE = 90;

/**
 * A piece of report prose: Critica's own words (`text`, with its [n] markers), or a sentence an abstract or title
 * holds as written (`quote`, without its marker) with the reference numbers its marker cited.
 */
export type ProseBlock = { kind: "text"; text: string } | { kind: "quote"; text: string; numbers: number[] };

/**
 * Splits prose into {@link ProseBlock}s: each sentence citing references whose title or abstract (`texts`, by
 * evidence id) holds it as written (lib/text/quote-match, exact or ≥ 0.95 similar) becomes a quotation; consecutive
 * other sentences stay one text block. Lines are kept apart (list items are separate blocks).
 */
export function proseBlocks(prose: string, references: Reference[], texts: ReadonlyMap<string, string>): ProseBlock[] {
  const byNumber = new Map(references.map((r) => [r.n, r]));
  const blocks: ProseBlock[] = [];
  for (const line of prose.split("\n")) {
    const body = line.replace(/^\s*[-*•]\s+/, "");
    if (!body.trim()) continue;
    let text = "";
    const flush = () => {
      if (text.trim()) blocks.push({ kind: "text", text: text.trim() });
      text = "";
    };
    for (const span of sentenceSpans(body)) {
      const sentence = body.slice(span.start, span.end);
      const numbers = [...new Set(citedNumbers(sentence))];
      const quoted = (candidate: string) =>
        numbers.length > 0 &&
        candidate.split(/\s+/).length >= MIN_QUOTED_WORDS &&
        numbers.some((n) => {
          const source = texts.get(byNumber.get(n)?.evidenceId ?? "");
          return source !== undefined && matchQuote(candidate.replace(/[.!?…]+$/, ""), source).kind !== "none";
        });
      const bare = stripMarkers(sentence);
      // "On lithium and AQP2, the records say: <an abstract's sentence> [4]." — the lead in Critica's words, then the
      // quotation.
      const colon = bare.lastIndexOf(": ");
      const lead = colon > 0 && !quoted(bare) && quoted(bare.slice(colon + 2)) ? bare.slice(0, colon + 1) : null;
      if (lead === null && !quoted(bare)) {
        text += `${sentence} `;
        continue;
      }
      if (lead !== null) text += `${lead} `;
      flush();
      blocks.push({ kind: "quote", text: lead === null ? bare : bare.slice(colon + 2), numbers });
    }
    flush();
  }
  return blocks;
}

/**
 * Where a quotation comes from: "Smith J et al., Kidney Int, 1998", or the record's title when it has none of these
 * ("the record's title" when the quotation is the title itself).
 */
export function quoteSource(ref: Reference | undefined, quote = ""): string {
  if (!ref) return "";
  const isTitle =
    normaliseForMatch(quote).replace(/[.!?…]+$/, "") === normaliseForMatch(ref.title).replace(/[.!?…]+$/, "");
  const author = ref.authors.length > 0 ? `${ref.authors[0]}${ref.authors.length > 1 ? " et al." : ""}` : "";
  const venue = [author, ref.journal, ref.year].filter(Boolean).join(", ");
  if (venue) return isTitle ? `the title of ${venue}` : venue;
  if (isTitle) return "the record's title";
  return ref.title.length > MAX_SOURCE_TITLE
    ? `${ref.title.slice(0, MAX_SOURCE_TITLE).replace(/\s+\S*$/, "")}…`
    : ref.title;
}

/**
 * Report prose as the reading page's Markdown: Critica's sentences as paragraphs (or list items, when the prose is a
 * list), in plain words (lib/report/render/plain-words) with repeated lines merged (lib/report/render/merge-lines);
 * each quotation as a block quote in quotation marks with its marker, and a line naming its source (“… .” [4] /
 * — Kwon T et al., 2009).
 */
export function readingProse(prose: string, references: Reference[], texts: ReadonlyMap<string, string>): string {
  const byNumber = new Map(references.map((r) => [r.n, r]));
  const isList = /(^|\n)\s*[-*•]\s/.test(prose);
  const blocks = proseBlocks(prose, references, texts);
  const own = blocks.flatMap((b) => (b.kind === "text" ? [b.text] : []));
  const merged = mergeRepeated(own);
  let t = 0;
  const out: Array<{ md: string; list: boolean }> = [];
  const shown = new Set<string>();
  for (const b of blocks) {
    if (b.kind === "quote") {
      if (shown.has(b.text)) continue;
      shown.add(b.text);
      const marker = `[${b.numbers.join(", ")}]`;
      const source = b.numbers
        .map((n) => quoteSource(byNumber.get(n), b.text))
        .filter(Boolean)
        .join("; ");
      out.push({
        md: `> “${escapeText(b.text)}” ${marker}${source ? `\n>\n> — ${escapeText(source)}` : ""}`,
        list: false,
      });
      continue;
    }
    // A text block merged with others is shown once, where the merged line is first met.
    const line = merged[t++];
    if (!line) continue;
    out.push({ md: `${isList ? "- " : ""}${escapeProse(plainWords(line))}`, list: isList });
  }
  return out.map((b, i) => (i === 0 ? "" : b.list && out[i - 1].list ? "\n" : "\n\n") + b.md).join("");
}
