import { isPathwayCandidate, targetPriority } from "./concept-filters";
import { normalizeForm, recordsWithAny, type ConceptIndex, type ConceptInfo } from "./concepts";

/**
 * A drug → target → pathway → effect chain found by closed literature-based discovery (Swanson's ABC model,
 * Swanson 1986, "Fish oil, Raynaud's syndrome, and undiscovered public knowledge"; closed discovery as in
 * Weeber et al. 2001): A = drug, C = effect, and two intermediate B terms, the target and the pathway.
 * Link record sets are evidence indices (ascending): `drugTarget` = records mentioning A and the target,
 * `targetPathway` = target and pathway, `pathwayEffect` = pathway and any C concept.
 */
export interface Chain {
  target: string;
  pathway: string;
  drugTarget: number[];
  targetPathway: number[];
  pathwayEffect: number[];
  /** Records of the weakest link: min(|A∧T|, |T∧P|, |P∧C|). */
  weakest: number;
  /** Distinct records over the three links. */
  total: number;
  /** 2 for a gene/protein target, 1 for a chemical (see targetPriority). */
  priority: number;
}

function intersect(a: ReadonlySet<number>, b: ReadonlySet<number>): number[] {
  return [...a].filter((x) => b.has(x)).sort((x, y) => x - y);
}

/** True when a form of `a` equals or sits inside (as whole words) a form of `b`, or the reverse. */
function restates(a: ConceptInfo, b: ConceptInfo): boolean {
  const fa = [...a.forms.keys()].map((f) => ` ${normalizeForm(f)} `);
  const fb = [...b.forms.keys()].map((f) => ` ${normalizeForm(f)} `);
  return fa.some((x) => fb.some((y) => x.length > 2 && y.length > 2 && (x.includes(y) || y.includes(x))));
}

/**
 * All chains with every link supported by at least one record, best first.
 * Targets: genes/proteins and non-ubiquitous chemicals (not A or C). Pathways: process terms and
 * non-generic diseases (not A or C, not a restatement of a C name such as "diabetes insipidus" for
 * "nephrogenic diabetes insipidus", nor of the target) that are positively associated with C over the
 * evidence, P(C | P) ≥ P(C) (lift ≥ 1; our filter, in the spirit of the association measures of
 * co-occurrence LBD systems), which drops parallel findings such as another organ's toxicity. Ranking (our rule, after Swanson's co-occurrence support): the weakest
 * link's record count, then target priority (genes first), then distinct records, then |T∧P|, then keys.
 */
export function rankChains(index: ConceptIndex, drugKeys: ReadonlySet<string>, effectKeys: ReadonlySet<string>): Chain[] {
  const drugRecords = recordsWithAny(index, drugKeys);
  const effectRecords = recordsWithAny(index, effectKeys);
  const effects = [...effectKeys].map((k) => index.concepts.get(k)).filter((c): c is ConceptInfo => !!c);
  const taken = (key: string) => drugKeys.has(key) || effectKeys.has(key);
  const targets = [...index.concepts.values()]
    .filter((c) => !taken(c.key) && targetPriority(c) > 0)
    .map((c) => ({ c, drugTarget: intersect(c.records, drugRecords) }))
    .filter((t) => t.drugTarget.length > 0);
  const baseRate = index.records.length > 0 ? effectRecords.size / index.records.length : 0;
  const pathways = [...index.concepts.values()]
    .filter((c) => !taken(c.key) && isPathwayCandidate(c) && !effects.some((e) => restates(c, e)))
    .map((c) => ({ c, pathwayEffect: intersect(c.records, effectRecords) }))
    .filter((p) => p.pathwayEffect.length > 0 && p.pathwayEffect.length / p.c.records.size >= baseRate);
  const chains: Chain[] = [];
  for (const t of targets) {
    for (const p of pathways) {
      if (t.c.key === p.c.key || restates(t.c, p.c)) continue;
      const targetPathway = intersect(t.c.records, p.c.records);
      if (targetPathway.length === 0) continue;
      const total = new Set([...t.drugTarget, ...targetPathway, ...p.pathwayEffect]).size;
      chains.push({
        target: t.c.key,
        pathway: p.c.key,
        drugTarget: t.drugTarget,
        targetPathway,
        pathwayEffect: p.pathwayEffect,
        weakest: Math.min(t.drugTarget.length, targetPathway.length, p.pathwayEffect.length),
        total,
        priority: targetPriority(t.c),
      });
    }
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

/** The family of a target: gene keys without a trailing isoform number ("gene:PARP1" → "gene:PARP"). */
function family(key: string): string {
  return key.startsWith("gene:") ? key.replace(/\d+[A-Z]?$/, "") : key;
}

/**
 * Picks up to `max` chains for diversity, in rank order: one chain per target family, each pathway at most
 * twice, and no chain whose target evidence (A∧T and T∧P records) falls within that of a chain already picked
 * with the same pathway (one abstract naming several proteins yields one hypothesis, not several).
 */
export function selectChains(chains: Chain[], max = 4): Chain[] {
  const picked: Chain[] = [];
  const families = new Set<string>();
  const pathwayUses = new Map<string, number>();
  for (const chain of chains) {
    if (picked.length >= max) break;
    if (families.has(family(chain.target))) continue;
    if ((pathwayUses.get(chain.pathway) ?? 0) >= 2) continue;
    const records = new Set([...chain.drugTarget, ...chain.targetPathway]);
    const redundant = picked.some((p) => {
      if (p.pathway !== chain.pathway) return false;
      const prior = new Set([...p.drugTarget, ...p.targetPathway]);
      return [...records].every((r) => prior.has(r));
    });
    if (redundant) continue;
    picked.push(chain);
    families.add(family(chain.target));
    pathwayUses.set(chain.pathway, (pathwayUses.get(chain.pathway) ?? 0) + 1);
  }
  return picked;
}
