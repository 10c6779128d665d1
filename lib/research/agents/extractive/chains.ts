import { geneProcesses } from "@/lib/vocabularies";
import { normalizeForm, recordsWithAny, type ConceptIndex, type ConceptInfo } from "./concepts";
import { linkRecordIndices } from "./links";

/**
 * A typed drug → target → pathway → effect chain found by closed literature-based discovery (Swanson's ABC model,
 * Swanson 1986, "Fish oil, Raynaud's syndrome, and undiscovered public knowledge"; closed discovery as in
 * Weeber et al. 2001): A = drug, C = effect, and two intermediate B terms, typed so each node can be looked up:
 * - `target`: a gene/protein concept ("gene:<NCBI Gene ID>");
 * - `pathway`: a GO biological process ("go:<GO ID>"), named in the records (literature) or, when `curated` is set,
 *   taken from the target gene's GO annotations (NCBI gene2go via org.Hs.eg.db).
 * Link record sets are evidence indices (ascending) of records with a sentence naming both ends whose relation is
 * not negated (linkRecords): `drugTarget` = A and the target; `targetPathway` = target and pathway (empty for a
 * curated pathway); `pathwayEffect` = pathway and a C concept, or for a curated pathway the target and a C concept
 * (the literature behind the curated step).
 */
export interface Chain {
  target: string;
  pathway: string;
  drugTarget: number[];
  targetPathway: number[];
  pathwayEffect: number[];
  /** The curated GO process when the pathway comes from the gene's GO annotation, else null. */
  curated: { goId: string; term: string } | null;
  /** Records of the weakest literature link: min over the links that rest on records. */
  weakest: number;
  /** Distinct records over the three links. */
  total: number;
  /** 2 for a pathway named in the records, 1 for a curated one. */
  priority: number;
}

/**
 * Words of GO term names that say nothing about which process is meant ("regulation", "positive", "process").
 * Source: our own list.
 */
const GO_FILLER = new Set([
  "regulation",
  "positive",
  "negative",
  "of",
  "process",
  "the",
  "by",
  "in",
  "to",
  "via",
  "involved",
  "cellular",
  "response",
  "cell",
  "and",
  "or",
  "from",
  "into",
  "across",
  "during",
  "dna",
  "templated",
  "transcription",
  "stimulus",
  "signaling",
  "signalling",
  "pathway",
  "induced",
  "intrinsic",
  "extrinsic",
]);

/** Share of a GO term's content words the records must contain for a curated pathway (our threshold: one half). */
export const CURATED_COVERAGE = 0.5;

/**
 * Abstract words that stand for GO term words: "K(+)" is potassium, a "cardiomyocyte" a cardiac muscle cell.
 * Source: our own list of the commonest such spellings.
 */
const WORD_EXPANSIONS: Readonly<Record<string, readonly string[]>> = {
  k: ["potassium"],
  na: ["sodium"],
  ca: ["calcium"],
  cardiomyocyte: ["cardiac", "muscle", "cell"],
  myocyte: ["muscle", "cell"],
  hepatocyte: ["liver", "cell"],
  neuronal: ["neuron"],
  renal: ["kidney"],
};

/** The words of some records' sentences (lower case, plural -s dropped), with their {@link WORD_EXPANSIONS}. */
function recordWords(index: ConceptIndex, records: number[]): Set<string> {
  const words = new Set<string>();
  for (const r of records) {
    for (const s of index.records[r].sentences) {
      for (const raw of normalizeForm(s).split(" ")) {
        const w = raw.replace(/s$/, "");
        words.add(w);
        for (const x of WORD_EXPANSIONS[w] ?? []) words.add(x);
      }
    }
  }
  return words;
}

/** True when a form of `a` equals or sits inside (as whole words) a form of `b`, or the reverse. */
function restates(a: ConceptInfo, b: ConceptInfo): boolean {
  const fa = [...a.forms.keys()].map((f) => ` ${normalizeForm(f)} `);
  const fb = [...b.forms.keys()].map((f) => ` ${normalizeForm(f)} `);
  return fa.some((x) => fb.some((y) => x.length > 2 && y.length > 2 && (x.includes(y) || y.includes(x))));
}

/**
 * The target gene's curated GO process that the given records speak of: one with at least 2 content words of its
 * term name ({@link GO_FILLER} left out; plural -s ignored), and at least {@link CURATED_COVERAGE} of them, in those
 * records' sentences. Among several: higher coverage, then more matched words, then more experimental evidence
 * codes (not "IEA"), then GO ID. null when the gene has no such process (then no curated chain is drawn).
 */
export function curatedProcess(
  index: ConceptIndex,
  entrezId: string,
  records: number[],
): { goId: string; term: string } | null {
  const words = recordWords(index, records);
  const scored = geneProcesses(entrezId)
    .map((p) => {
      const content = [
        ...new Set(
          normalizeForm(p.term)
            .split(" ")
            // A one-letter word ("A" of "coenzyme A") would match every article "a" of an abstract; a number
            // ("6" of "interleukin-6") names the molecule and stays.
            .filter((w) => !GO_FILLER.has(w) && (w.length >= 2 || /\d/.test(w))),
        ),
      ];
      const matched = content.filter((w) => words.has(w.replace(/s$/, ""))).length;
      return {
        p,
        matched,
        coverage: content.length > 0 ? matched / content.length : 0,
        experimental: p.evidence.filter((e) => e !== "IEA").length,
      };
    })
    .filter((x) => x.matched >= 2 && x.coverage >= CURATED_COVERAGE)
    .sort(
      (a, b) =>
        b.coverage - a.coverage ||
        b.matched - a.matched ||
        b.experimental - a.experimental ||
        a.p.goId.localeCompare(b.p.goId),
    );
  return scored.length > 0 ? { goId: scored[0].p.goId, term: scored[0].p.term } : null;
}

/**
 * All typed chains with every literature link supported by at least one record, best first.
 * Targets: gene/protein concepts (NCBI Gene) other than A or C. Pathways: GO processes named in the records that
 * are positively associated with C over the evidence, P(C | P) ≥ P(C) (lift ≥ 1; our filter, in the spirit of the
 * association measures of co-occurrence LBD systems), which drops parallel findings; and, for a target related to C
 * in the records, its best curated GO process ({@link curatedProcess}). Ranking (our rule, after Swanson's
 * co-occurrence support): the weakest link's record count, then literature before curated pathways, then distinct
 * records, then |T∧P|, then keys.
 */
export function rankChains(
  index: ConceptIndex,
  drugKeys: ReadonlySet<string>,
  effectKeys: ReadonlySet<string>,
): Chain[] {
  const effectRecords = recordsWithAny(index, effectKeys);
  const effects = [...effectKeys].map((k) => index.concepts.get(k)).filter((c): c is ConceptInfo => !!c);
  const taken = (key: string) => drugKeys.has(key) || effectKeys.has(key);
  const targets = [...index.concepts.values()]
    .filter((c) => c.kind === "gene" && c.gene && !taken(c.key))
    .map((c) => ({ c, drugTarget: linkRecordIndices(index, drugKeys, new Set([c.key]), true) }))
    .filter((t) => t.drugTarget.length > 0);
  const baseRate = index.records.length > 0 ? effectRecords.size / index.records.length : 0;
  const pathways = [...index.concepts.values()]
    .filter((c) => c.kind === "process" && c.process && !taken(c.key) && !effects.some((e) => restates(c, e)))
    .map((c) => ({ c, pathwayEffect: linkRecordIndices(index, new Set([c.key]), effectKeys) }))
    .filter((p) => p.pathwayEffect.length > 0 && p.pathwayEffect.length / p.c.records.size >= baseRate);
  const chains: Chain[] = [];
  const push = (
    t: (typeof targets)[number],
    pathway: string,
    targetPathway: number[],
    pathwayEffect: number[],
    curated: Chain["curated"],
  ) => {
    const counts = curated
      ? [t.drugTarget.length, pathwayEffect.length]
      : [t.drugTarget.length, targetPathway.length, pathwayEffect.length];
    chains.push({
      target: t.c.key,
      pathway,
      drugTarget: t.drugTarget,
      targetPathway,
      pathwayEffect,
      curated,
      weakest: Math.min(...counts),
      total: new Set([...t.drugTarget, ...targetPathway, ...pathwayEffect]).size,
      priority: curated ? 1 : 2,
    });
  };
  for (const t of targets) {
    for (const p of pathways) {
      if (restates(t.c, p.c)) continue;
      const targetPathway = linkRecordIndices(index, new Set([t.c.key]), new Set([p.c.key]));
      if (targetPathway.length > 0) push(t, p.c.key, targetPathway, p.pathwayEffect, null);
    }
    const targetEffect = linkRecordIndices(index, new Set([t.c.key]), effectKeys);
    const curated =
      targetEffect.length > 0
        ? curatedProcess(index, t.c.gene!.entrezId, [...new Set([...t.drugTarget, ...targetEffect])])
        : null;
    if (curated) push(t, `go:${curated.goId}`, [], targetEffect, curated);
  }
  return chains.sort(
    (a, b) =>
      b.weakest - a.weakest ||
      b.priority - a.priority ||
      b.total - a.total ||
      b.targetPathway.length - a.targetPathway.length ||
      a.target.localeCompare(b.target) ||
      a.pathway.localeCompare(b.pathway),
  );
}

/** The family of a target: its gene symbol without a trailing isoform number ("PARP1" → "PARP"). */
function family(index: ConceptIndex, key: string): string {
  const symbol = index.concepts.get(key)?.gene?.symbol ?? key;
  return symbol.replace(/\d+[A-Z]?$/, "");
}

/**
 * Picks up to `max` chains for diversity, in rank order: one chain per target family, each pathway at most
 * twice, and no chain whose target evidence (A∧T and T∧P records) falls within that of a chain already picked
 * with the same pathway (one abstract naming several proteins yields one hypothesis, not several).
 */
export function selectChains(index: ConceptIndex, chains: Chain[], max = 4): Chain[] {
  const picked: Chain[] = [];
  const families = new Set<string>();
  const pathwayUses = new Map<string, number>();
  for (const chain of chains) {
    if (picked.length >= max) break;
    if (families.has(family(index, chain.target))) continue;
    if ((pathwayUses.get(chain.pathway) ?? 0) >= 2) continue;
    const records = new Set([...chain.drugTarget, ...chain.targetPathway]);
    const redundant = picked.some((p) => {
      if (p.pathway !== chain.pathway) return false;
      const prior = new Set([...p.drugTarget, ...p.targetPathway]);
      return [...records].every((r) => prior.has(r));
    });
    if (redundant) continue;
    picked.push(chain);
    families.add(family(index, chain.target));
    pathwayUses.set(chain.pathway, (pathwayUses.get(chain.pathway) ?? 0) + 1);
  }
  return picked;
}
