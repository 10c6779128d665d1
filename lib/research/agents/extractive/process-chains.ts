import type { LinkSupport, MechanismHypothesis } from "@/lib/domain/hypothesis";
import { conceptName, type ConceptIndex, type ConceptInfo } from "./concepts";
import { linkRecordIndices } from "./links";

/** How a chain without a named gene or protein writes its target. */
export const UNKNOWN_TARGET = "target unknown";

/** A drug → process → effect chain: the GO process, and the records of each link (evidence indices, ascending). */
export interface ProcessChain {
  process: string;
  drugProcess: number[];
  processEffect: number[];
}

/**
 * True when a form of `a` equals or sits inside a form of `b` (as words), or the reverse: the process restates the
 * effect.
 */
function restates(a: ConceptInfo, b: ConceptInfo): boolean {
  const words = (c: ConceptInfo) => [...c.forms.keys()].map((f) => ` ${f.toLowerCase()} `);
  return words(a).some((x) => words(b).some((y) => x.length > 3 && y.length > 3 && (x.includes(y) || y.includes(x))));
}

/**
 * Chains from the drug to the effect through a GO biological process when the records name a process but no gene
 * or protein links them (valproate → lipid peroxidation → hepatotoxicity): each link rests on a sentence naming
 * both ends without negation (linkRecords; a record whose title names the drug or the effect speaks of it in every
 * sentence). Ranked by the weaker link's record count, then distinct records, then GO key.
 */
export function rankProcessChains(
  index: ConceptIndex,
  drugKeys: ReadonlySet<string>,
  effectKeys: ReadonlySet<string>,
): ProcessChain[] {
  const effects = [...effectKeys].map((k) => index.concepts.get(k)).filter((c): c is ConceptInfo => c !== undefined);
  return [...index.concepts.values()]
    .filter(
      (c) =>
        c.kind === "process" &&
        c.process &&
        !drugKeys.has(c.key) &&
        !effectKeys.has(c.key) &&
        !effects.some((e) => restates(c, e)),
    )
    .map((c) => ({
      process: c.key,
      drugProcess: linkRecordIndices(index, drugKeys, new Set([c.key]), true),
      processEffect: linkRecordIndices(index, effectKeys, new Set([c.key]), true),
    }))
    .filter((x) => x.drugProcess.length > 0 && x.processEffect.length > 0)
    .sort(
      (a, b) =>
        Math.min(b.drugProcess.length, b.processEffect.length) -
          Math.min(a.drugProcess.length, a.processEffect.length) ||
        new Set([...b.drugProcess, ...b.processEffect]).size - new Set([...a.drugProcess, ...a.processEffect]).size ||
        a.process.localeCompare(b.process),
    );
}

/**
 * A process chain as a hypothesis: drug → {@link UNKNOWN_TARGET} → process → effect, the target unrecognised
 * (`targetGeneId` null), each literature link with its records. `confidence` and `contradicting` come from the caller
 * (the same rules as a gene chain).
 */
export function processHypothesis(
  index: ConceptIndex,
  chain: ProcessChain,
  names: { drug: string; effect: string; effectKey: string; drugMeshId: string | null; effectMeshId: string | null },
  confidence: number,
  contradicting: string[],
): MechanismHypothesis {
  const ids = (records: number[]) => records.map((r) => index.records[r].evidence.id);
  const info = index.concepts.get(chain.process)!;
  const process = conceptName(info, [...chain.drugProcess, ...chain.processEffect]);
  const links: LinkSupport[] = [
    { from: names.drug, to: process, evidenceIds: ids(chain.drugProcess) },
    { from: process, to: names.effect, evidenceIds: ids(chain.processEffect) },
  ];
  const supporting = [...new Set([...chain.drugProcess, ...chain.processEffect])].sort((a, b) => a - b);
  return {
    drug: names.drug,
    target: UNKNOWN_TARGET,
    pathway: process,
    effect: names.effect,
    confidence,
    supportingEvidence: ids(supporting),
    contradictingEvidence: contradicting,
    searchSuggestions: [
      ...new Set([`${names.drug} ${process}`, `${process} ${names.effect}`, `${names.drug} ${names.effect} target`]),
    ],
    links,
    drugMeshId: names.drugMeshId,
    targetGeneId: null,
    targetSymbol: null,
    pathwayGoId: info.process?.goId ?? null,
    effectMeshId: names.effectMeshId,
  };
}
