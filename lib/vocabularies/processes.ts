/**
 * GO biological-process recognition against the Gene Ontology lexicon: normalising a phrase to a GO term,
 * finding process mentions in running text, and a gene's curated GO processes (org.Hs.eg.db go_bp).
 * Every function returns empty results (null, []) when the lexicon is not built.
 */
import { CURATED_PROCESS_NAMES } from "./curated-processes";
import { caseModeOf } from "./form-rules";
import type { Lexicon } from "./lexicon-format";
import { geneRowByEntrez, inSlices, slicedDerived, type SlicedBuild } from "./load";
import { addCuratedForm, addForm, emptyIndex, type FormIndex, lookupPhrase, matchSpans } from "./matcher";

/** A GO biological process: ID and term name, e.g. {"GO:0006915", "apoptotic process"}. */
export interface ProcessRef {
  goId: string;
  term: string;
}

/** A process mention in a text: `start`/`end` are UTF-16 offsets (end exclusive), `text` the matched substring. */
export interface ProcessMention extends ProcessRef {
  start: number;
  end: number;
  text: string;
}

/** A gene's GO process link with its GO evidence codes ("IDA", "IMP", "IEA" …). */
export interface GeneProcessLink extends ProcessRef {
  evidence: string[];
}

interface ProcessIndex {
  index: FormIndex;
  lexicon: Lexicon;
}

/** The process index, built in slices of forms ({@link inSlices}). */
function* buildIndex(lexicon: Lexicon): SlicedBuild<ProcessIndex> {
  const index = emptyIndex();
  const byGoId = new Map(lexicon.processes.map(([id], i) => [id, i]));
  for (const c of CURATED_PROCESS_NAMES)
    addCuratedForm(index, c.phrase, c.goId, byGoId, { caseMode: "fold", kind: "curated" });
  const isTerm = new Set(lexicon.processes.map(([, term]) => term));
  yield* inSlices(lexicon.processForms, ([form, target]) => {
    const kind = isTerm.has(form) && lexicon.processes[target][1] === form ? "term" : "synonym";
    addForm(index, form, {
      target,
      caseMode: caseModeOf(form, kind),
      gap: "loose",
      priority: kind === "term" ? 1 : 2,
      kind,
    });
  });
  return { index, lexicon };
}

const PROCESS_INDEX = slicedDerived("processes", buildIndex);

/** Builds the process index ahead of its first use, awaiting `pause` between slices (lib/vocabularies/warm.ts). */
export function warmProcessIndex(pause: () => Promise<void>): Promise<void> {
  return PROCESS_INDEX.warm(pause);
}

function toRef(p: ProcessIndex, target: number): ProcessRef {
  const [goId, term] = p.lexicon.processes[target];
  return { goId, term };
}

/**
 * Normalises a phrase to a GO biological process: exact term names ("apoptotic process"), synonyms kept by
 * the precision rules ("apoptosis"), and curated variants ("oxidative stress" → "response to oxidative stress",
 * "inflammation" → "inflammatory response"). Case-insensitive; hyphens and spaces are interchangeable.
 * @returns the process, or null when unknown or the lexicon is not built.
 */
export function recogniseProcess(phrase: string): ProcessRef | null {
  const p = PROCESS_INDEX.get();
  const entry = p && phrase.trim() ? lookupPhrase(p.index, phrase.trim()) : null;
  return p && entry && entry.target >= 0 ? toRef(p, entry.target) : null;
}

/**
 * Every GO biological-process mention in a text, non-overlapping, longest first, in text order.
 * @returns mentions with offsets into `text`; [] when the lexicon is not built.
 */
export function findProcessMentions(text: string): ProcessMention[] {
  const p = PROCESS_INDEX.get();
  if (!p) return [];
  return matchSpans(text, p.index).map((m) => ({
    ...toRef(p, m.entry.target),
    start: m.start,
    end: m.end,
    text: text.slice(m.start, m.end),
  }));
}

/**
 * A gene's curated GO biological processes (org.Hs.eg.db `go_bp`: NCBI gene2go, all evidence codes,
 * including electronic "IEA"; filter on `evidence` for experimental codes).
 * @param entrezId NCBI Gene ID, e.g. "359".
 * @returns links in source order; [] for an unknown gene or when the lexicon is not built.
 */
export function geneProcesses(entrezId: string): GeneProcessLink[] {
  const p = PROCESS_INDEX.get();
  const gene = geneRowByEntrez()?.get(entrezId);
  if (!p || gene === undefined || !p.lexicon.geneGo[gene]) return [];
  return p.lexicon.geneGo[gene].split("|").map((link) => {
    const [index, evidence] = link.split(":");
    return { ...toRef(p, Number(index)), evidence: evidence.split(",") };
  });
}

/**
 * A GO biological process by ID ("GO:0006915").
 * @returns the process, or null when unknown, not a biological process, or the lexicon is not built.
 */
export function processById(goId: string): ProcessRef | null {
  const p = PROCESS_INDEX.get();
  const i = p?.lexicon.processes.findIndex(([id]) => id === goId) ?? -1;
  return p && i >= 0 ? toRef(p, i) : null;
}
