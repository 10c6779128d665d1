import type { Evidence } from "@/lib/domain/evidence";
import { evidenceLookup } from "@/lib/evidence/identity";
import { parseCitations } from "./key-citations";
import { sentenceSpans } from "@/lib/text/sentence-spans";
import { removeUnretrieved } from "./identifiers";
import { verifyQuotesInText } from "./quotes";
import { rewriteMarkers } from "./markers";

/*
 * One scrub for every model-written string that reaches a reader — hypotheses and their chain nodes, drug
 * candidates, the methodology, the judge's reasoning, the critic's issues, chat answers, claim counter-statements,
 * rationales and counter-reports — with the checks the report's summary gets: identifiers that name no retrieved
 * record, citation markers that point nowhere, quotations no record holds. What it removes is counted, never shown.
 */

/** What a text may legitimately contain: the records retrieved, how many [n] references it may cite, which keys. */
export interface ScrubContext {
  /** The run's retrieved records by every key they can be named by (lib/evidence/identity evidenceLookup). */
  lookup: Map<string, Evidence>;
  /** The records a quotation may come from. */
  evidence: Evidence[];
  /** [n] markers may cite 1..references; 0 when the text cites no numbered references (all [n] are removed). */
  references: number;
  /** Citation keys the text may cite ("E3", its sentences "E3.2"); any other key citation is removed. */
  keys: ReadonlySet<string>;
  /** Whether quotations are checked here (false when a later check of the report does it against cited records). */
  quotes: boolean;
}

/** What a scrub removed, added to as texts are scrubbed: identifier kinds ("PMID"), markers, quotations. */
export interface ScrubTally {
  identifiers: string[];
  markers: number;
  quotes: number;
}

/** A new, empty {@link ScrubTally}. */
export function emptyTally(): ScrubTally {
  return { identifiers: [], markers: 0, quotes: 0 };
}

/**
 * The context of a scrub over `evidence` (the run's retrieved records): by default no [n], no keys, quotations
 * checked. `quotable`: texts a quotation may also come from without being a record (the user's own claim or text, which
 * a counter-statement or an extracted claim may quote); they name no record, so their identifiers are not allowed.
 */
export function scrubContext(
  evidence: Evidence[],
  options: Partial<Omit<ScrubContext, "lookup" | "evidence">> & { quotable?: string[] } = {},
): ScrubContext {
  const sources = (options.quotable ?? []).map(quotableText);
  return {
    lookup: evidenceLookup(evidence),
    evidence: [...evidence, ...sources],
    references: options.references ?? 0,
    keys: options.keys ?? new Set(),
    quotes: options.quotes ?? true,
  };
}

/**
 * A text a quotation may come from, shaped as the quotation check reads it (its abstract); no identifier of its own.
 */
function quotableText(text: string, i: number): Evidence {
  return {
    id: `quotable:${i}`,
    citation: {
      source: "local",
      pmid: null,
      doi: null,
      pmcid: null,
      nctId: null,
      title: "",
      authors: [],
      journal: null,
      year: null,
      url: "",
      publicationTypes: [],
      meshTerms: [],
      abstract: text,
    },
    relevance: 0,
    entities: [],
    preprint: false,
    trial: null,
  };
}

/**
 * An author–year citation in parentheses, "(Smith et al., 2024)", "(Smith and Jones 2019; Lee 2020)": never one of
 * ours (references are built from records and cited by [n]), so it may name a study that was never retrieved.
 */
const SURNAME = String.raw`[A-Z][\p{L}'’-]+`;
const AUTHORS = String.raw`${SURNAME}(?:\s+(?:et\s+al\.?|and|&)(?:\s+${SURNAME})?)?`;
const AUTHOR_YEAR = new RegExp(String.raw`\s?\((?:\s*${AUTHORS},?\s*(?:19|20)\d{2}[a-z]?\s*[;,]?)+\s*\)`, "gu");

/** Words that carry no content of their own: a sentence left with only these after a removal is dropped. */
const EMPTY_WORDS = new Set([
  "see",
  "and",
  "or",
  "the",
  "at",
  "in",
  "via",
  "from",
  "also",
  "doi",
  "pmid",
  "url",
  "available",
  "online",
  "more",
  "details",
  "for",
  "paper",
  "article",
  "study",
  "reference",
  "references",
  "link",
]);

/** Punctuation left behind by removals, closed up: "( , )", " ,", ",.", "see and.", double spaces. */
function tidy(text: string): string {
  return text
    .replace(/\(\s*[,;:]?\s*\)|\[\s*[,;:]?\s*\]/g, "")
    .replace(/(?<=[\p{L}\d)\],])(?:[ \t]+(?:see|and|or|at|via|in|from))+(?=[ \t]*[.,;:!?])/giu, "")
    .replace(/\(\s*[,;:]\s*/g, "(")
    .replace(/\s*[,;:]\s*\)/g, ")")
    .replace(/[ \t]+([.,;:!?)\]])/g, "$1")
    .replace(/([,;:])(?=[.,;:!?])/g, "")
    .replace(/(?<![.])([.!?])[ \t]*\.(?!\.)/g, "$1")
    .replace(/[ \t]{2,}/g, " ")
    .replace(/^[ \t]+|[ \t]+$/gm, "");
}

/** `text` without the sentences that hold no content word any more (only "see", "and", "doi", …). */
function dropEmptySentences(text: string): string {
  const kept: string[] = [];
  let last = 0;
  for (const span of sentenceSpans(text)) {
    const sentence = text.slice(span.start, span.end);
    const words = sentence.toLowerCase().match(/\p{L}{3,}/gu) ?? [];
    kept.push(text.slice(last, span.start));
    if (words.some((w) => !EMPTY_WORDS.has(w))) kept.push(sentence);
    last = span.end;
  }
  kept.push(text.slice(last));
  return tidy(kept.join(""));
}

/**
 * The text with each sentence whose quotation no record holds removed. Sentences are cut before a capital or an
 * opening quotation mark (a sentence that opens with a quotation is still its own sentence), line by line.
 */
function checkQuotes(text: string, ctx: ScrubContext, tally: ScrubTally): string {
  return text
    .split("\n")
    .map((line) =>
      line
        .split(/(?<=[.!?…]["”»]?)\s+(?=["“«]?\p{Lu})/u)
        .map((sentence) => {
          const quoted = verifyQuotesInText(sentence, "executiveSummary", () => [], ctx.evidence);
          tally.quotes += quoted.checks.filter((c) => c.outcome === "removed").length;
          return quoted.text;
        })
        .filter(Boolean)
        .join(" "),
    )
    .join("\n");
}

/**
 * One model-written text made fit to show, every removal counted in `tally` (a fresh one when the caller does not
 * count):
 * 1. URLs, DOIs, PMIDs and NCT IDs naming no retrieved record are removed (lib/grounding/identifiers
 *    removeUnretrieved), never shown with a note;
 * 2. [n] markers past `ctx.references` are removed (lib/grounding/markers rewriteMarkers), and so are
 *    citations of keys outside `ctx.keys` ("[E77]", "E77.2": lib/grounding/key-citations) and author–year
 *    citations ("(Smith et al., 2024)");
 * 3. with `ctx.quotes`, a sentence whose quotation (≥ 4 words in quotation marks) no record holds is removed
 *    (lib/grounding/quotes verifyQuotesInText, exact or ≥ 0.95 similar; a near-verbatim one takes the record's
 *    words);
 * 4. punctuation left behind is closed up, and a sentence left without a content word is dropped.
 * Idempotent: a second pass removes nothing.
 */
export function scrubText(text: string, ctx: ScrubContext, tally: ScrubTally = emptyTally()): string {
  if (!text.trim()) return text.trim();
  const kinds: string[] = [];
  let out = removeUnretrieved(text, ctx.lookup, kinds);
  tally.identifiers.push(...kinds);
  const markers = rewriteMarkers(out, (n) => (n >= 1 && n <= ctx.references ? n : undefined));
  out = markers.text;
  let removed = markers.removed;
  const groups = parseCitations(out).filter((g) =>
    g.items.some((item) =>
      item.kind === "keys" ? !ctx.keys.has(`E${item.from}`) || !ctx.keys.has(`E${item.to}`) : !ctx.keys.has(item.key),
    ),
  );
  for (const g of [...groups].reverse()) out = `${out.slice(0, g.start).replace(/\s+$/, "")}${out.slice(g.end)}`;
  removed += groups.length;
  out = out.replace(AUTHOR_YEAR, () => {
    removed += 1;
    return "";
  });
  tally.markers += removed;
  const quotesBefore = tally.quotes;
  if (ctx.quotes) out = checkQuotes(out, ctx, tally);
  // Text nothing was removed from is returned as written (a quotation may have taken its source's exact words).
  if (kinds.length === 0 && removed === 0 && tally.quotes === quotesBefore) return out.trim();
  return dropEmptySentences(tidy(out)).trim();
}

/** Every text of a list scrubbed ({@link scrubText}); texts left empty are dropped, repeats kept once. */
export function scrubList(texts: string[], ctx: ScrubContext, tally: ScrubTally): string[] {
  return [...new Set(texts.map((t) => scrubText(t, ctx, tally)).filter(Boolean))];
}
