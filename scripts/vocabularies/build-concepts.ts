/**
 * Builds the concept vocabulary (lib/vocabularies/concept-format.ts) from MeSH tables and Disease Ontology terms:
 * which descriptors and terms are kept, how the DO joins MeSH, and how the known gaps of the pharmacological-action
 * table are filled. Pure (no I/O); scripts/build-vocabularies.ts reads the inputs and writes the file.
 */
import type {
  ConceptFile,
  ConceptIndex,
  ConceptRow,
  ConceptSource,
  SubstanceRow,
} from "@/lib/vocabularies/concept-format";
import { parseStored, storedForm, termKey } from "@/lib/vocabularies/concept-keys";
import type { DoTerm } from "./read-doid";
import type { MeshDescriptor, MeshTables } from "./mesh-tables";

/**
 * Tree branches kept: C (diseases), D (chemicals and drugs, pharmacological actions in D27) and F03 (mental
 * disorders). Anatomy, organisms, techniques or places would make ordinary questions look biomedical.
 */
const KEPT_BRANCH = /^(?:C|D|F03)/;

/** Lexical tags of terms that abbreviate (ABB, ACR and the embedded forms ABX, ACX): short ones match only as cased. */
const ABBREVIATION_TAGS = new Set(["ABB", "ACR", "ABX", "ACX"]);
/** Trade names and lab numbers that are also English words ("Accent", "Versed", "Abate") are not kept. */
const BRAND_TAGS = new Set(["TRD", "LAB"]);

/**
 * Shortest suffix, in letters, that counts as a class's INN stem, and the share of its single-word members that must
 * carry it (at least 3). Source: WHO INN stems are 4–9 letters ("-olol", "-sartan", "-vastatin", "-floxacin"); our
 * thresholds, checked on the MeSH 2024 classes (`npm run vocab:build` lists what it infers): at 5 or 6 letters the
 * H2 antagonists' "-tidine" gave histidine and cytidine, at 7 only fluvastatin is inferred.
 */
const STEM_MIN_LETTERS = 7;
const STEM_MIN_SHARE = 0.6;
const STEM_MIN_MEMBERS = 3;

/** What the builder reads besides MeSH and the DO: the DO's release, English words, and how it was fetched. */
export interface ConceptInputs {
  mesh: MeshTables;
  doTerms: DoTerm[];
  doRelease: string;
  doSource: string;
  /** Lower-case English words (SCOWL), to drop brand names that are words. */
  englishWords: ReadonlySet<string>;
  mode: "offline" | "online";
}

/** A term as stored (concept-keys.ts storedForm): marked as a DO synonym, a brand, an abbreviation matched as cased. */
function storedTerm(text: string, tag: string, fromDo = false): string | null {
  const t = text.trim().replace(/\s+/g, " ");
  if (t.length < 3 || t.includes("|") || /^[~^=]/.test(t)) return null;
  const cased = (ABBREVIATION_TAGS.has(tag) || /^[A-Z0-9-]+$/.test(t)) && t.length <= 6;
  return storedForm({ text: t, fromDo, brand: BRAND_TAGS.has(tag), cased });
}

const bare = (term: string) => parseStored(term).text.toLowerCase();

/** The sorted term and tree tables of the rows (see ConceptIndex); `trees` gives each row's tree numbers. */
export function conceptIndex(rows: ConceptRow[], trees: ReadonlyMap<string, string[]>): ConceptIndex {
  const terms: Array<[string, number]> = [];
  const treeRows: Array<[string, number]> = [];
  rows.forEach(([id, , termList], row) => {
    const seen = new Set<string>();
    for (const stored of termList ? termList.split("|") : []) {
      const t = parseStored(stored);
      const key = termKey(t.text);
      if (!key || seen.has(key)) continue;
      seen.add(key);
      terms.push([key, row * 4 + (t.cased ? 2 : 0) + (t.fromDo ? 1 : 0)]);
    }
    for (const t of trees.get(id) ?? []) treeRows.push([t, row]);
  });
  const order = (a: [string, number], b: [string, number]) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]);
  terms.sort(order);
  treeRows.sort(order);
  return {
    maxWords: Math.max(1, ...terms.map((t) => t[0].split(" ").length)),
    terms: terms.map((t) => t[0]).join("\n"),
    termRows: terms.map((t) => t[1]),
    trees: treeRows.map((t) => t[0]).join("\n"),
    treeRows: treeRows.map((t) => t[1]),
  };
}

/**
 * The kept terms of a descriptor: its name first, non-permuted terms, brand words dropped, inverted duplicates dropped.
 */
function descriptorTerms(d: MeshDescriptor, englishWords: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const texts = new Set(d.terms.map((t) => t.text.toLowerCase()));
  for (const t of [{ text: d.name, tag: "NON", permuted: false }, ...d.terms]) {
    if (t.permuted || (BRAND_TAGS.has(t.tag) && englishWords.has(t.text.toLowerCase()))) continue;
    // "Fibrosis, Pulmonary" beside "Pulmonary Fibrosis": the inverted heading form is never written in text.
    const comma = /^([^,]+), ([^,]+)$/.exec(t.text);
    if (comma && texts.has(`${comma[2]} ${comma[1]}`.toLowerCase())) continue;
    const stored = storedTerm(t.text, t.tag);
    if (!stored || seen.has(bare(stored))) continue;
    seen.add(bare(stored));
    out.push(stored);
  }
  return out;
}

/**
 * The longest suffix of at least STEM_MIN_LETTERS that at least STEM_MIN_SHARE of `names` (≥ 3) end with, or null.
 */
export function classStem(names: string[]): string | null {
  const words = names.map((n) => n.toLowerCase()).filter((n) => /^[a-z]+$/.test(n));
  if (words.length < STEM_MIN_MEMBERS) return null;
  const counts = new Map<string, number>();
  for (const w of words)
    for (let k = STEM_MIN_LETTERS; k < w.length; k++) counts.set(w.slice(-k), (counts.get(w.slice(-k)) ?? 0) + 1);
  const need = Math.max(STEM_MIN_MEMBERS, Math.ceil(STEM_MIN_SHARE * words.length));
  const stems = [...counts].filter(([, n]) => n >= need).sort((a, b) => b[0].length - a[0].length);
  return stems[0]?.[0] ?? null;
}

/**
 * Pharmacological actions for kept descriptors that have none, as a pharmacologist fills the gaps (SOURCES.md:
 * Fluvastatin and Lithium have no PA row): (1) a one-word drug name ending in a class's INN stem ({@link classStem}:
 * "fluvastatin" ends in "vastatin", the stem of atorvastatin, lovastatin, pravastatin, simvastatin) gets that class;
 * (2) an element named like a "<Name> Compounds" descriptor gets its actions ("Lithium" → "Lithium Compounds":
 * antidepressive and antimanic agents).
 */
export function inferActions(mesh: MeshTables, kept: ReadonlySet<string>): Map<string, string[]> {
  const members = new Map<string, string[]>();
  for (const [substance, actions] of mesh.actions) {
    const d = mesh.descriptors.get(substance);
    if (!d) continue;
    for (const a of actions) (members.get(a) ?? members.set(a, []).get(a)!).push(d.name);
  }
  const stems = [...members].flatMap(([action, names]) => {
    const stem = classStem(names);
    return stem ? [{ action, stem }] : [];
  });
  const byName = new Map([...mesh.descriptors.values()].map((d) => [d.name.toLowerCase(), d.ui]));
  const inferred = new Map<string, string[]>();
  for (const ui of kept) {
    const d = mesh.descriptors.get(ui)!;
    if (mesh.actions.has(ui) || !d.trees.some((t) => t.startsWith("D"))) continue;
    const name = d.name.toLowerCase();
    const fromStem = /^[a-z]+$/.test(name) ? stems.filter((s) => name.endsWith(s.stem)).map((s) => s.action) : [];
    const compounds = byName.get(`${name} compounds`);
    const fromCompounds = compounds ? (mesh.actions.get(compounds) ?? []) : [];
    const actions = [...new Set([...fromStem, ...fromCompounds])];
    if (actions.length > 0) inferred.set(ui, actions);
  }
  return inferred;
}

/** Where the MeSH and DO data came from, for the metadata. */
function sources(inputs: ConceptInputs): ConceptSource[] {
  return [
    {
      name: "MeSH",
      version: inputs.mesh.year,
      content:
        "Medical Subject Headings: descriptors (diseases C, chemicals and drugs D, mental disorders F03) with entry " +
        "terms, tree numbers and pharmacological actions" +
        (inputs.mode === "offline" ? " (NLM's 2024 tables as written by jaytimm/mesh-resources)" : ""),
      licence:
        "U.S. National Library of Medicine; NLM's terms for MeSH data (credit NLM, state modifications, no " +
        "endorsement implied). Modified: terms filtered and indexed as described in docs/architecture.md.",
      url: inputs.mesh.read.join(" "),
    },
    {
      name: "Human Disease Ontology",
      version: inputs.doRelease || "unknown",
      content: "disease names, EXACT synonyms (British spellings among them), MeSH cross-references and is_a parents",
      licence: "CC BY 3.0 (Disease Ontology, per the file's header)",
      url: inputs.doSource,
    },
  ];
}

/**
 * The concept vocabulary of MeSH and the DO: kept descriptors with their terms, actions (inferred ones marked "?")
 * and trees; DO names and EXACT synonyms added to the MeSH descriptor they cross-reference (the one of the same
 * name, else the first), DO terms without a kept cross-reference as concepts of their own with is_a parents;
 * supplementary concept records with actions as substances.
 */
export function buildConceptFile(inputs: ConceptInputs, started: number, stamp: string): ConceptFile {
  const { mesh } = inputs;
  const kept = new Set(
    [...mesh.descriptors.values()].filter((d) => d.trees.some((t) => KEPT_BRANCH.test(t))).map((d) => d.ui),
  );
  const inferred = inferActions(mesh, kept);
  const rows = new Map<string, ConceptRow>();
  let entryTerms = 0;
  for (const ui of [...kept].sort()) {
    const d = mesh.descriptors.get(ui)!;
    const terms = descriptorTerms(d, inputs.englishWords);
    entryTerms += terms.length;
    const actions = [...(mesh.actions.get(ui) ?? []), ...(inferred.get(ui) ?? []).map((a) => `?${a}`)];
    rows.set(ui, [ui, d.name, terms.join("|"), actions.join("|"), ""]);
  }
  const primary = new Map<string, string>();
  for (const t of inputs.doTerms) {
    const xrefs = t.mesh.filter((m) => kept.has(m));
    const same = xrefs.find((m) => mesh.descriptors.get(m)!.name.toLowerCase() === t.name.toLowerCase());
    if (xrefs.length > 0) primary.set(t.id, same ?? xrefs[0]);
  }
  let doSynonyms = 0;
  let doTerms = 0;
  const live = new Set(inputs.doTerms.map((t) => t.id));
  for (const t of inputs.doTerms) {
    const names = [t.name, ...t.synonyms].map((s) => storedTerm(s, "NON", true)).filter((s) => s !== null);
    const target = primary.get(t.id);
    if (target) {
      const row = rows.get(target)!;
      const have = new Set(row[2].split("|").map(bare));
      const added = names.filter((n) => !have.has(bare(n)) && have.add(bare(n)));
      doSynonyms += added.length;
      if (added.length > 0) row[2] = [row[2], ...added].filter(Boolean).join("|");
      continue;
    }
    const parents = t.parents.filter((p) => live.has(p)).map((p) => primary.get(p) ?? p);
    rows.set(t.id, [t.id, t.name, [...new Set(names)].join("|"), "", [...new Set(parents)].join("|")]);
    doTerms++;
  }
  const substances: SubstanceRow[] = [...mesh.actions]
    .filter(([id]) => id.startsWith("C"))
    .map(([id, actions]): SubstanceRow => [id, actions.join("|")])
    .sort((a, b) => a[0].localeCompare(b[0]));
  const actionIds = new Set([...mesh.actions.values()].flat());
  return {
    meta: {
      stamp,
      builtAt: new Date().toISOString(),
      buildMs: Date.now() - started,
      version: `MeSH ${mesh.year} · Disease Ontology ${inputs.doRelease || "unknown"}`,
      mode: inputs.mode,
      sources: sources(inputs),
      counts: {
        descriptors: kept.size,
        entryTerms,
        doSynonyms,
        doTerms,
        substances: substances.length,
        pharmacologicalActions: actionIds.size,
        inferredActions: [...inferred.values()].reduce((n, a) => n + a.length, 0),
      },
    },
    concepts: [...rows.values()],
    substances,
    index: conceptIndex(
      [...rows.values()],
      new Map([...kept].map((ui) => [ui, [...mesh.descriptors.get(ui)!.trees].sort()])),
    ),
  };
}

/**
 * The inferred actions as lines for the build log: "Fluvastatin → Hydroxymethylglutaryl-CoA Reductase Inhibitors".
 */
export function inferredLines(file: ConceptFile): string[] {
  const names = new Map(file.concepts.map((r) => [r[0], r[1]]));
  return file.concepts.flatMap((r) =>
    r[3]
      .split("|")
      .filter((a) => a.startsWith("?"))
      .map((a) => `${r[1]} → ${names.get(a.slice(1)) ?? a.slice(1)}`),
  );
}
