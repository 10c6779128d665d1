import type { HypothesisInput } from "@/lib/research/backend";
import type { HypothesisSet, LinkSupport, MechanismHypothesis } from "@/lib/domain/hypothesis";
import { vocabulariesAvailable } from "@/lib/vocabularies";
import { classifyStudy } from "@/lib/evidence/study-design/classify";
import { rankCandidates } from "./candidates";
import { rankChains, selectChains, type Chain } from "./chains";
import { processHypothesis, rankProcessChains, type ProcessChain } from "./process-chains";
import { buildConceptIndex, conceptName, type ConceptIndex } from "./concepts";
import { contradictingRecords } from "./cues";
import { plural, recordLabel } from "./evidence-labels";
import { findQuestionTerms, type QuestionConcept } from "./question-terms";
import { classTargetHypothesis, classTargets, withClassTarget } from "./class-targets";

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

/** Candidates of an open or repurposing question whose chains are sought (the best-supported first). */
export const CHAIN_CANDIDATES = 10;

/** A MeSH descriptor or supplementary-concept ID ("D008094", "C010013"), else null. */
function meshId(key: string): string | null {
  return /^[CD]\d+$/.test(key) ? key : null;
}

/** The MeSH ID of a question term read as a concept (its first concept's), else null. */
function conceptMeshId(term: QuestionConcept): string | null {
  const id = term.concepts?.[0]?.id;
  return id && /^[CD]\d+$/.test(id) ? id : null;
}

/** Display name of the drug within some records: the question's wording when those records contain it. */
function drugName(index: ConceptIndex, drug: QuestionConcept, records: number[]): string {
  const needle = drug.name.toLowerCase();
  const inText = records.some((r) => index.records[r].sentences.some((s) => s.toLowerCase().includes(needle)));
  if (inText) return drug.name;
  const key = drug.keys.find((k) => records.some((r) => index.concepts.get(k)?.records.has(r)));
  return key ? conceptName(index.concepts.get(key)!, records) : drug.name;
}

/** The one of `keys` whose concept the most records mention (ties: key order); the drug's MeSH ID is read from it. */
function mostRecordedKey(index: ConceptIndex, keys: readonly string[]): string {
  return [...keys].sort(
    (a, b) =>
      (index.concepts.get(b)?.records.size ?? 0) - (index.concepts.get(a)?.records.size ?? 0) || a.localeCompare(b),
  )[0];
}

/** The C concept most present among a link's records (ties: more records overall, then key) and its name there. */
function effectConcept(index: ConceptIndex, effectKeys: string[], records: number[]): { key: string; name: string } {
  const scored = effectKeys
    .map((key) => index.concepts.get(key))
    .filter((c) => c !== undefined)
    .map((c) => ({ c, n: records.filter((r) => c.records.has(r)).length }))
    .filter((x) => x.n > 0)
    .sort((a, b) => b.n - a.n || b.c.records.size - a.c.records.size || a.c.key.localeCompare(b.c.key));
  return { key: scored[0].c.key, name: conceptName(scored[0].c, records) };
}

function processToHypothesis(
  index: ConceptIndex,
  drug: QuestionConcept,
  effectKeys: string[],
  chain: ProcessChain,
): MechanismHypothesis {
  const drugLabel = drugName(index, drug, chain.drugProcess);
  const effect = effectConcept(index, effectKeys, chain.processEffect);
  const drugKey = mostRecordedKey(index, drug.keys);
  const supporting = new Set([...chain.drugProcess, ...chain.processEffect]).size;
  const contradicting = contradictingRecords(index, new Set(drug.keys), new Set([...effectKeys, chain.process]));
  const weakest = Math.min(chain.drugProcess.length, chain.processEffect.length);
  const names = {
    drug: drugLabel,
    effect: effect.name,
    effectKey: effect.key,
    drugMeshId: meshId(drugKey),
    effectMeshId: meshId(effect.key),
  };
  return processHypothesis(
    index,
    chain,
    names,
    chainConfidence(weakest, supporting, contradicting.length),
    contradicting.map((r) => index.records[r].evidence.id),
  );
}

function toHypothesis(
  index: ConceptIndex,
  drug: QuestionConcept,
  effectKeys: string[],
  chain: Chain,
): MechanismHypothesis {
  const ids = (records: number[]) => records.map((r) => index.records[r].evidence.id);
  const targetInfo = index.concepts.get(chain.target)!;
  const target = conceptName(targetInfo, [...chain.drugTarget, ...chain.targetPathway, ...chain.pathwayEffect]);
  const pathway = chain.curated
    ? chain.curated.term
    : conceptName(index.concepts.get(chain.pathway)!, [...chain.targetPathway, ...chain.pathwayEffect]);
  const drugLabel = drugName(index, drug, chain.drugTarget);
  const effect = effectConcept(index, effectKeys, chain.pathwayEffect);
  const drugKey = mostRecordedKey(index, drug.keys);
  const links: LinkSupport[] = [
    { from: drugLabel, to: target, evidenceIds: ids(chain.drugTarget) },
    chain.curated
      ? { from: target, to: pathway, evidenceIds: [], curated: `NCBI Gene GO annotation ${chain.curated.goId}` }
      : { from: target, to: pathway, evidenceIds: ids(chain.targetPathway) },
    { from: pathway, to: effect.name, evidenceIds: ids(chain.pathwayEffect) },
  ];
  const supporting = [...new Set([...chain.drugTarget, ...chain.targetPathway, ...chain.pathwayEffect])].sort(
    (a, b) => a - b,
  );
  const contradicting = contradictingRecords(index, new Set(drug.keys), new Set([...effectKeys, chain.pathway]));
  return {
    drug: drugLabel,
    target,
    pathway,
    effect: effect.name,
    confidence: chainConfidence(chain.weakest, supporting.length, contradicting.length),
    supportingEvidence: ids(supporting),
    contradictingEvidence: ids(contradicting),
    searchSuggestions: [...new Set([`${drugLabel} ${target}`, `${target} ${pathway}`, `${pathway} ${effect.name}`])],
    links,
    drugMeshId: meshId(drugKey),
    targetGeneId: targetInfo.gene?.entrezId ?? null,
    targetSymbol: targetInfo.gene?.symbol ?? null,
    pathwayGoId: chain.curated?.goId ?? index.concepts.get(chain.pathway)?.process?.goId ?? null,
    effectMeshId: meshId(effect.key),
  };
}

/**
 * Ranking of hypotheses (so the primary is the best-supported one and the counts shown agree with it): confidence
 * (from the weakest link and the agreement of the records), then supporting records, then fewer contradicting
 * records, then literature before curated pathways, then chain rank.
 */
function byRank(
  a: { h: MechanismHypothesis; i: number; priority: number },
  b: { h: MechanismHypothesis; i: number; priority: number },
): number {
  return (
    b.h.confidence - a.h.confidence ||
    b.h.supportingEvidence.length - a.h.supportingEvidence.length ||
    a.h.contradictingEvidence.length - b.h.contradictingEvidence.length ||
    b.priority - a.priority ||
    a.i - b.i
  );
}

function empty(gaps: string[], searches: string[]): HypothesisSet {
  return { hypotheses: [], primaryHypothesis: null, knowledgeGaps: gaps, recommendedSearches: searches };
}

/**
 * The extractive hypothesis agent: literature-based discovery by Swanson's ABC model in its closed form
 * (Swanson 1986; closed discovery, Weeber et al. 2001), with typed nodes. C = the question's effect
 * (see findQuestionTerms). A = the drug a named-drug question names; for an open or repurposing question, each of
 * the best {@link CHAIN_CANDIDATES} candidate drugs that the relation model says cause (harm) or treat (treatment)
 * the effect (rankCandidates). Targets are genes/proteins normalised to NCBI Gene IDs and pathways GO biological
 * processes (named in the records, or the target's curated GO annotation); each literature link rests on sentences
 * naming both ends whose relation is not negated (rankChains, selectChains keep 2–4 diverse chains).
 * `contradictingEvidence` holds records with a negated statement about the effect or pathway in a sentence naming
 * the drug (contradictingRecords); `confidence` is {@link chainConfidence}; hypotheses are ordered by byRank.
 * `knowledgeGaps` lists a named drug absent from the evidence (never replaced by another drug), a missing effect,
 * links backed by fewer than {@link WEAK_LINK_RECORDS} records and candidates without a chain.
 * Deterministic (ties by key and record order); `input.previous` is not used.
 */
export function extractiveHypothesize(input: HypothesisInput): HypothesisSet {
  const { question, evidence } = input;
  if (evidence.length === 0)
    return empty(["No evidence records were available to generate hypotheses from."], [question]);
  const index = buildConceptIndex(evidence);
  const terms = findQuestionTerms(question, index);
  const gaps: string[] = [...terms.notes];
  if (!vocabulariesAvailable()) {
    gaps.push(
      "The NCBI Gene and Gene Ontology vocabularies are not built (npm run vocab:build), so no target or " +
        "pathway could be typed.",
    );
  }
  const { classification, effect } = terms;
  if (terms.missingDrug) return empty(gaps, [`${terms.missingDrug}${effect ? ` ${effect.name}` : ""}`]);
  if (!effect) return empty(gaps, terms.drug ? [`${terms.drug.name} adverse effects`] : [question]);

  const drugs: QuestionConcept[] = [];
  if (terms.drug) drugs.push(terms.drug);
  else if (classification.kind === "other") {
    gaps.push(
      "The question names no drug and asks for none, so no drug–target–pathway chain was sought; its records " +
        "are read for their findings.",
    );
    return empty(gaps, [question]);
  } else {
    const relation = classification.kind === "repurposing" ? "treats" : "causes";
    const ranked = rankCandidates(index, evidence, new Set(effect.keys), relation, evidence.map(classifyStudy));
    const candidates = [...ranked.drugs, ...ranked.inducers];
    if (candidates.length === 0) {
      gaps.push(
        `The relation model finds no drug that ${relation === "treats" ? "treats or prevents" : "causes"} ` +
          `${effect.name} in the ${plural(evidence.length, "record")} reviewed.`,
      );
      return empty(gaps, [`${effect.name} drug-induced`]);
    }
    for (const c of candidates.slice(0, CHAIN_CANDIDATES)) drugs.push({ keys: [c.key], name: c.name, rule: "lexicon" });
  }

  const ranked: Array<{ h: MechanismHypothesis; i: number; priority: number; weak: string[] }> = [];
  for (const drug of drugs) {
    const chains = selectChains(index, rankChains(index, new Set(drug.keys), new Set(effect.keys)), terms.drug ? 4 : 2);
    if (chains.length > 0) {
      for (const chain of chains)
        ranked.push({
          h: toHypothesis(index, drug, effect.keys, chain),
          i: ranked.length,
          priority: chain.priority,
          weak: [],
        });
      continue;
    }
    // No gene or protein links them in the records: the target the drug's class is named after (MeSH pharmacological
    // action: statins → HMG-CoA reductase → HMGCR) starts the chain, its pathway from the gene's GO annotations.
    const targets = terms.drug ? classTargets(terms.drug.concepts ?? []) : [];
    const contradicting = contradictingRecords(index, new Set(drug.keys), new Set(effect.keys)).map(
      (r) => index.records[r].evidence.id,
    );
    for (const target of targets.slice(0, 2)) {
      const h = classTargetHypothesis(
        index,
        { keys: drug.keys, name: drug.name, meshId: conceptMeshId(drug) },
        { keys: effect.keys, name: effect.name, meshId: conceptMeshId(effect) },
        target,
        (weakest, supporting) => chainConfidence(weakest, supporting, contradicting.length),
        contradicting,
      );
      if (h) ranked.push({ h, i: ranked.length, priority: 1, weak: [] });
    }
    // The records may name a process between them: drug → process → effect, the target unknown unless the class
    // names it. "No mechanism" only when nothing links the drug to any process or target.
    // Only for a named drug: an open question's candidates are compared by their typed (gene) chains.
    const processChains = terms.drug
      ? rankProcessChains(index, new Set(drug.keys), new Set(effect.keys)).slice(0, 2)
      : [];
    if (processChains.length === 0) {
      if (targets.length > 0) continue;
      gaps.push(
        `No gene, protein or biological process links ${drug.name} to ${effect.name} in sentences of the ` +
          `${plural(evidence.length, "record")} reviewed.`,
      );
      continue;
    }
    gaps.push(
      targets.length > 0
        ? `No gene or protein target links ${drug.name} to ${effect.name} in the records; the chains start at ` +
            `${targets[0].gene.symbol}, the target of ${targets[0].action.name} (MeSH pharmacological action).`
        : `No gene or protein target links ${drug.name} to ${effect.name} in the records; the chains through a ` +
            `biological process leave the target unknown.`,
    );
    for (const chain of processChains) {
      const h = processToHypothesis(index, drug, effect.keys, chain);
      ranked.push({ h: targets[0] ? withClassTarget(h, targets[0]) : h, i: ranked.length, priority: 0, weak: [] });
    }
  }
  const hypotheses = ranked
    .sort(byRank)
    .slice(0, 4)
    .map((x) => x.h);
  if (hypotheses.length === 0)
    return empty(
      gaps,
      drugs.slice(0, 3).map((d) => `${d.name} ${effect.name} mechanism`),
    );

  const searches: string[] = [];
  const byId = new Map(evidence.map((e) => [e.id, e]));
  for (const h of hypotheses) {
    for (const link of h.links) {
      if (link.curated || link.evidenceIds.length >= WEAK_LINK_RECORDS) continue;
      const where = link.evidenceIds.map((id) => recordLabel(byId.get(id)!)).join(", ");
      const gap =
        link.evidenceIds.length === 0
          ? `No record or curated annotation links ${link.from} to ${link.to}; the link is a hypothesis to test.`
          : `Only one record (${where}) links ${link.from} to ${link.to}; the link needs independent replication.`;
      if (!gaps.includes(gap)) gaps.push(gap);
      const query = `${link.from} ${link.to}`;
      if (!searches.includes(query)) searches.push(query);
    }
  }
  const primary = hypotheses[0];
  for (const s of primary.searchSuggestions) if (searches.length < 3 && !searches.includes(s)) searches.push(s);
  return { hypotheses, primaryHypothesis: primary, knowledgeGaps: gaps, recommendedSearches: searches.slice(0, 8) };
}
