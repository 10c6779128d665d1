import type { ReportInput } from "@/lib/research/backend";
import { SOURCE_LABELS, type Evidence } from "@/lib/domain/evidence";
import { chainLabel } from "@/lib/domain/hypothesis";
import type { Reference, ResearchReport, SentenceSupport } from "@/lib/domain/report";
import type { ReportRepair } from "@/lib/domain/critic";
import type { KeyedEvidence } from "@/lib/evidence/prompt-context/blocks";
import { shownSentence } from "@/lib/evidence/prompt-context/passage-excerpts";
import { parseCitations, parseSupportEntry, stripCitations, type CitedItem } from "@/lib/grounding/key-citations";
import { MARKER_PATTERN } from "@/lib/grounding/markers";
import { PROSE_FIELD_LABELS, type ProseField } from "@/lib/grounding/prose";
import { describeRemovedQuote, verifyReportQuotes } from "@/lib/grounding/quotes";
import { referenceFromEvidence } from "@/lib/grounding/references";
import { withPublishedSupport } from "@/lib/report/appraise/support";
import { validateReportCitations } from "@/lib/report/appraise/validate-citations";
import { sentenceSpans } from "@/lib/text/sentence-spans";
import { notAnsweredReport } from "./report-not-answered";
import {
  emptyTally,
  scrubContext,
  scrubList,
  scrubText,
  type ScrubContext,
  type ScrubTally,
} from "@/lib/grounding/scrub";

/**
 * One statement of the model's draft: the ids of the evidence sentences it rests on ("E3.2"; a key "E3" when the
 * model names no sentence), and its text, which should carry no citation but may (read tolerantly).
 */
export interface DraftStatement {
  support: string[];
  text: string;
}

/** The model's draft as the report agent's schema returns it (see reportOutputSchema). */
export interface ReportDraftOutput {
  evidenceReading: string;
  outcome: "answers" | "does-not-answer";
  missing: string[];
  title: string;
  executiveSummary: DraftStatement[];
  methodology: string;
  mechanisticFindings: DraftStatement[];
  clinicalFindings: DraftStatement[];
  drugCandidates: string[];
  limitations: string[];
  conclusion: DraftStatement[];
}

/** The built report and what had to be removed from the model's draft to build it. */
export interface BuiltReport {
  report: ResearchReport;
  repairs: ReportRepair[];
}

const short = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * A statement after its citations were read: its text without them, the keys it cites and the sentences it names per
 * key.
 */
interface Statement {
  field: ProseField;
  /** Which limitation (0-based) a limitations statement belongs to; 0 elsewhere. */
  item: number;
  text: string;
  keys: string[];
  sentences: Map<string, number[]>;
}

/**
 * The scrubs of a draft (lib/grounding/scrub) and what they removed: `prose` for statements (their quotations are
 * checked
 * later against the records they cite, lib/grounding/quotes), `text` for the title, drug candidates, chains and the
 * not-answered reason and list (quotations checked against every record).
 */
interface Scrub {
  prose: ScrubContext;
  text: ScrubContext;
  tally: ScrubTally;
  /**
   * Citations of the draft that named nothing shown: bare numbers, sentences citing unknown keys, ids past an abstract.
   */
  citations: number;
}

function addTally(into: ScrubTally, from: ScrubTally): void {
  into.identifiers.push(...from.identifiers);
  into.markers += from.markers;
  into.quotes += from.quotes;
}

/** A support entry that is no key, as a repair line names it: by what it is, never by its (invented) value. */
function describeEntry(entry: string): string {
  if (/PMID|^\d{5,9}$/i.test(entry)) return "a PMID";
  if (/\b10\.\d{4,9}\//.test(entry)) return "a DOI";
  if (/https?:\/\/|www\./i.test(entry)) return "a URL";
  if (/NCT\d{8}/i.test(entry)) return "an NCT ID";
  return "text that is no key";
}

/** What the citations of one statement name among the blocks shown: keys and sentences, or what named nothing shown. */
function resolve(
  items: CitedItem[],
  shown: Map<string, KeyedEvidence>,
): { keys: string[]; sentences: Map<string, number[]>; unknown: string[]; badIds: string[] } {
  const keys: string[] = [];
  const sentences = new Map<string, number[]>();
  const unknown: string[] = [];
  const badIds: string[] = [];
  const cite = (key: string) => !keys.includes(key) && keys.push(key);
  for (const item of items) {
    if (item.kind === "keys") {
      // A range is the model's shorthand over the blocks it saw: the shown keys inside it.
      const inside = Array.from({ length: item.to - item.from + 1 }, (_, i) => `E${item.from + i}`).filter((k) =>
        shown.has(k),
      );
      if (inside.length === 0) unknown.push(`E${item.from}–E${item.to}`);
      inside.forEach(cite);
      continue;
    }
    const block = shown.get(item.key);
    if (!block) {
      if (!unknown.includes(item.key)) unknown.push(item.key);
      continue;
    }
    cite(item.key);
    if (item.kind === "key") continue;
    for (let n = item.from; n <= item.to; n++) {
      if (shownSentence(block, n) === null) badIds.push(`${item.key}.${n}`);
      else if (!(sentences.get(item.key) ?? []).includes(n))
        sentences.set(item.key, [...(sentences.get(item.key) ?? []), n]);
    }
  }
  return { keys, sentences, unknown, badIds };
}

/**
 * Reads one statement's citations — its support list and any citation written in its text ("[E3]", "(E3)",
 * "[E3–E5]", "E3.2": lib/grounding/key-citations) — against the blocks shown. A statement that cites a
 * key never shown (or a support entry that is no key at all, e.g. a PMID) is removed, with a repair line; a sentence
 * id past the record's abstract is dropped, with a repair line; a bare "[3]" is never read as a reference (a number
 * names a rendered reference, another record): it is deleted, with a repair line.
 */
function readStatement(
  field: ProseField,
  item: number,
  raw: string,
  support: string[],
  shown: Map<string, KeyedEvidence>,
  scrub: Scrub,
  repairs: ReportRepair[],
): Statement | null {
  const label = PROSE_FIELD_LABELS[field];
  let text = raw.trim();
  if (!text) return null;
  const bare = [...text.matchAll(MARKER_PATTERN)].map((m) => m[0]);
  if (bare.length > 0) {
    text = text.replace(new RegExp(`\\s?${MARKER_PATTERN.source}`, "g"), "");
    scrub.citations += bare.length;
    repairs.push({
      kind: "marker",
      detail:
        `${label}: ${bare.length} bracketed ${bare.length === 1 ? "number" : "numbers"} removed: a number is no ` +
        `evidence key (cite a block by key, e.g. [E3])`,
    });
  }
  const entries = support.map((s) => s.trim()).filter(Boolean);
  const notKeys = entries.filter((e) => parseSupportEntry(e).length === 0);
  const items = [...parseCitations(text).flatMap((g) => g.items), ...entries.flatMap(parseSupportEntry)];
  const { keys, sentences, unknown, badIds } = resolve(items, shown);
  const found = emptyTally();
  text = scrubText(stripCitations(text), scrub.prose, found);
  addTally(scrub.tally, found);
  for (const kind of found.identifiers)
    repairs.push({
      kind: "identifier",
      detail: `${label}: a ${kind} that names no retrieved record was removed (identifiers are added by the system)`,
    });
  if (found.markers > 0)
    repairs.push({
      kind: "marker",
      detail:
        `${label}: ${found.markers} author–year or numbered citation${found.markers === 1 ? "" : "s"} removed ` +
        `(cite evidence sentences by id)`,
    });
  const named = [...new Set([...unknown, ...notKeys.map(describeEntry)])];
  if (named.length > 0) {
    scrub.citations += 1;
    // The line names the sentence as a reader may see it: without a quotation no record holds.
    const visible = scrubText(text, scrub.text);
    const sentence = visible ? `the sentence “${short(visible)}”` : "a sentence";
    repairs.push({
      kind: "marker",
      detail:
        `${label}: ${sentence} was removed: it cites ${named.join(", ")}, which ` +
        `${named.length === 1 ? "is" : "are"} no evidence block shown`,
    });
    return null;
  }
  scrub.citations += badIds.length;
  for (const id of badIds)
    repairs.push({ kind: "marker", detail: `${label}: sentence id ${id} names no sentence of its record's abstract` });
  return text ? { field, item, text, keys, sentences } : null;
}

/**
 * The statements of a plain-text field (methodology, one limitation): its sentences, citations read from their text.
 */
function textStatements(
  field: ProseField,
  item: number,
  text: string,
  shown: Map<string, KeyedEvidence>,
  scrub: Scrub,
  repairs: ReportRepair[],
): Statement[] {
  return sentenceSpans(text.trim())
    .map((span) => readStatement(field, item, text.trim().slice(span.start, span.end), [], shown, scrub, repairs))
    .filter((s): s is Statement => s !== null);
}

/** A statement's text with its marker before the final punctuation: "Lithium raised AVP [1, 2]." */
function withMarker(text: string, numbers: number[]): string {
  if (numbers.length === 0) return text;
  const marker = `[${numbers.join(", ")}]`;
  const m = /^([\s\S]*?)([.!?…]+["”’)]*)$/.exec(text);
  return m ? `${m[1]} ${marker}${m[2]}` : `${text} ${marker}`;
}

/**
 * Builds the final ResearchReport from the model's draft. The model cites the sentences of the blocks it was shown
 * by id ("E3.2"; keys "E3" are read too); references are built in code from the records those keys name, never from
 * model text, and the exact text of every cited sentence is looked up in its record:
 * 1. each statement's citations are read tolerantly (support list and text: "[E3]", "(E3)", "[E3–E5]", "E3.2");
 *    a statement citing a key never shown is removed (repair kind "marker"), and so is a bare "[3]" (never mapped
 *    to a reference);
 * 2. the cited records become the references, numbered 1..k in order of first citation in reading order, and each
 *    cited statement ends with its [n] marker;
 * 3. `support` lists, per cited statement and record, the abstract sentences its ids named, in the record's words;
 * 4. metadata comes from the input: researchQuestion, sourcesSearched (display labels), totalPapersReviewed,
 *    searchIterations, confidenceScore (last judge assessment, 0 when none), hypothesesTested;
 * 5. validateReportCitations runs as the safety net (references and markers outside the evidence, identifiers in the
 *    prose that name no retrieved record, a repair each);
 * 6. text in quotation marks is verified against the records its sentence cites (lib/grounding/quotes: replaced by
 *    the source's wording, or its sentence removed, repair kind "quote"); the support of a removed sentence goes too.
 * @param shown the evidence blocks of the report agent's prompt: the only keys the draft may cite.
 */
export function buildReport(output: ReportDraftOutput, input: ReportInput, shown: KeyedEvidence[]): BuiltReport {
  const byKey = new Map(shown.map((b) => [b.key, b]));
  const repairs: ReportRepair[] = [];
  const scrub: Scrub = {
    prose: scrubContext(input.evidence, { quotes: false }),
    text: scrubContext(input.evidence),
    tally: emptyTally(),
    citations: 0,
  };
  const statements = (field: ProseField, list: DraftStatement[]) =>
    list
      .map((s) => readStatement(field, 0, s.text, s.support ?? [], byKey, scrub, repairs))
      .filter((s): s is Statement => s !== null);
  const read = {
    executiveSummary: statements("executiveSummary", output.executiveSummary),
    methodology: textStatements("methodology", 0, output.methodology, byKey, scrub, repairs),
    mechanisticFindings: statements("mechanisticFindings", output.mechanisticFindings),
    clinicalFindings: statements("clinicalFindings", output.clinicalFindings),
    limitations: output.limitations.flatMap((l, i) => textStatements("limitations", i, l, byKey, scrub, repairs)),
    conclusion: statements("conclusion", output.conclusion),
  };
  const t = (text: string) => scrubText(text, scrub.text, scrub.tally);
  // "The evidence does not answer this": the summary, methods, limitations and conclusion are written in code
  // (notAnsweredReport); findings the model could cite are kept.
  const answered = output.outcome !== "does-not-answer";
  if (!answered) Object.assign(read, { executiveSummary: [], methodology: [], limitations: [], conclusion: [] });
  // References in order of first citation, reading order (as proseTexts orders the fields).
  const references: Reference[] = [];
  const numberOf = new Map<string, number>();
  const byRecord = new Map<string, number>();
  for (const s of Object.values(read).flat()) {
    for (const key of s.keys) {
      if (numberOf.has(key)) continue;
      const record = byKey.get(key)!.evidence;
      let n = byRecord.get(record.id);
      if (n === undefined) {
        n = references.length + 1;
        references.push(referenceFromEvidence(record, n));
        byRecord.set(record.id, n);
      }
      numberOf.set(key, n);
    }
  }
  const support: SentenceSupport[] = [];
  const render = (s: Statement) => {
    for (const [key, ns] of s.sentences) {
      const block = byKey.get(key)!;
      const e: Evidence = block.evidence;
      support.push({
        sentence: s.text,
        evidenceId: e.id,
        sentences: ns.map((n) => ({ n, ...shownSentence(block, n)! })),
      });
    }
    return withMarker(s.text, [...new Set(s.keys.map((k) => numberOf.get(k)!))]);
  };
  const join = (list: Statement[]) => list.map(render).join(" ");
  const limitations = output.limitations
    .map((_, i) => join(read.limitations.filter((s) => s.item === i)))
    .filter(Boolean);
  const written: ResearchReport = {
    title: t(output.title) || `Report: ${input.question}`,
    executiveSummary: join(read.executiveSummary),
    researchQuestion: input.question,
    methodology: { title: "Methodology", content: join(read.methodology) },
    hypothesesTested: input.hypotheses.hypotheses.map((h) => ({
      mechanism: t(chainLabel(h)),
      supported: h.supportingEvidence.length,
      contradicted: h.contradictingEvidence.length,
    })),
    mechanisticFindings: { title: "Mechanistic findings", content: join(read.mechanisticFindings) },
    clinicalFindings: { title: "Clinical findings", content: join(read.clinicalFindings) },
    drugCandidates: scrubList(output.drugCandidates, scrub.text, scrub.tally),
    limitations,
    conclusion: join(read.conclusion),
    references,
    sourcesSearched: input.sourcesSearched.map((s) => SOURCE_LABELS[s]),
    totalPapersReviewed: input.evidence.length,
    searchIterations: input.iterations,
    confidenceScore: input.assessments.at(-1)?.confidence ?? 0,
    removedReferences: 0,
    ...(support.length > 0 ? { support } : {}),
  };
  const draft = answered
    ? written
    : notAnsweredReport(
        written,
        {
          ...output,
          evidenceReading: t(output.evidenceReading),
          missing: scrubList(output.missing, scrub.text, scrub.tally),
        },
        input,
      );
  // What the scrubs removed, counted: unknown keys and bare numbers as markers, identifiers, quotations.
  draft.removedMarkers = scrub.citations + scrub.tally.markers;
  draft.removedQuotes = scrub.tally.quotes;
  if (scrub.tally.identifiers.length > 0) draft.droppedIdentifiers = scrub.tally.identifiers.length;
  const validated = validateReportCitations(draft, input.evidence);
  for (const id of validated.neutralisedIdentifiers)
    repairs.push({ kind: "identifier", detail: `${id} names no retrieved record` });
  const quoted = verifyReportQuotes(
    { ...validated.report, removedMarkers: (draft.removedMarkers ?? 0) + validated.removedMarkers },
    input.evidence,
  );
  for (const c of quoted.checks)
    if (c.outcome === "removed") repairs.push({ kind: "quote", detail: describeRemovedQuote(c) });
  return { report: withPublishedSupport(quoted.report), repairs };
}
