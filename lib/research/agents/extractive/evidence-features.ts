import type { Evidence } from "@/lib/domain/evidence";
import type { HypothesisSet } from "@/lib/domain/hypothesis";
import { recogniseGene, recogniseProcess } from "@/lib/vocabularies";
import { confirmedProtectiveAgents, rankCandidates, type DrugCandidate } from "./candidates";
import { buildConceptIndex, normalizeForm, recordsWithAny, type ConceptIndex } from "./concepts";
import type { ProtectiveAgent } from "./cues";
import { findQuestionTerms, type QuestionTerms } from "./question-terms";
import type { DesignInfo } from "@/lib/domain/study-design";
import { classifyStudy } from "@/lib/evidence/study-design/classify";

/**
 * What the judge and the report agent know about an evidence set.
 * - `designs[i]`: study design of `evidence[i]` (see classifyStudy).
 * - `drugRecords` / `effectRecords`: indices of records mentioning A / any C concept.
 * - `hypothesisKeys`: concept keys named by the hypotheses (targets and pathways).
 * - `relevant`: records mentioning A and (C or a hypothesis concept), ascending: the records that bear on the
 *   question; `human` / `mechanistic` are the relevant ones of each kind (a human study with molecular terms
 *   is in both).
 * - `protective`: chemicals reported protective against a named drug's effect, confirmed by the relation model's
 *   "treats" (see confirmedProtectiveAgents).
 * - `candidates`: for an open or repurposing question, the drugs the relation model says cause (open) or treat
 *   (repurposing) the effect in people, best first (rankCandidates: human evidence first); their keys and the
 *   inducers' make up `drugRecords`. Empty for a named drug.
 */
export interface EvidenceFeatures {
  index: ConceptIndex;
  terms: QuestionTerms;
  designs: DesignInfo[];
  drugRecords: Set<number>;
  effectRecords: Set<number>;
  hypothesisKeys: Set<string>;
  relevant: number[];
  human: number[];
  mechanistic: number[];
  protective: ProtectiveAgent[];
  candidates: DrugCandidate[];
  /**
   * For an open harm question, chemicals the records use only to induce the effect in animal models (rankCandidates).
   */
  inducers: DrugCandidate[];
}

/**
 * Concept keys that a hypothesis string names: its lexicon entry, else any concept with that surface form
 * (case-insensitive), else the gene or GO process it normalises to when the evidence names that concept.
 * Empty when the name is unknown to the evidence.
 */
export function keysForName(index: ConceptIndex, name: string): string[] {
  const entry = index.lexicon.get(normalizeForm(name));
  if (entry) return [entry.key];
  const lower = name.toLowerCase();
  const byForm = [...index.concepts.values()]
    .filter((c) => [...c.forms.keys()].some((f) => f.toLowerCase() === lower))
    .map((c) => c.key)
    .sort();
  if (byForm.length > 0) return byForm;
  const gene = recogniseGene(name);
  const process = gene ? null : recogniseProcess(name);
  const key = gene ? `gene:${gene.entrezId}` : process ? `go:${process.goId}` : null;
  return key && index.concepts.has(key) ? [key] : [];
}

/**
 * Computes {@link EvidenceFeatures} for a question, its evidence and the current hypotheses. Deterministic;
 * linear in the evidence text.
 */
export function computeFeatures(question: string, evidence: Evidence[], hypotheses: HypothesisSet): EvidenceFeatures {
  const index = buildConceptIndex(evidence);
  const terms = findQuestionTerms(question, index);
  const designs = evidence.map(classifyStudy);
  const effectKeys = new Set(terms.effect?.keys ?? []);
  const open = terms.classification.kind === "open" || terms.classification.kind === "repurposing";
  const ranked =
    open && effectKeys.size > 0
      ? rankCandidates(
          index,
          evidence,
          effectKeys,
          terms.classification.kind === "repurposing" ? "treats" : "causes",
          designs,
        )
      : { drugs: [], inducers: [] };
  const candidates = ranked.drugs;
  const drugKeys = new Set(terms.drug?.keys ?? [...candidates, ...ranked.inducers].map((c) => c.key));
  const drugRecords = recordsWithAny(index, drugKeys);
  const effectRecords = recordsWithAny(index, effectKeys);
  const hypothesisKeys = new Set<string>();
  for (const h of hypotheses.hypotheses)
    for (const name of [h.target, h.pathway]) for (const k of keysForName(index, name)) hypothesisKeys.add(k);
  for (const k of [...drugKeys, ...effectKeys]) hypothesisKeys.delete(k);
  const hypothesisRecords = recordsWithAny(index, hypothesisKeys);
  const relevant = [...drugRecords]
    .filter((r) => effectRecords.has(r) || hypothesisRecords.has(r))
    .sort((a, b) => a - b);
  return {
    index,
    terms,
    designs,
    drugRecords,
    effectRecords,
    hypothesisKeys,
    relevant,
    human: relevant.filter((r) => designs[r].human),
    mechanistic: relevant.filter((r) => designs[r].mechanistic),
    protective: terms.drug ? confirmedProtectiveAgents(index, evidence, drugKeys, effectKeys) : [],
    candidates,
    inducers: ranked.inducers,
  };
}
