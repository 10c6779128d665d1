import type { LinkSupport, MechanismHypothesis } from "@/lib/domain/hypothesis";
import type { ReadConcept } from "@/lib/reading/concepts";
import { actionsOf, classTarget, geneProcesses, type GeneRef } from "@/lib/vocabularies";
import { curatedProcess } from "./chains";
import type { ConceptIndex } from "./concepts";
import { linkRecordIndices } from "./links";

/** A molecular target a drug's class is named after, with the pharmacological action that names it. */
export interface ClassTargetOf {
  action: { id: string; name: string };
  gene: GeneRef;
}

/**
 * Pharmacological actions that name a drug's metabolism or interactions (MeSH's cytochrome P-450 inhibitor and
 * inducer classes: amiodarone inhibits CYP3A4), not its mechanism of action. Source: pharmacology's split of
 * pharmacokinetics from pharmacodynamics.
 */
const NOT_A_MECHANISM = /^Cytochrome P-450|Inducers$/;

/**
 * The gene targets the drug concepts of a question are named after (lib/vocabularies classTarget): a class's own
 * ("statins" → HMG-CoA reductase inhibitors → HMGCR), or for a drug its pharmacological actions' (simvastatin →
 * HMGCR), cytochrome P-450 classes left out. Only targets normalised to a gene count: "Potassium Channel Blockers"
 * names a family, not a target. Distinct genes, in the order of the concepts and their actions.
 */
export function classTargets(concepts: ReadConcept[]): ClassTargetOf[] {
  const out: ClassTargetOf[] = [];
  for (const c of concepts.filter((x) => x.role === "chemical")) {
    const actions = c.kind === "class" ? [{ id: c.id, name: c.name }] : actionsOf(c.id);
    for (const a of actions) {
      if (NOT_A_MECHANISM.test(a.name)) continue;
      const t = classTarget(a.id);
      if (t?.gene && !out.some((o) => o.gene.entrezId === t.gene!.entrezId))
        out.push({ action: { id: a.id, name: a.name }, gene: t.gene });
    }
  }
  return out;
}

/**
 * The GO biological process a target gene's chain goes through: the curated process the records speak of
 * (curatedProcess: its words in the records linking the drug and the effect), else the gene's process with the most
 * experimental evidence codes (not IEA; ties: GO ID). Null for a gene without GO processes.
 */
function targetProcess(index: ConceptIndex, gene: GeneRef, records: number[]): { goId: string; term: string } | null {
  const spoken = curatedProcess(index, gene.entrezId, records);
  if (spoken) return spoken;
  const ranked = geneProcesses(gene.entrezId)
    .map((p) => ({ p, experimental: p.evidence.filter((e) => e !== "IEA").length }))
    .sort((a, b) => b.experimental - a.experimental || a.p.goId.localeCompare(b.p.goId));
  return ranked[0] ? { goId: ranked[0].p.goId, term: ranked[0].p.term } : null;
}

/**
 * A mechanism hypothesis through the target a drug's class is named after, when the records name no gene between
 * the drug and the effect: drug → target (MeSH pharmacological action, curated) → GO process of the target (NCBI
 * Gene GO annotation, curated) → effect, the last link resting on the records whose sentences link the drug (or a
 * member of its class) to the effect. Null when no record links them. `confidence` and `contradicting` come from the
 * caller.
 */
export function classTargetHypothesis(
  index: ConceptIndex,
  drug: { keys: string[]; name: string; meshId: string | null },
  effect: { keys: string[]; name: string; meshId: string | null },
  target: ClassTargetOf,
  confidence: (weakest: number, supporting: number) => number,
  contradicting: string[],
): MechanismHypothesis | null {
  const records = linkRecordIndices(index, new Set(drug.keys), new Set(effect.keys), true);
  if (records.length === 0) return null;
  const process = targetProcess(index, target.gene, records);
  if (!process) return null;
  const ids = records.map((r) => index.records[r].evidence.id);
  const symbol = target.gene.symbol;
  const links: LinkSupport[] = [
    {
      from: drug.name,
      to: symbol,
      evidenceIds: [],
      curated: `MeSH pharmacological action ${target.action.id} (${target.action.name})`,
    },
    { from: symbol, to: process.term, evidenceIds: [], curated: `NCBI Gene GO annotation ${process.goId}` },
    { from: process.term, to: effect.name, evidenceIds: ids },
  ];
  return {
    drug: drug.name,
    target: symbol,
    pathway: process.term,
    effect: effect.name,
    confidence: confidence(records.length, records.length),
    supportingEvidence: ids,
    contradictingEvidence: contradicting,
    searchSuggestions: [
      ...new Set([
        `${drug.name} ${symbol}`,
        `${symbol} ${process.term} ${effect.name}`,
        `${process.term} ${effect.name}`,
      ]),
    ],
    links,
    drugMeshId: drug.meshId,
    targetGeneId: target.gene.entrezId,
    targetSymbol: symbol,
    pathwayGoId: process.goId,
    effectMeshId: effect.meshId,
  };
}

/**
 * A drug → process → effect hypothesis whose target the records leave unnamed, given the target the drug's class is
 * named after: drug → target (curated, MeSH pharmacological action) → process, the target → process link curated
 * when the gene's GO annotations hold the process, else resting on no record (a gap the report names), → effect as
 * before.
 */
export function withClassTarget(h: MechanismHypothesis, target: ClassTargetOf): MechanismHypothesis {
  const symbol = target.gene.symbol;
  const annotated = h.pathwayGoId ? geneProcesses(target.gene.entrezId).some((p) => p.goId === h.pathwayGoId) : false;
  const toProcess: LinkSupport = annotated
    ? { from: symbol, to: h.pathway, evidenceIds: [], curated: `NCBI Gene GO annotation ${h.pathwayGoId}` }
    : { from: symbol, to: h.pathway, evidenceIds: [] };
  return {
    ...h,
    target: symbol,
    targetGeneId: target.gene.entrezId,
    targetSymbol: symbol,
    links: [
      {
        from: h.drug,
        to: symbol,
        evidenceIds: [],
        curated: `MeSH pharmacological action ${target.action.id} (${target.action.name})`,
      },
      toProcess,
      ...h.links.slice(1),
    ],
  };
}
