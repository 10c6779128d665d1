import type { Entity, Evidence } from "@/lib/domain/evidence";
import { splitSentences } from "@/lib/text/sentences";
import { findGeneMentions, findProcessMentions } from "@/lib/vocabularies";

/** What a concept is: an annotated chemical or disease, a gene/protein (NCBI Gene), or a GO biological process. */
export type ConceptKind = "chemical" | "disease" | "gene" | "process";

/**
 * A concept across the evidence. `key` is the MeSH ID when known, else "chemical:<name>", "disease:<name>";
 * genes are "gene:<NCBI Gene ID>" and processes "go:<GO ID>". `records` are indices into the evidence array;
 * `forms` maps each surface form, exactly as written in the text (or the annotation), to the records it occurs in.
 * `gene` / `process`: the vocabulary entry of a gene or process concept (official symbol, GO term).
 */
export interface ConceptInfo {
  key: string;
  kind: ConceptKind;
  records: Set<number>;
  forms: Map<string, Set<number>>;
  gene?: { entrezId: string; symbol: string };
  process?: { goId: string; term: string };
}

/** One record seen as sentences (title first) and, per sentence, the concepts found in it with their forms. */
export interface RecordView {
  index: number;
  evidence: Evidence;
  sentences: string[];
  sentenceConcepts: Array<Map<string, string[]>>;
  concepts: Set<string>;
}

/** A lexicon entry: concept key and, for abbreviation-like forms, the exact casing required to match. */
export interface LexiconEntry {
  key: string;
  caseForm: string | null;
}

/** The concepts of an evidence set, its lexicon (normalised lower-case form → entry) and per-record views. */
export interface ConceptIndex {
  records: RecordView[];
  concepts: Map<string, ConceptInfo>;
  lexicon: Map<string, LexiconEntry>;
}

/** Longest lexicon form, in tokens, that the matcher tries. */
const MAX_NGRAM = 6;

/** The concept key of an entity annotation: its MeSH ID, else "<type>:<lower-case name>". */
export function entityKey(e: Entity): string {
  return e.meshId ?? `${e.type}:${e.name.toLowerCase()}`;
}

/** Lower-case word tokens joined by single spaces: the lexicon's lookup form ("PKC-alpha" → "pkc alpha"). */
export function normalizeForm(form: string): string {
  return (form.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(" ");
}

function tokenSpans(text: string): Array<{ start: number; end: number; text: string }> {
  return [...text.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => ({
    start: m.index ?? 0,
    end: (m.index ?? 0) + m[0].length,
    text: m[0],
  }));
}

/**
 * What the concept index reads from one sentence that does not depend on the rest of the evidence: its word
 * tokens with each token's lookup form (normalizeForm of the token, so that the form of tokens i..j joined by
 * spaces is normalizeForm of the text they span), and its gene and GO-process mentions.
 */
interface SentenceText {
  sentence: string;
  spans: Array<{ start: number; end: number; text: string }>;
  forms: string[];
  genes: ReturnType<typeof findGeneMentions>;
  processes: ReturnType<typeof findProcessMentions>;
}

/**
 * Per record (evidence objects are immutable once collected), its sentences as SentenceText, computed once: the
 * agents of one iteration and the iterations of a run rebuild the index over mostly the same records (profiled:
 * the vocabulary matching and sentence splitting dominated the extractive backend's time, once per agent call).
 */
const recordTexts = new WeakMap<Evidence, SentenceText[]>();

function recordText(e: Evidence): SentenceText[] {
  let out = recordTexts.get(e);
  if (!out) {
    out = [e.citation.title, ...splitSentences(e.citation.abstract)]
      .filter((s) => s.trim() !== "")
      .map((sentence) => {
        const spans = tokenSpans(sentence);
        return {
          sentence,
          spans,
          forms: spans.map((t) => normalizeForm(t.text)),
          genes: findGeneMentions(sentence),
          processes: findProcessMentions(sentence),
        };
      });
    recordTexts.set(e, out);
  }
  return out;
}

/**
 * Abbreviation-like forms without a digit (≤ 6 characters with ≥ 2 capitals, e.g. "DOX", "PARP") must match
 * with their casing, so that ordinary words are not read as abbreviations; forms with a digit ("p53") need not.
 */
function needsCase(form: string, kind: ConceptKind): boolean {
  if (/\d/.test(form)) return false;
  return (kind === "gene" && form.length <= 8) || (form.length <= 6 && (form.match(/[A-Z]/g) ?? []).length >= 2);
}

function stripped(form: string): string {
  return form.replace(/[^\p{L}\p{N}]/gu, "");
}

/**
 * Builds the concept index of an evidence set:
 * 1. a lexicon from every chemical and disease annotation (surface form → concept key; a form claimed by several
 *    concepts goes to the one annotated in more records, ties by key);
 * 2. per sentence (title, then abstract sentences), greedy longest-match of lexicon forms (≤ 6 tokens; forms
 *    shorter than 3 characters only within the record that annotated them), plus gene/protein mentions normalised
 *    to NCBI Gene IDs and GO biological-process mentions (lib/vocabularies; none when the vocabularies are not built);
 * 3. per record, the union of its sentences' concepts and its own entity annotations.
 * Deterministic; cost is linear in text length.
 */
export function buildConceptIndex(evidence: Evidence[]): ConceptIndex {
  // The judge and the report agent (and, on unchanged evidence, the hypothesis agent) index the same records: the
  // last index is reused when every record is the same object at the same position (records are immutable).
  if (
    lastIndex &&
    lastIndex.evidence.length === evidence.length &&
    lastIndex.evidence.every((e, i) => e === evidence[i])
  )
    return lastIndex.index;
  const index = indexConcepts(evidence);
  lastIndex = { evidence: [...evidence], index };
  return index;
}

let lastIndex: { evidence: Evidence[]; index: ConceptIndex } | null = null;

function indexConcepts(evidence: Evidence[]): ConceptIndex {
  const concepts = new Map<string, ConceptInfo>();
  const touch = (key: string, kind: ConceptKind, record: number, form: string) => {
    let info = concepts.get(key);
    if (!info) {
      info = { key, kind, records: new Set(), forms: new Map() };
      concepts.set(key, info);
    } else if (info.kind === "process" && kind !== "process") {
      info.kind = kind; // an entity annotation says what a process-matched MeSH concept is
    }
    info.records.add(record);
    const set = info.forms.get(form) ?? new Set<number>();
    set.add(record);
    info.forms.set(form, set);
  };

  const votes = new Map<string, Map<string, { count: number; caseForm: string | null }>>();
  const vote = (form: string, key: string, kind: ConceptKind) => {
    const norm = normalizeForm(form);
    if (!norm) return;
    const byKey = votes.get(norm) ?? new Map();
    const v = byKey.get(key) ?? { count: 0, caseForm: needsCase(form, kind) ? form : null };
    v.count += 1;
    byKey.set(key, v);
    votes.set(norm, byKey);
  };
  const entityForms = new Set<string>();
  for (const e of evidence)
    for (const ent of e.entities) if (ent.type !== "gene") entityForms.add(ent.name.toLowerCase());
  evidence.forEach((e) => {
    for (const ent of e.entities) if (ent.type !== "gene") vote(ent.name, entityKey(ent), ent.type);
  });
  const lexicon = new Map<string, LexiconEntry>();
  for (const [norm, byKey] of votes) {
    const best = [...byKey.entries()].sort((a, b) => b[1].count - a[1].count || a[0].localeCompare(b[0]))[0];
    lexicon.set(norm, { key: best[0], caseForm: best[1].caseForm });
  }
  const kindOf = new Map<string, ConceptKind>();
  for (const e of evidence) for (const ent of e.entities) if (ent.type !== "gene") kindOf.set(entityKey(ent), ent.type);
  const genes = new Map<string, ConceptInfo["gene"]>();
  const processes = new Map<string, ConceptInfo["process"]>();

  const records = evidence.map((e, index): RecordView => {
    const local = new Map<string, LexiconEntry>();
    for (const ent of e.entities)
      if (ent.type !== "gene")
        local.set(normalizeForm(ent.name), { key: entityKey(ent), caseForm: ent.name.length < 3 ? ent.name : null });
    const texts = recordText(e);
    const sentences = texts.map((t) => t.sentence);
    const sentenceConcepts = texts.map(
      ({ sentence, spans, forms, genes: geneMentions, processes: processMentions }) => {
        const found = new Map<string, string[]>();
        const add = (key: string, form: string) => found.set(key, [...(found.get(key) ?? []), form]);
        for (let i = 0; i < spans.length;) {
          let matched = 0;
          for (let n = Math.min(MAX_NGRAM, spans.length - i); n >= 1 && !matched; n -= 1) {
            const norm = n === 1 ? forms[i] : forms.slice(i, i + n).join(" ");
            const entry = local.get(norm) ?? (norm.length >= 3 ? lexicon.get(norm) : undefined);
            if (!entry) continue;
            const surface = sentence.slice(spans[i].start, spans[i + n - 1].end);
            if (entry.caseForm && stripped(surface) !== stripped(entry.caseForm)) continue;
            add(entry.key, surface);
            matched = n;
          }
          i += matched || 1;
        }
        // Genes and processes from the NCBI Gene / GO vocabularies; a span annotated as a chemical or disease
        // ("DOX", "NDI") is not also a gene.
        for (const g of geneMentions) {
          if (entityForms.has(g.text.toLowerCase())) continue;
          genes.set(`gene:${g.entrezId}`, { entrezId: g.entrezId, symbol: g.symbol });
          add(`gene:${g.entrezId}`, g.text);
        }
        for (const p of processMentions) {
          processes.set(`go:${p.goId}`, { goId: p.goId, term: p.term });
          add(`go:${p.goId}`, p.text);
        }
        return found;
      },
    );
    const conceptsOfRecord = new Set<string>();
    sentenceConcepts.forEach((found) => {
      for (const [key, forms] of found) {
        conceptsOfRecord.add(key);
        const kind = key.startsWith("gene:")
          ? "gene"
          : key.startsWith("go:")
            ? "process"
            : (kindOf.get(key) ?? "process");
        for (const form of forms) touch(key, kind, index, form);
      }
    });
    for (const ent of e.entities) {
      if (ent.type === "gene") continue;
      conceptsOfRecord.add(entityKey(ent));
      touch(entityKey(ent), ent.type, index, ent.name);
    }
    for (const mesh of e.citation.meshTerms) {
      const entry = lexicon.get(normalizeForm(mesh.term));
      if (entry) conceptsOfRecord.add(entry.key);
    }
    return { index, evidence: e, sentences, sentenceConcepts, concepts: conceptsOfRecord };
  });
  for (const [key, gene] of genes) concepts.get(key)!.gene = gene;
  for (const [key, process] of processes) concepts.get(key)!.process = process;
  return { records, concepts, lexicon };
}

/**
 * Display name of a concept: the surface form found in the most of the given records (all records when none
 * given), ties to the longer form, then alphabetical. Always a form written in one of those records.
 * @throws Error when the concept has no form in the given records.
 */
export function conceptName(info: ConceptInfo, within?: Iterable<number>): string {
  const allowed = within ? new Set(within) : null;
  const scored = [...info.forms.entries()]
    .map(([form, recs]) => ({ form, n: allowed ? [...recs].filter((r) => allowed.has(r)).length : recs.size }))
    .filter((f) => f.n > 0)
    .sort((a, b) => b.n - a.n || b.form.length - a.form.length || a.form.localeCompare(b.form));
  if (scored.length === 0) throw new Error(`concept ${info.key} has no form in the given records`);
  return scored[0].form;
}

/** Indices of records whose concepts include any of the keys. */
export function recordsWithAny(index: ConceptIndex, keys: Iterable<string>): Set<number> {
  const out = new Set<number>();
  for (const key of keys) for (const r of index.concepts.get(key)?.records ?? []) out.add(r);
  return out;
}
