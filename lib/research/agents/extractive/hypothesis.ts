import type { HypothesisInput } from "@/lib/research/backend";
import type { HypothesisSet, LinkSupport, MechanismHypothesis } from "@/lib/domain/hypothesis";
import { rankChains, selectChains, type Chain } from "./chains";
import { buildConceptIndex, conceptName, type ConceptIndex } from "./concepts";
import { contradictingRecords } from "./cues";
import { plural, recordLabel } from "./evidence-labels";
import { findQuestionTerms, type QuestionConcept } from "./question-terms";

/**
 * Saturation constant k of the confidence curve 1 − exp(−w / k), w = records behind the chain's weakest link.
 * k = 2 (our choice): a link seen in one abstract gives 0.39, two 0.63, four 0.86, so a chain needs
 * replication in at least two abstracts before its confidence passes one half of the cap.
 */
export const CONFIDENCE_K = 2;

/** Highest confidence an extractive (co-occurrence) hypothesis may get: co-occurrence is not causation. */
export const CONFIDENCE_CAP = 0.9;

/** A link backed by fewer records than this is reported as a knowledge gap. */
export const WEAK_LINK_RECORDS = 2;

/**
 * Confidence of a chain: CONFIDENCE_CAP × (1 − exp(−weakest / CONFIDENCE_K)) × supporting / (supporting +
 * contradicting), rounded to 2 decimals; in [0, 0.9]. The weakest link bounds the chain (a chain is only as
 * supported as its least supported step); contradicting records scale it down by their share.
 */
export function chainConfidence(weakest: number, supporting: number, contradicting: number): number {
  if (weakest <= 0 || supporting <= 0) return 0;
  const value = CONFIDENCE_CAP * (1 - Math.exp(-weakest / CONFIDENCE_K)) * (supporting / (supporting + contradicting));
  return Math.round(value * 100) / 100;
}

/** Display name of the drug within some records: the question's wording when those records contain it. */
function drugName(index: ConceptIndex, drug: QuestionConcept, records: number[]): string {
  const needle = drug.name.toLowerCase();
  const inText = records.some((r) => index.records[r].sentences.some((s) => s.toLowerCase().includes(needle)));
  if (inText) return drug.name;
  const key = drug.keys.find((k) => records.some((r) => index.concepts.get(k)?.records.has(r)));
  return key ? conceptName(index.concepts.get(key)!, records) : drug.name;
}

/** The C concept most present among a link's records (ties: more records overall, then key) and its name there. */
function effectName(index: ConceptIndex, effectKeys: string[], records: number[]): string {
  const scored = effectKeys
    .map((key) => index.concepts.get(key))
    .filter((c) => c !== undefined)
    .map((c) => ({ c, n: records.filter((r) => c.records.has(r)).length }))
    .filter((x) => x.n > 0)
    .sort((a, b) => b.n - a.n || b.c.records.size - a.c.records.size || a.c.key.localeCompare(b.c.key));
  return conceptName(scored[0].c, records);
}

function toHypothesis(index: ConceptIndex, drug: QuestionConcept, effectKeys: string[], chain: Chain): MechanismHypothesis {
  const ids = (records: number[]) => records.map((r) => index.records[r].evidence.id);
  const target = conceptName(index.concepts.get(chain.target)!, [...chain.drugTarget, ...chain.targetPathway]);
  const pathway = conceptName(index.concepts.get(chain.pathway)!, [...chain.targetPathway, ...chain.pathwayEffect]);
  const drugLabel = drugName(index, drug, chain.drugTarget);
  const effect = effectName(index, effectKeys, chain.pathwayEffect);
  const links: LinkSupport[] = [
    { from: drugLabel, to: target, evidenceIds: ids(chain.drugTarget) },
    { from: target, to: pathway, evidenceIds: ids(chain.targetPathway) },
    { from: pathway, to: effect, evidenceIds: ids(chain.pathwayEffect) },
  ];
  const supporting = [...new Set([...chain.drugTarget, ...chain.targetPathway, ...chain.pathwayEffect])].sort((a, b) => a - b);
  const contradicting = contradictingRecords(index, new Set(drug.keys), new Set([...effectKeys, chain.pathway]));
  return {
    drug: drugLabel,
    target,
    pathway,
    effect,
    confidence: chainConfidence(chain.weakest, supporting.length, contradicting.length),
    supportingEvidence: ids(supporting),
    contradictingEvidence: ids(contradicting),
    searchSuggestions: [...new Set([`${drugLabel} ${target}`, `${target} ${pathway}`, `${pathway} ${effect}`])],
    links,
  };
}

function empty(gap: string, searches: string[]): HypothesisSet {
  return { hypotheses: [], primaryHypothesis: null, knowledgeGaps: [gap], recommendedSearches: searches };
}

/**
 * The extractive hypothesis agent: literature-based discovery by Swanson's ABC model in its closed form
 * (Swanson 1986; closed discovery, Weeber et al. 2001). A = the question's drug, C = its effect (see
 * findQuestionTerms); the concepts of each record (entity annotations keyed by MeSH ID, gene/protein symbols,
 * process terms) supply the intermediate B terms; chains drug → target → pathway → effect are ranked by
 * co-occurrence support (rankChains) and 2–4 diverse ones kept (selectChains).
 * Each hypothesis cites, per link, the records in which both ends co-occur; `contradictingEvidence` holds records
 * with a negated statement about the effect, pathway or target in a sentence naming the drug (NegEx-style,
 * see contradictingRecords); `confidence` is {@link chainConfidence}.
 * `knowledgeGaps` lists links backed by fewer than {@link WEAK_LINK_RECORDS} records and any fallback used;
 * `recommendedSearches` are queries for those links. With no evidence, no drug or effect, or no chain, it
 * returns zero hypotheses and a gap saying why. `input.previous` is not used: the result depends only on the
 * question and the evidence (deterministic; ties broken by concept key and record order).
 */
export function extractiveHypothesize(input: HypothesisInput): HypothesisSet {
  const { question, evidence } = input;
  if (evidence.length === 0) return empty("No evidence records were available to generate hypotheses from.", [question]);
  const index = buildConceptIndex(evidence);
  const terms = findQuestionTerms(question, index);
  if (!terms.drug) return empty("No drug or chemical could be identified in the question or the evidence.", [question]);
  if (!terms.effect) return empty(`No disease or effect could be identified for ${terms.drug.name} in the question or the evidence.`, [`${terms.drug.name} adverse effects`]);
  const { drug, effect } = terms;
  const chains = selectChains(rankChains(index, new Set(drug.keys), new Set(effect.keys)));
  if (chains.length === 0) {
    return empty(
      `No target or pathway term co-occurs with both ${drug.name} and ${effect.name} in the ${plural(evidence.length, "record")} reviewed.`,
      [`${drug.name} ${effect.name} mechanism`, `${drug.name} ${effect.name}`],
    );
  }
  // Order: confidence, then gene/protein targets before chemicals, then more supporting records, then rank.
  const hypotheses = chains
    .map((chain, i) => ({ h: toHypothesis(index, drug, effect.keys, chain), i, priority: chain.priority }))
    .sort((a, b) => b.h.confidence - a.h.confidence || b.priority - a.priority || b.h.supportingEvidence.length - a.h.supportingEvidence.length || a.i - b.i)
    .map((x) => x.h);

  const gaps: string[] = [...terms.notes];
  const searches: string[] = [];
  const byId = new Map(evidence.map((e) => [e.id, e]));
  for (const h of hypotheses) {
    for (const link of h.links) {
      if (link.evidenceIds.length >= WEAK_LINK_RECORDS) continue;
      const where = link.evidenceIds.map((id) => recordLabel(byId.get(id)!)).join(", ");
      const gap = `Only one record (${where}) links ${link.from} to ${link.to}; the link needs independent replication.`;
      if (!gaps.includes(gap)) gaps.push(gap);
      const query = `${link.from} ${link.to}`;
      if (!searches.includes(query)) searches.push(query);
    }
  }
  const primary = hypotheses[0];
  for (const s of primary.searchSuggestions) if (searches.length < 3 && !searches.includes(s)) searches.push(s);
  return { hypotheses, primaryHypothesis: primary, knowledgeGaps: gaps, recommendedSearches: searches.slice(0, 8) };
}
