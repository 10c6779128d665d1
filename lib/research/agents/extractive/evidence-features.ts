import type { Evidence } from "@/lib/domain/evidence";
import type { HypothesisSet } from "@/lib/domain/hypothesis";
import { buildConceptIndex, normalizeForm, recordsWithAny, type ConceptIndex } from "./concepts";
import { protectiveAgents, type ProtectiveAgent } from "./cues";
import { findProcessTerms } from "./process-terms";
import { findQuestionTerms, type QuestionTerms } from "./question-terms";
import { classifyStudy, type DesignInfo } from "../../../domain/study-design";

/**
 * What the judge and the report agent know about an evidence set.
 * - `designs[i]`: study design of `evidence[i]` (see classifyStudy).
 * - `drugRecords` / `effectRecords`: indices of records mentioning A / any C concept.
 * - `hypothesisKeys`: concept keys named by the hypotheses (targets and pathways).
 * - `relevant`: records mentioning A and (C or a hypothesis concept), ascending: the records that bear on the
 *   question; `human` / `mechanistic` are the relevant ones of each kind (a human study with molecular terms
 *   is in both).
 * - `protective`: chemicals reported protective against the effect (see protectiveAgents).
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
}

/**
 * Concept keys that a hypothesis string names: its lexicon entry, else a process term it matches, else any
 * concept with that surface form (case-insensitive). Empty when the name is unknown to the evidence.
 */
export function keysForName(index: ConceptIndex, name: string): string[] {
  const entry = index.lexicon.get(normalizeForm(name));
  if (entry) return [entry.key];
  const processes = findProcessTerms(name).map((p) => p.key);
  if (processes.length > 0) return processes;
  const lower = name.toLowerCase();
  return [...index.concepts.values()]
    .filter((c) => [...c.forms.keys()].some((f) => f.toLowerCase() === lower))
    .map((c) => c.key)
    .sort();
}

/**
 * Computes {@link EvidenceFeatures} for a question, its evidence and the current hypotheses. Deterministic;
 * linear in the evidence text.
 */
export function computeFeatures(question: string, evidence: Evidence[], hypotheses: HypothesisSet): EvidenceFeatures {
  const index = buildConceptIndex(evidence);
  const terms = findQuestionTerms(question, index);
  const designs = evidence.map(classifyStudy);
  const drugKeys = new Set(terms.drug?.keys ?? []);
  const effectKeys = new Set(terms.effect?.keys ?? []);
  const drugRecords = recordsWithAny(index, drugKeys);
  const effectRecords = recordsWithAny(index, effectKeys);
  const hypothesisKeys = new Set<string>();
  for (const h of hypotheses.hypotheses) for (const name of [h.target, h.pathway]) for (const k of keysForName(index, name)) hypothesisKeys.add(k);
  for (const k of [...drugKeys, ...effectKeys]) hypothesisKeys.delete(k);
  const hypothesisRecords = recordsWithAny(index, hypothesisKeys);
  const relevant = [...drugRecords].filter((r) => effectRecords.has(r) || hypothesisRecords.has(r)).sort((a, b) => a - b);
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
    protective: drugKeys.size > 0 ? protectiveAgents(index, drugKeys, effectKeys) : [],
  };
}
